/**
 * How much streamed markdown the page renders in one animation frame, shared by every
 * `<answer-markdown>` on it. A back end can send text faster than it can be laid out: several
 * network chunks arrive between two frames, and rendering each at once would make the frame
 * as long as all of them. Past the budget, an element keeps what it has not rendered yet and
 * goes on at the next frame, with everything that came meanwhile in one go: rendering that
 * cannot keep up falls behind and catches up, rather than making one frame as long as it is
 * behind.
 */

/**
 * Characters of markdown source per frame: 6-8 ms of script for the densest text (a link or an
 * emphasis every few words), and its style, layout and paint, in view, as much again, while a
 * page still renders about a quarter of a megabyte a second, far more than a model writes. Twice
 * this made frames of 40-60 ms on a 2-core machine while the thread followed a 2 MB answer with
 * no line breaks (see BENCHMARKS.md).
 */
export const FRAME_CHARS = 4_096;
/**
 * A page in the background gets no frames: there the budget starts again this much later. A
 * page in view waits for its next frame, so a frame never renders two budgets, unless none
 * comes for NO_FRAME_IN_VIEW_MS (a frame out of view, a window the browser does not paint):
 * then too the budget starts again, so text never waits on a frame that may not come.
 */
const NO_FRAME_MS = 250;
const NO_FRAME_IN_VIEW_MS = 1_000;

let spent = 0;
/** Who waits for the next frame's budget; a callback waiting already waits once. */
let waiting = new Set<() => void>();
let scheduled = false;

/** The budget starts again at the next frame (or with none coming, above); who waited goes on. */
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
  let waited = 0;
  const unlessInView = () => {
    waited += NO_FRAME_MS;
    if (document.hidden || waited >= NO_FRAME_IN_VIEW_MS) go();
    else timer = window.setTimeout(unlessInView, NO_FRAME_MS);
  };
  requestAnimationFrame(go);
  timer = window.setTimeout(unlessInView, NO_FRAME_MS);
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

let tasksWaiting = new Set<() => void>();
let taskChannel: MessageChannel | undefined;

/**
 * Calls `callback` in a task of its own, soon (once, however often it is passed). A text that
 * comes complete (a restored answer) while the page is hidden is read a budget a task at a time:
 * nothing is laid out, and nothing waits on frames a hidden page does not get.
 */
export function whenTask(callback: () => void) {
  tasksWaiting.add(callback);
  if (tasksWaiting.size > 1) return;
  if (!taskChannel) {
    taskChannel = new MessageChannel();
    taskChannel.port1.onmessage = () => {
      const resume = tasksWaiting;
      tasksWaiting = new Set();
      resume.forEach((waiting) => waiting());
    };
  }
  taskChannel.port2.postMessage(null);
}
