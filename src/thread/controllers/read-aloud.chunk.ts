import { msg } from '@lit/localize';
import { html, type ReactiveControllerHost } from 'lit';
import type { AssistantTurn } from '../../conversation/index.js';
import { getAnswerLocale } from '../../base/active-locale.js';
import { spokenAnswer, type Reading } from './spoken-answer.js';

/*
 * Read aloud: an answer spoken by the browser's own `speechSynthesis`, in the reader's language,
 * passage by passage; nothing leaves the machine. Loaded on the first press of Read aloud.
 */

/** The browser's voice for `locale`'s language, its default first; none: the browser picks. */
function voiceOf(locale: string): SpeechSynthesisVoice | undefined {
  const language = locale.split('-')[0]!.toLowerCase();
  const voices = speechSynthesis
    .getVoices()
    .filter((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === language);
  return voices.find((voice) => voice.default) ?? voices[0];
}

/** The reading of one answer at a time, and its Pause / Resume and Stop buttons. */
export class ReadAloud {
  /** The answer being read, and whether it is paused. */
  private reading?: { turn: AssistantTurn; paused: boolean };

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The elements' phrases, from the page's own code (see `Reading`). */
    private readonly phrases: Omit<Reading, 'chartFormats' | 'chartSummary'>,
  ) {}

  /** Reads `turn` from its start, stopping any other reading. */
  async start(turn: AssistantTurn): Promise<void> {
    const chartWords = await import('../../components/chart/chart-summary.js');
    speechSynthesis.cancel();
    const locale = getAnswerLocale();
    const voice = voiceOf(locale);
    const passages = spokenAnswer(turn, { ...this.phrases, ...chartWords });
    const reading = { turn, paused: false };
    this.reading = reading;
    passages.forEach((text, i) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = locale;
      if (voice) utterance.voice = voice;
      // The last passage ends the reading (a cancelled one ends it too, unless another began).
      if (i === passages.length - 1) utterance.onend = utterance.onerror = () => this.end(reading);
      speechSynthesis.speak(utterance);
    });
    if (!passages.length) this.end(reading);
    this.update(turn, '.pause');
  }

  /** The buttons that stand for Read aloud while `turn` is read; undefined for any other turn. */
  controls(turn: AssistantTurn) {
    const reading = this.reading;
    if (reading?.turn !== turn) return undefined;
    const keydown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') this.stop();
    };
    return html`<button type="button" class="action pause" aria-pressed=${reading.paused ? 'true' : 'false'}
        @click=${() => this.pause(reading)} @keydown=${keydown}>${msg('Pause')}</button>
      <button type="button" class="action stop" @click=${() => this.stop()} @keydown=${keydown}>
        ${msg('Stop reading')}
      </button>`;
  }

  /** Pauses the reading, or resumes it where it paused. */
  private pause(reading: { paused: boolean }) {
    reading.paused = !reading.paused;
    if (reading.paused) speechSynthesis.pause();
    else speechSynthesis.resume();
    this.host.requestUpdate();
  }

  /** Stops the reading; focus goes back to Read aloud. */
  stop(): void {
    const reading = this.reading;
    if (!reading) return;
    this.end(reading);
    speechSynthesis.cancel();
  }

  private end(reading: NonNullable<ReadAloud['reading']>) {
    if (this.reading !== reading) return;
    const focused = this.host.shadowRoot?.activeElement?.matches('.pause, .stop');
    this.reading = undefined;
    this.update(reading.turn, focused ? '.read-aloud' : undefined);
  }

  /** Renders the buttons anew, then focuses the button `focus` under `turn`, if given. */
  private update(turn: AssistantTurn, focus?: string) {
    this.host.requestUpdate();
    const selector = `[data-message-id="${CSS.escape(turn.id)}"] .actions ${focus}`;
    if (focus)
      void this.host.updateComplete.then(() =>
        this.host.shadowRoot?.querySelector<HTMLElement>(selector)?.focus(),
      );
  }
}
