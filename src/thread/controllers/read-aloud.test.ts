import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../index.js';
import { answerLocales, getAnswerLocale, setAnswerLocale } from '../../base/localization.js';
import type { AssistantTurn } from '../../conversation/index.js';
import type { AgentThread } from '../elements/thread.js';
import { revenueBlock } from '../../test-support/blocks.js';
import { press } from '../../test-support/engines.js';
import { settle } from '../../test-support/settle.js';
import { seedThread } from '../../test-support/saved.js';
import { memoryStore } from '../../store/index.js';
import { spokenAnswer } from './spoken-answer.js';
import * as chartWords from '../../components/chart/chart-summary.js';
import { coordinatesPhrase, metricPhrase, tablePhrase } from '../../components/shared/phrases.js';

/** What the thread hands the reader: the elements' phrases and the chart's reading. */
const reading = { ...chartWords, coordinatesPhrase, metricPhrase, tablePhrase };

/** A sealed answer: a report in markdown and the block it names. */
const answer = (): AssistantTurn => ({
  role: 'assistant',
  id: 'a1',
  status: 'complete',
  closed: true,
  items: [
    {
      kind: 'block',
      key: 'block:q3-revenue',
      blockId: 'q3-revenue',
      block: revenueBlock(),
      valid: true,
      submissions: {},
    },
  ],
  final: {
    text: '## Q3\n\nRevenue **rose** 12%, see [the report](https://example.com/q3).\n\n- Jul\n- Sep',
    blockIds: ['q3-revenue'],
  },
});

/** The browser's speech, played by the test: what it was asked to say, and how. */
function fakeSpeech(voices: { lang: string; name: string; default?: boolean }[]) {
  const heard: { text: string; lang: string; voice?: string }[] = [];
  const calls: string[] = [];
  let queue: SpeechSynthesisUtterance[] = [];
  const speech = {
    getVoices: () => voices,
    speak: (utterance: SpeechSynthesisUtterance) => {
      heard.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name });
      queue.push(utterance);
    },
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    cancel: () => {
      calls.push('cancel');
      const ended = queue;
      queue = [];
      for (const utterance of ended) utterance.onerror?.(new Event('error') as never);
    },
    addEventListener: () => undefined,
    /** Says everything queued, to its end. */
    finish: () => {
      const ended = queue;
      queue = [];
      for (const utterance of ended) utterance.onend?.(new Event('end') as never);
    },
  };
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
  // The browser's own utterance takes none but its own voices.
  class Utterance {
    lang = '';
    voice: unknown = null;
    onend?: () => void;
    onerror?: () => void;
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {
    value: Utterance,
    configurable: true,
  });
  return { heard, calls, speech };
}

/** A thread restored with a question and its sealed answer. */
async function answered(): Promise<AgentThread> {
  const threadId = `read-${Math.random().toString(36).slice(2)}`;
  const { final, id } = answer();
  const store = await seedThread(memoryStore(), threadId, [
    { role: 'user', id: 'q1', text: 'How did Q3 go?' },
    {
      role: 'assistant',
      id,
      status: 'complete',
      items: [
        { kind: 'block', key: 'block:q3-revenue', blockId: 'q3-revenue', block: revenueBlock() },
      ],
      final,
    },
  ]);
  const thread = await fixture<AgentThread>(
    html`<agent-thread thread-id=${threadId} .store=${store}></agent-thread>`,
  );
  await thread.restored;
  await settle(thread);
  return thread;
}

describe('Read aloud', () => {
  const originals = ['speechSynthesis', 'SpeechSynthesisUtterance'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(window, name)] as const,
  );
  afterEach(() => {
    for (const [name, original] of originals)
      if (original) Object.defineProperty(window, name, original);
      else delete (window as unknown as Record<string, unknown>)[name];
  });

  it('says the report as words, then each element of its blocks by its own phrase, in order', () => {
    expect(spokenAnswer(answer(), reading)).to.deep.equal([
      'Q3',
      'Revenue rose 12%, see the report.',
      'Jul',
      'Sep',
      'Revenue: 1,200,000.00 US dollars, up 12%',
      'Monthly revenue',
      '3 points, from Jul to Sep. 2025: lowest 380K at Jul, highest 400K at Aug, up 5.3% overall.',
    ]);
  });

  it("reads a sealed answer in the reader's language, pauses, and stops by keyboard", async () => {
    const { heard, calls, speech } = fakeSpeech([
      { lang: 'en-US', name: 'English', default: true },
      { lang: 'de-DE', name: 'Deutsch' },
    ]);
    const thread = await answered();
    const button = () =>
      thread.shadowRoot!.querySelector<HTMLButtonElement>('.actions .read-aloud');
    await waitUntil(button, 'no Read aloud on the sealed answer');
    expect(button()!.textContent!.trim()).to.equal('Read aloud');

    button()!.focus();
    await press('Enter');
    await waitUntil(() => heard.length > 0, 'nothing was said');
    expect(heard.map((u) => u.text)).to.deep.equal(
      spokenAnswer(thread.messages[1] as AssistantTurn, reading),
    );
    expect(new Set(heard.map((u) => `${u.lang} ${u.voice}`))).to.deep.equal(
      new Set(['en English']),
    );
    await settle(thread);
    const pause = thread.shadowRoot!.querySelector<HTMLButtonElement>('.actions .pause')!;
    expect(thread.shadowRoot!.activeElement, 'the focus goes to Pause').to.equal(pause);
    await press('Enter');
    await settle(thread);
    expect(pause.getAttribute('aria-pressed')).to.equal('true');
    await press('Enter');
    await settle(thread);
    expect(calls).to.deep.equal(['cancel', 'pause', 'resume']);
    await press('Escape');
    await settle(thread);
    expect(calls.at(-1)).to.equal('cancel');
    expect(thread.shadowRoot!.activeElement, 'the focus goes back to Read aloud').to.equal(
      button(),
    );

    // In German, with the German voice; an answer read to its end gives its button back.
    await setAnswerLocale('de');
    try {
      heard.length = 0;
      button()!.click();
      await waitUntil(() => heard.length > 0, 'nothing was said');
      expect(heard[0]).to.deep.include({ lang: getAnswerLocale(), voice: 'Deutsch' });
      expect(heard.at(-1)!.text).to.include('Punkte');
      speech.finish();
      await settle(thread);
      expect(button(), 'Read aloud again').to.not.equal(null);
    } finally {
      await setAnswerLocale('en');
    }
  });

  it('reads in every locale, with a voice of its language, its own phrases', async () => {
    const languages = answerLocales.map((locale) => locale.split('-')[0]!);
    const { heard } = fakeSpeech([
      { lang: 'en-GB', name: 'en', default: true },
      ...languages.map((language) => ({ lang: `${language}-XX`, name: `voice ${language}` })),
    ]);
    const thread = await answered();
    try {
      for (const [i, locale] of answerLocales.entries()) {
        await setAnswerLocale(locale);
        await settle(thread);
        heard.length = 0;
        thread.shadowRoot!.querySelector<HTMLButtonElement>('.actions .read-aloud')!.click();
        await waitUntil(() => heard.length > 0, `nothing was said in ${locale}`);
        const voice = locale === 'en' ? 'en' : `voice ${languages[i]}`;
        expect(new Set(heard.map((u) => `${u.lang} ${u.voice}`)), locale).to.deep.equal(
          new Set([`${locale} ${voice}`]),
        );
        expect(heard.map((u) => u.text)).to.deep.equal(
          spokenAnswer(thread.messages[1] as AssistantTurn, reading),
        );
        (window.speechSynthesis as unknown as { finish(): void }).finish();
        await settle(thread);
      }
    } finally {
      await setAnswerLocale('en');
    }
  });

  it('is not offered where the browser has no voices', async () => {
    fakeSpeech([]);
    const thread = await answered();
    expect(thread.shadowRoot!.querySelector('.actions')?.textContent).to.include('Copy');
    expect(thread.shadowRoot!.querySelector('.actions .read-aloud')).to.equal(null);
  });
});
