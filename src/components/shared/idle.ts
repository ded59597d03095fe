/** Runs `work` when the page is next idle (within `timeout` ms at the latest). */
export function whenIdle(work: () => void, timeout = 2_000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout });
  else setTimeout(work, 200);
}
