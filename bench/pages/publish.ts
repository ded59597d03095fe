declare global {
  interface Window {
    benchResult?: unknown;
    benchError?: string;
  }
}

/** Hands a scenario's result to the harness (which polls `window.benchResult`). */
export function publish(result: unknown): void {
  window.benchResult = result;
}

window.addEventListener('error', (event) => (window.benchError = String(event.message)));
window.addEventListener('unhandledrejection', (event) => (window.benchError = String(event.reason)));
