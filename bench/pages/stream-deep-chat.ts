/*
 * Streaming benchmark for deep-chat: a <deep-chat> element whose history
 * holds the earlier messages and whose connection is a stream handler
 * (`connect = { stream: true, handler }`); the answer arrives as one
 * `signals.onResponse({ text })` per delta. See stream-driver.ts for the
 * method.
 */
import 'deep-chat';
import { runStreamingBenchmark, type StreamingCase } from './stream-driver.js';

interface Signals {
  onOpen(): void;
  onClose(): void;
  onResponse(response: { text: string }): Promise<void>;
}
type DeepChat = HTMLElement & {
  history: { role: string; text: string }[];
  connect: unknown;
  submitUserMessage(content: { text: string }): void;
};

const bubbles = (chat: DeepChat) => chat.shadowRoot?.querySelectorAll('.message-bubble') ?? [];

async function thread(history: number, earlier: string) {
  document.body.replaceChildren();
  const chat = document.createElement('deep-chat') as DeepChat;
  chat.style.cssText = 'display: block; width: 100%; height: 100vh';
  chat.history = Array.from({ length: history }, (_, i) =>
    i % 2 === 0 ? { role: 'user', text: `Question ${i / 2}` } : { role: 'ai', text: earlier },
  );
  let opened: (signals: Signals) => void;
  const signalsReady = new Promise<Signals>((resolve) => (opened = resolve));
  chat.connect = { stream: true, handler: (_body: unknown, signals: Signals) => opened(signals) };
  document.body.append(chat);
  while (bubbles(chat).length < history) await new Promise((resolve) => setTimeout(resolve, 20));
  let signals: Signals;
  let answer: Element;
  return {
    async begin() {
      chat.submitUserMessage({ text: 'Question' });
      signals = await signalsReady;
      signals.onOpen();
    },
    async apply(delta: string) {
      await signals.onResponse({ text: delta });
    },
    end() {
      signals.onClose();
      answer = [...bubbles(chat)].at(-1)!;
    },
    shownText: () => answer.textContent!,
    headings: () => answer.querySelectorAll('h1, h2, h3, h4, h5, h6').length,
    followed() {
      const scroller = chat.shadowRoot!.querySelector('#messages') as HTMLElement | null;
      return scroller
        ? scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 60
        : false;
    },
  };
}

const cases: StreamingCase[] = [
  { chars: 20_000, deltas: 5_000, messages: 2, runs: 1 },
  { chars: 20_000, deltas: 5_000, messages: 200, runs: 1 },
];
await runStreamingBenchmark({ thread }, { warmUp: [2_000, 500], cases, capSeconds: 60 });
