/*
 * Block render and update benchmark for @json-render/react (+ react-dom): the
 * same block as a json-render spec (the same flat element map), rendered by
 * <JSONUIProvider><Renderer> with equivalent components (peers/json-render.ts).
 * Renders are flushed synchronously (flushSync), React's fastest path.
 * Update: the new spec rendered as is; "updateValidated" also runs the
 * catalog's validate() first, as answer-ui always validates.
 */
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { JSONUIProvider, Renderer } from '@json-render/react';
import type { Spec } from '@json-render/core';
import { catalog, registry, toSpec } from './peers/json-render.js';
import { runBlockBenchmark } from './block-driver.js';

const view = (spec: Spec) =>
  h(JSONUIProvider, { registry, children: h(Renderer, { spec, registry }) });

await runBlockBenchmark({
  input: toSpec,
  async mount(spec, host) {
    const root = createRoot(host);
    flushSync(() => root.render(view(spec)));
    return {
      update: (next) => flushSync(() => root.render(view(next))),
      count: () => host.querySelectorAll('[data-kind]').length,
      shownValue: () => host.querySelector('[data-kind="Metric"] .value')!.textContent!.trim(),
      unmount: () => root.unmount(),
    };
  },
  extraUpdates: {
    updateValidated: (mounted, next) => {
      const result = catalog.validate(next);
      if (!result.success)
        throw new Error(`json-render rejects the spec: ${result.error?.message}`);
      return mounted.update(next);
    },
  },
});
