/*
 * Streaming benchmark for answer-ui: an <agent-thread> gets the answer as AI
 * SDK UI message stream parts (text-delta), auto-scroll following, and a
 * `finish` part once the measured window is over. See stream-driver.ts for
 * the method.
 */
import '../../src/index.js';
import type { AgentThread } from '../../src/index.js';
import { runStreamingBenchmark, type StreamingCase } from './stream-driver.js';

type Updating = HTMLElement & { updateComplete: Promise<unknown> };

async function thread(history: number, earlier: string) {
  document.body.replaceChildren();
  const el = document.createElement('agent-thread') as AgentThread;
  el.noComposer = true;
  document.body.append(el);
  for (let i = 0; i < history / 2; i++) {
    el.applyPart({ type: 'start', messageId: `old-${i}` });
    el.applyPart({ type: 'text-start', id: 't' });
    el.applyPart({ type: 'text-delta', id: 't', delta: earlier });
    el.applyPart({ type: 'finish' });
    await el.send(`Question ${i}`);
  }
  let turn: Updating;
  const markdown = () =>
    turn.shadowRoot!.querySelector('answer-markdown') as (Updating & { parts?: string[] }) | null;
  return {
    async begin() {
      el.applyPart({ type: 'start', messageId: 'live' });
      el.applyPart({ type: 'text-start', id: 'live' });
      await el.updateComplete;
      turn = [...el.shadowRoot!.querySelectorAll('agent-turn')].at(-1) as Updating;
    },
    async apply(delta: string) {
      el.applyPart({ type: 'text-delta', id: 'live', delta });
      await turn.updateComplete;
      await markdown()?.updateComplete;
    },
    // The answer is over, as deep-chat's stream closes (`onClose`) after the last delta.
    async end() {
      el.applyPart({ type: 'finish' });
      await el.updateComplete;
      await turn.updateComplete;
      await markdown()?.updateComplete;
    },
    shownText: () => markdown()!.shadowRoot!.textContent!,
    headings: () => markdown()!.shadowRoot!.querySelectorAll('h1, h2, h3, h4, h5, h6').length,
    followed() {
      const scroller = el.shadowRoot!.querySelector('.scroller')!;
      return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 60;
    },
  };
}

const cases: StreamingCase[] = [
  { chars: 2_000, deltas: 500, messages: 2, runs: 3 },
  { chars: 2_000, deltas: 500, messages: 200, runs: 3 },
  { chars: 20_000, deltas: 5_000, messages: 2, runs: 3 },
  { chars: 20_000, deltas: 5_000, messages: 200, runs: 3 },
];
await runStreamingBenchmark({ thread }, { warmUp: [20_000, 5_000], cases });
