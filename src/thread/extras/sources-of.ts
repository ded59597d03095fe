import type { AssistantTurn, SourceItem } from '../../conversation/index.js';

/*
 * Written without the catalog's shape guards: an import of an entry module
 * from this chunk would make the bundler split the modules the entry shares
 * into a chunk the entry loads up front.
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every source the turn's answer rests on: its source parts, then the
 * sources its texts' citations name (AI SDK 7), each listed once. A cited
 * source is not a part of its own: it goes back inside its text's citations.
 */
export function sourcesOf(turn: AssistantTurn): Omit<SourceItem, 'kind' | 'key'>[] {
  const listed = new Map<string, Omit<SourceItem, 'kind' | 'key'>>();
  for (const item of turn.items) {
    if (item.kind === 'source') listed.set(item.sourceId, item);
    if (item.kind !== 'text' || !item.citations) continue;
    for (const citation of item.citations) {
      const source = (citation as { source?: unknown } | null)?.source;
      if (!isObject(source) || typeof source.id !== 'string' || listed.has(source.id)) continue;
      const title = typeof source.title === 'string' ? { title: source.title } : {};
      if (source.sourceType === 'url' && typeof source.url === 'string')
        listed.set(source.id, { sourceId: source.id, url: source.url, ...title });
      else if (source.sourceType === 'document' && typeof source.mediaType === 'string')
        listed.set(source.id, {
          sourceId: source.id,
          mediaType: source.mediaType,
          ...title,
          ...(typeof source.filename === 'string' ? { filename: source.filename } : {}),
        });
    }
  }
  return [...listed.values()];
}
