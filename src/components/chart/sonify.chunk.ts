/*
 * A series as sound, for a reader who hears a chart's shape rather than sees it: one tone a
 * point, left to right in time (and from the left ear to the right), its pitch rising with its
 * value, with a click where each label begins. Web Audio only, nothing fetched; a chunk loaded on
 * the first press of Play, which is the only way a chart makes a sound.
 */

/** Seconds each point sounds. */
export const NOTE_SECONDS = 0.2;
/** The pitch of the lowest and the highest value, in Hz: two octaves from A3. */
export const LOWEST = 220;
export const HIGHEST = 880;
/** How long the click that marks a label lasts, in seconds. */
const CLICK_SECONDS = 0.012;

/** A series being played: when it ends, and how to end it sooner. */
export interface Tune {
  /** Seconds from the start to the end. */
  readonly duration: number;
  /** Resolves once the tune has ended or was stopped. */
  readonly done: Promise<void>;
  stop(): void;
}

/**
 * The pitch of `value` between `low` and `high`: equal steps of value are equal musical
 * intervals (the ear hears pitch by ratio). A flat series sounds in the middle.
 */
export function pitchOf(value: number, low: number, high: number): number {
  const share = high === low ? 0.5 : (value - low) / (high - low);
  return LOWEST * (HIGHEST / LOWEST) ** share;
}

/** Schedules `values` on `context`, starting now. */
export function playSeries(context: BaseAudioContext, values: readonly number[]): Tune {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const start = context.currentTime;
  const output = context.createGain();
  output.gain.value = 0.25;
  output.connect(context.destination);
  const sources: OscillatorNode[] = [];
  let lastTone: OscillatorNode | undefined;
  const sound = (at: number, seconds: number, frequency: number, into: AudioNode) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(into);
    oscillator.start(at);
    oscillator.stop(at + seconds);
    sources.push(oscillator);
    return oscillator;
  };
  values.forEach((value, i) => {
    const at = start + i * NOTE_SECONDS;
    // From the left ear to the right, as the points run along the axis.
    const panner = context.createStereoPanner();
    panner.pan.value = values.length > 1 ? -1 + (2 * i) / (values.length - 1) : 0;
    panner.connect(output);
    // The tone rises and falls in a few milliseconds: a step would sound as a crack.
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(0, at);
    envelope.gain.linearRampToValueAtTime(1, at + 0.01);
    envelope.gain.setValueAtTime(1, at + NOTE_SECONDS * 0.75);
    envelope.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS * 0.95);
    envelope.connect(panner);
    lastTone = sound(at, NOTE_SECONDS, pitchOf(value, low, high), envelope);
    const click = context.createGain();
    click.gain.value = 0.5;
    click.connect(panner);
    sound(at, CLICK_SECONDS, 3000, click).type = 'square';
  });
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  if (lastTone) lastTone.onended = () => finish();
  else finish();
  return {
    duration: values.length * NOTE_SECONDS,
    done,
    stop: () => {
      for (const source of sources) source.onended = null;
      // Stopping a source that has not started yet is allowed; one already stopped is a no-op.
      for (const source of sources) source.stop();
      output.disconnect();
      finish();
    },
  };
}

/** Plays `values` out loud on a context of its own, closed when the tune ends. */
export function play(values: readonly number[]): Tune {
  const context = new AudioContext();
  const tune = playSeries(context, values);
  void tune.done.then(() => context.close());
  return tune;
}
