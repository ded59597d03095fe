/*
 * Streaming baseline: what a chat without a streaming renderer does. Every
 * delta re-parses the whole answer so far with marked and replaces the
 * answer's HTML, then scrolls the thread to its end. Earlier messages are
 * rendered once. See stream-driver.ts for the method.
 */
import { marked } from 'marked';
import { runStreamingBenchmark, type StreamingCase } from './stream-driver.js';

async function thread(history: number, earlier: string) {
  document.body.replaceChildren();
  const scroller = document.body.appendChild(document.createElement('div'));
  scroller.className = 'thread';
  const earlierHtml = await marked.parse(earlier);
  for (let i = 0; i < history / 2; i++) {
    const question = scroller.appendChild(document.createElement('p'));
    question.className = 'question';
    question.textContent = `Question ${i}`;
    const answer = scroller.appendChild(document.createElement('div'));
    answer.className = 'answer';
    // eslint-disable-next-line no-restricted-properties -- the baseline: marked's HTML of a fixed, trusted fixture
    answer.innerHTML = earlierHtml;
  }
  let text = '';
  let answer: HTMLElement;
  return {
    begin() {
      scroller.appendChild(document.createElement('p')).textContent = 'Question';
      answer = scroller.appendChild(document.createElement('div'));
      answer.className = 'answer';
    },
    apply(delta: string) {
      text += delta;
      // eslint-disable-next-line no-restricted-properties -- the baseline: marked's HTML of a fixed, trusted fixture
      answer.innerHTML = marked.parse(text, { async: false });
      scroller.scrollTop = scroller.scrollHeight;
    },
    shownText: () => answer.textContent!,
    headings: () => answer.querySelectorAll('h1, h2, h3, h4, h5, h6').length,
    followed: () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 60,
  };
}

// Every delta costs in proportion to the answer so far: one run per case, capped.
const cases: StreamingCase[] = [
  { chars: 20_000, deltas: 5_000, messages: 2, runs: 1 },
  { chars: 20_000, deltas: 5_000, messages: 200, runs: 1 },
];
await runStreamingBenchmark({ thread }, { warmUp: [2_000, 500], cases, capSeconds: 60 });
