/*
 * Code that is not needed for a page's first paint loads later: when the
 * page is idle, or on its first use.
 */

/** Runs `work` when the page is next idle (within 2 s at the latest). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2_000 });
  else setTimeout(work, 200);
}

/**
 * Starts `load` (a `loadOnce` loader) when the page is next idle, or at once
 * with `now`. A failure is left to the next caller, which tries again.
 */
export function preload(load: () => Promise<unknown>, now = false): void {
  const start = () => void load().catch(() => undefined);
  if (now) start();
  else whenIdle(start);
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
