/*
 * Code that is not needed for a page's first paint loads later: when the
 * page is idle, or on its first use.
 */

/** Runs `work` when the page is next idle (within `timeout` ms at the latest). */
export function whenIdle(work: () => void, timeout = 2_000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout });
  else setTimeout(work, 200);
}

/**
 * A loader that imports on its first call; every later call, from any
 * element on the page, shares that import. One that failed (a network blip)
 * is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
