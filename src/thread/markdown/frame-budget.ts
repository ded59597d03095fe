/**
 * How much streamed markdown the page renders in one animation frame, shared by every
 * `<answer-markdown>` on it. A back end can send text faster than it can be laid out: several
 * network chunks arrive between two frames, and rendering each at once would make the frame
 * as long as all of them. Past the budget, an element keeps what it has not rendered yet and
 * goes on at the next frame, with everything that came meanwhile in one go: rendering that
 * cannot keep up falls behind and catches up, it never makes a long frame.
 */

/**
 * Characters of markdown source per frame: about 8 ms of parsing and DOM and as much layout
 * for the densest text (a link or an emphasis every few words), so a frame stays well under
 * 50 ms on a slow machine while a page still renders a megabyte a second.
 */
export const FRAME_CHARS = 16_384;
/** A page that gets no frames (a tab in the background) still goes on, this much later. */
const NO_FRAME_MS = 250;

let spent = 0;
/** Who waits for the next frame's budget; a callback waiting already waits once. */
let waiting = new Set<() => void>();
let scheduled = false;

/** The budget starts again at the next frame (or after NO_FRAME_MS), and who waited goes on. */
function nextFrame() {
  if (scheduled) return;
  scheduled = true;
  let timer = 0;
  const go = () => {
    if (!scheduled) return;
    scheduled = false;
    clearTimeout(timer);
    spent = 0;
    const resume = waiting;
    waiting = new Set();
    resume.forEach((callback) => callback());
  };
  requestAnimationFrame(go);
  timer = window.setTimeout(go, NO_FRAME_MS);
}

/** How many characters may still be rendered in this frame. */
export function allowance(): number {
  return Math.max(0, FRAME_CHARS - spent);
}

/** `chars` characters were rendered in this frame. */
export function spend(chars: number) {
  spent += chars;
  nextFrame();
}

/** Calls `callback` when the next frame's budget is there (once, however often it is passed). */
export function whenBudget(callback: () => void) {
  waiting.add(callback);
  nextFrame();
}
