declare global {
  interface Window {
    benchResult?: unknown;
    benchError?: string;
    benchProgress?: string;
  }
}

/** Tells the harness, which logs it now and then, where a long page has got to. */
export function progress(message: string): void {
  window.benchProgress = message;
}

/** Hands a scenario's result to the harness (which polls `window.benchResult`). */
export function publish(result: unknown): void {
  window.benchResult = result;
}

window.addEventListener('error', (event) => (window.benchError = String(event.message)));
window.addEventListener(
  'unhandledrejection',
  (event) => (window.benchError = String(event.reason)),
);
