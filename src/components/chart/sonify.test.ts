import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $ } from '../../test-support/dom.js';
import { itNeeds, press } from '../../test-support/engines.js';
import './define.js';
import type { AnswerChart } from './chart.js';
import { NOTE_SECONDS, pitchOf, playSeries } from './sonify.chunk.js';

const RATE = 44_100;

/** Renders `values` as sound, offline: the samples of both ears added. */
async function render(values: number[]): Promise<{ samples: Float32Array; duration: number }> {
  const context = new OfflineAudioContext(
    2,
    Math.ceil(RATE * (values.length * NOTE_SECONDS + 0.2)),
    RATE,
  );
  const { duration } = playSeries(context, values);
  const buffer = await context.startRendering();
  const [left, right] = [buffer.getChannelData(0), buffer.getChannelData(1)];
  return { samples: left.map((sample, i) => sample + right[i]!), duration };
}

/** The pitch heard in the middle of point `i` (its click over), from the zero crossings, in Hz. */
function pitchAt(samples: Float32Array, i: number): number {
  const from = Math.round((i * NOTE_SECONDS + 0.03) * RATE);
  const to = Math.round((i * NOTE_SECONDS + 0.14) * RATE);
  let crossings = 0;
  for (let n = from + 1; n < to; n++) if (samples[n - 1]! < 0 !== samples[n]! < 0) crossings++;
  return crossings / 2 / ((to - from) / RATE);
}

/** The loudness (root mean square) between two times, in seconds. */
function loudness(samples: Float32Array, from: number, to: number): number {
  const part = samples.subarray(Math.round(from * RATE), Math.round(to * RATE));
  return Math.sqrt(part.reduce((sum, s) => sum + s * s, 0) / Math.max(part.length, 1));
}

describe('a chart as sound', () => {
  it('rises in pitch with the value, one note a point, from the lowest to the highest pitch', async () => {
    const values = [380, 400, 420, 300];
    const { samples } = await render(values);
    const heard = values.map((_, i) => pitchAt(samples, i));
    const expected = values.map((v) => pitchOf(v, 300, 420));
    heard.forEach((pitch, i) => expect(pitch).to.be.closeTo(expected[i]!, expected[i]! * 0.05));
    expect(heard[1]).to.be.above(heard[0]!);
    expect(heard[2]).to.be.above(heard[1]!);
    expect(heard[3], 'the lowest value, the lowest note').to.be.below(heard[0]!);
    expect(pitchOf(420, 300, 420)).to.equal(880);
    expect(pitchOf(300, 300, 420)).to.equal(220);
  });

  it('lasts as long as its points take, and is silent after', async () => {
    for (const count of [3, 8]) {
      const values = Array.from({ length: count }, (_, i) => i);
      const { samples, duration } = await render(values);
      expect(duration).to.be.closeTo(count * NOTE_SECONDS, 1e-9);
      expect(loudness(samples, duration - NOTE_SECONDS + 0.03, duration - 0.1)).to.be.above(0.05);
      expect(loudness(samples, duration + 0.02, duration + 0.2)).to.be.below(1e-4);
    }
  });

  describe('Play', () => {
    const original = window.AudioContext;
    let made = 0;
    beforeEach(() => {
      made = 0;
      window.AudioContext = class extends original {
        constructor(options?: AudioContextOptions) {
          super(options);
          made++;
        }
      };
    });
    afterEach(() => (window.AudioContext = original));

    const chart = () =>
      fixture<AnswerChart>(
        html`<answer-chart heading="Revenue" .labels=${['Jul', 'Aug', 'Sep']}
          .series=${[{ name: '2025', values: [380, 400, 420] }]}></answer-chart>`,
      );

    it('never sounds by itself; a press plays, a second press or Escape stops', async () => {
      const el = await chart();
      const play = $(el, 'button.play');
      expect(play.textContent!.trim()).to.equal('Play');
      expect(made, 'no sound before a press').to.equal(0);
      play.focus();
      await press('Enter');
      await waitUntil(() => play.getAttribute('aria-pressed') === 'true', 'it did not play');
      expect(made).to.equal(1);
      await press('Enter');
      await waitUntil(() => play.getAttribute('aria-pressed') === 'false', 'it did not stop');
      await press('Space');
      await waitUntil(() => play.getAttribute('aria-pressed') === 'true', 'it did not play again');
      await press('Escape');
      await waitUntil(
        () => play.getAttribute('aria-pressed') === 'false',
        'Escape did not stop it',
      );
      expect(made).to.equal(2);
    });

    itNeeds('audio-output', 'ends by itself when the series has been played', async () => {
      const el = await chart();
      const play = $(el, 'button.play');
      // A key the reader presses: a page may start sound only after the reader's own action.
      play.focus();
      await press('Enter');
      await waitUntil(() => play.getAttribute('aria-pressed') === 'true', 'it did not play');
      await waitUntil(() => play.getAttribute('aria-pressed') === 'false', 'it never ended', {
        timeout: 5000,
      });
    });
  });
});
