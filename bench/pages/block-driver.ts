/*
 * The block benchmark, the same for every system. First render: a fresh copy
 * of the block is rendered into a new container and awaited until all 48
 * elements are in the DOM (5 warm-up runs, then 60, each after a frame so
 * layout and paint fall outside the window). With `?cold`, the page renders
 * one block only: the harness opens a fresh page (its own browser context,
 * so nothing compiled is cached) for each cold run. Update: one mounted block gets
 * 1,000 new versions (fresh objects parsed from JSON, one metric value
 * changed each time), each awaited until the system has rendered it; after
 * the last one the metric must show it. The mounted block stays on the page,
 * so the harness can measure the heap after the 1,000 updates.
 */
import type { Block } from '../../src/catalog/index.js';
import { maximalBlock } from '../../src/test-support/blocks.js';
import { summarize } from '../stats.js';
import { publish } from './publish.js';

export interface MountedBlock<Input> {
  /** Renders a new version; resolves once the system has rendered it. */
  update(input: Input): Promise<void> | void;
  /** How many of the block's elements are in the DOM. */
  count(): number;
  /** The text the first metric shows. */
  shownValue(): string;
  unmount(): void;
}

export interface BlockSystem<Input> {
  /** The system's form of a block (a spec, a message), made before any timing starts. */
  input(block: Block): Input;
  /** Renders `input` into `host`; resolves once every element is in the DOM. */
  mount(input: Input, host: HTMLElement): Promise<MountedBlock<Input>>;
  /** Further measures of the mounted block, reported as they come (e.g. an update with validation). */
  extraUpdates?: Record<
    string,
    (mounted: MountedBlock<Input>, input: Input) => Promise<void> | void
  >;
}

export const blockVersion = (version = 0) =>
  maximalBlock({ charts: false, targetBytes: 6_000, version });

const profiling = new URLSearchParams(location.search).has('profile');

/** Lets the browser lay out and paint outside the measured window (a forced GC here would flush compiled code). */
const idle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export async function runBlockBenchmark<Input>(system: BlockSystem<Input>): Promise<void> {
  const stage = document.getElementById('stage')!;
  const block = blockVersion();
  const elements = Object.keys(block.elements).length;

  async function firstRender(): Promise<number> {
    await idle();
    const host = stage.appendChild(document.createElement('div'));
    const input = system.input(structuredClone(block));
    // bench/cold-profile.mjs records a CPU profile of exactly this window.
    if (profiling) console.profile('first-render');
    const start = performance.now();
    const mounted = await system.mount(input, host);
    const time = performance.now() - start;
    if (profiling) console.profileEnd('first-render');
    if (mounted.count() !== elements)
      throw new Error(`first render shows ${mounted.count()} of ${elements} elements`);
    mounted.unmount();
    host.remove();
    return time;
  }

  async function updates(
    count: number,
    apply: (mounted: MountedBlock<Input>, input: Input) => Promise<void> | void,
  ) {
    const host = stage.appendChild(document.createElement('div'));
    const mounted = await system.mount(system.input(structuredClone(block)), host);
    const versions = Array.from({ length: count }, (_, i) =>
      system.input(JSON.parse(JSON.stringify(blockVersion(i + 1))) as Block),
    );
    await idle();
    const samples: number[] = [];
    for (const version of versions) {
      const start = performance.now();
      await apply(mounted, version);
      samples.push(performance.now() - start);
    }
    const shown = mounted.shownValue();
    const expected = (1000 + count).toLocaleString('en-US');
    if (shown !== expected)
      throw new Error(`after ${count} updates the metric shows "${shown}", not "${expected}"`);
    if (mounted.count() !== elements)
      throw new Error(`after updates ${mounted.count()} of ${elements} elements are shown`);
    return { samples, mounted, host };
  }

  // Cold: the page's first block, in a fresh page (the harness opens one per run), so it includes the first use of the code.
  // An agent's first block arrives a network round trip and a model's first tokens after the page has loaded: by
  // then the page has been idle, as it is here when the block comes. (`?straight` renders it straight after loading.)
  if (new URLSearchParams(location.search).has('cold')) {
    // Once idle, half a second, idle again: the page as a model's first block finds it.
    if (!new URLSearchParams(location.search).has('straight'))
      for (const wait of [
        () => new Promise((resolve) => requestIdleCallback(resolve)),
        () => new Promise((resolve) => setTimeout(resolve, 500)),
        () => new Promise((resolve) => requestIdleCallback(resolve)),
      ])
        await wait();
    publish({ elements, coldFirstRender: await firstRender(), crossOriginIsolated });
    return;
  }

  for (let i = 0; i < 5; i++) await firstRender();
  const renders: number[] = [];
  for (let i = 0; i < 60; i++) renders.push(await firstRender());

  const extra: Record<string, unknown> = {};
  for (const [name, apply] of Object.entries(system.extraUpdates ?? {})) {
    const warm = await updates(100, apply);
    warm.mounted.unmount();
    warm.host.remove();
    const { samples, mounted, host } = await updates(1000, apply);
    extra[name] = {
      ...summarize(samples),
      mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    };
    mounted.unmount();
    host.remove();
  }

  const update = (mounted: MountedBlock<Input>, version: Input) => mounted.update(version);
  const warm = await updates(100, update);
  warm.mounted.unmount();
  warm.host.remove();
  // This last block stays mounted: the harness measures the heap after it.
  const { samples } = await updates(1000, update);
  publish({
    elements,
    bytes: JSON.stringify(block).length,
    firstRender: summarize(renders),
    update: { ...summarize(samples), mean: samples.reduce((a, b) => a + b, 0) / samples.length },
    ...extra,
    crossOriginIsolated,
  });
}
