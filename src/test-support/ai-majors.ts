/**
 * `module` loaded once per AI SDK major answer-ui supports: as it is (ai 6),
 * and with `?ai=7`, which the resolution hooks of scripts/dev/ai-major.mjs (set
 * up in .mocharc.json and the test runner) answer with the ai@7 alias `ai7`
 * for it and every module of ours it imports.
 */
/** `module` as loaded for one AI SDK major: '6' as it is, any other with `?ai={major}` (see onAiMajors). */
export function importOnMajor<T>(module: URL, major: string): Promise<T> {
  const url = new URL(module);
  if (major !== '6') url.searchParams.set('ai', major);
  return import(url.href) as Promise<T>;
}

export async function onAiMajors<T>(module: URL): Promise<{ name: string; module: T }[]> {
  const seven = new URL(module);
  seven.searchParams.set('ai', '7');
  const entry = (await import(new URL('./ai-sdk.ts?ai=7', import.meta.url).href)) as {
    aiEntry: string;
  };
  // Without the hooks the second run would quietly be ai 6 again.
  if (!entry.aiEntry.includes('/node_modules/ai7/'))
    throw new Error(
      `ai@7 is not loaded (got ${entry.aiEntry}): run with --import ./scripts/dev/ai-major.mjs`,
    );
  return [
    { name: 'AI SDK 6', module: (await import(module.href)) as T },
    { name: 'AI SDK 7', module: (await import(seven.href)) as T },
  ];
}

export type AiSdk = typeof import('./ai-sdk.js');

/** The AI SDK and the agent helpers, once per major. */
export const aiMajors = () => onAiMajors<AiSdk>(new URL('./ai-sdk.ts', import.meta.url));
