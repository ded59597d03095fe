/**
 * Module resolution hooks: a module of ours imported with `?ai=<major>` in
 * its URL gets the npm alias `ai<major>` (e.g. `ai7`, ai@7) wherever it or a
 * module of ours below it imports `ai` or `ai/…`. The same source then runs
 * against AI SDK 6 and 7 in one process, each as its only `ai`, the way an
 * application with just one of them installed would load it.
 */
const majorOf = (url) => (url?.startsWith('file:') ? new URL(url).searchParams.get('ai') : null);

export async function resolve(specifier, context, nextResolve) {
  const major = majorOf(context.parentURL);
  if (!major) return nextResolve(specifier, context);
  if (specifier === 'ai' || specifier.startsWith('ai/'))
    return nextResolve(`ai${major}${specifier.slice(2)}`, context);
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith('file:') || resolved.url.includes('/node_modules/')) return resolved;
  const url = new URL(resolved.url);
  url.searchParams.set('ai', major);
  return { ...resolved, url: url.href };
}
