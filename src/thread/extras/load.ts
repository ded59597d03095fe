let loading: Promise<unknown> | undefined;

/**
 * Defines the elements of a turn's content (see `define.ts`), once. A
 * thread asks for them when the page is idle, or at once when it has a
 * saved conversation to show, and waits for them before it shows messages.
 * A chunk that failed to load is asked for again next time.
 */
export const loadTurnElements = (): Promise<unknown> =>
  (loading ??= import('./define.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
