/**
 * Page-wide options for the answer elements, set once by the host with
 * `configureAnswerUI()`. Nothing here can come from a block: a model can
 * never choose where tiles are fetched from.
 */
export interface MapOptions {
  /** Tile URL template, e.g. `https://tiles.example.com/{z}/{x}/{y}.png`. Without it maps show no tiles. */
  tileUrl?: string;
  /** Plain-text attribution shown under the map, e.g. "© OpenStreetMap contributors". */
  attribution?: string;
  /** Highest zoom the tile source serves (default 19). */
  maxZoom?: number;
}

export interface AnswerUIOptions {
  map?: MapOptions;
}

const options: AnswerUIOptions = {};
const listeners = new Set<() => void>();

/** Sets page-wide options; elements already on the page pick them up. */
export function configureAnswerUI(next: AnswerUIOptions): void {
  if (next.map !== undefined) options.map = { ...next.map };
  listeners.forEach((listener) => listener());
}

export function answerUIOptions(): Readonly<AnswerUIOptions> {
  return options;
}

/** Calls `listener` whenever the options change; returns the unsubscribe function. */
export function onAnswerUIOptionsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
