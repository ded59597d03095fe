/*
 * Block render and update benchmark for @a2ui/lit (protocol v0.9): the same
 * block as an A2UI surface (createSurface, then updateComponents with the 48
 * components) of a small custom catalog (peers/a2ui.ts), shown by
 * <a2ui-surface>. The message processor validates every component's props
 * with Zod, as answer-ui validates the block. Update: updateComponents with
 * all 48 components of the new version (the same input answer-ui gets);
 * `oneComponent`: updateComponents with only the component that changed
 * (the metric), A2UI's own way to change one figure.
 */
import '@a2ui/lit/v0_9';
import { createSurface, tagSelector, toComponents } from './peers/a2ui.js';
import { runBlockBenchmark } from './block-driver.js';

type Updating = HTMLElement & { updateComplete: Promise<unknown>; isUpdatePending: boolean };

/** Every element matching `selector` in `root` and the shadow roots below it (the catalog's elements render into their own). */
function deepQuery(root: ParentNode, selector: string): HTMLElement[] {
  const found: HTMLElement[] = [...root.querySelectorAll<HTMLElement>(selector)];
  for (const el of root.querySelectorAll(tagSelector))
    if (el.shadowRoot) found.push(...deepQuery(el.shadowRoot, selector));
  return found;
}

/** Awaits the surface and every element of it that has an update pending, until none has. */
async function settled(surface: Updating) {
  await surface.updateComplete;
  for (;;) {
    const pending = (deepQuery(surface.shadowRoot!, tagSelector) as Updating[]).filter(
      (el) => el.isUpdatePending,
    );
    if (!pending.length) return;
    await Promise.all(pending.map((el) => el.updateComplete));
  }
}

type Components = Record<string, unknown>[];
const updaters = new WeakMap<object, (next: Components) => Promise<void>>();

await runBlockBenchmark({
  input: toComponents,
  extraUpdates: {
    oneComponent: (mounted, components) =>
      updaters.get(mounted)!(components.filter((component) => component.id === 'e0')),
  },
  async mount(components, host) {
    const { surface, update } = createSurface(components);
    const el = document.createElement('a2ui-surface') as Updating & { surface: unknown };
    el.surface = surface;
    host.append(el);
    await settled(el);
    const mounted = {
      async update(next: Components) {
        update(next);
        await settled(el);
      },
      count: () => deepQuery(el.shadowRoot!, '[data-kind]').length,
      shownValue: () =>
        deepQuery(el.shadowRoot!, '[data-kind="Metric"] .value')[0]!.textContent!.trim(),
      unmount: () => el.remove(),
    };
    updaters.set(mounted, mounted.update);
    return mounted;
  },
});
