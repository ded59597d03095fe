import { expect } from 'chai';
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * The layers of SPEC §9 are enforced by eslint.config.js. These sources exist
 * only here: ESLint lints them as if they lived at the given paths, which is
 * enough because the config does no type-aware linting.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refusals(filePath: string, code: string): Promise<string[]> {
  // An ignored path would let every "allows" case pass unseen.
  expect(await eslint.isPathIgnored(filePath), filePath).to.equal(false);
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  expect(
    result!.messages.filter((m) => m.fatal),
    filePath,
  ).to.deep.equal([]);
  return result!.messages.filter((m) => m.ruleId === 'answer-ui/imports').map((m) => m.message);
}

const refused: [path: string, code: string][] = [
  ['src/catalog/x.ts', "import { x } from '../components/shared/events.js';"],
  ['src/catalog/x.ts', "import { x } from '../base/localization.js';"],
  ['src/catalog/x.ts', "export { x } from '../conversation/index.js';"],
  ['src/conversation/x.ts', "import { html } from 'lit';"],
  ['src/conversation/x.ts', "import { customElement } from 'lit/decorators.js';"],
  ['src/conversation/x.ts', "import { msg } from '@lit/localize';"],
  ['src/conversation/x.ts', "import { openDB } from 'idb';"],
  ['src/conversation/x.ts', "import { Chart } from 'chart.js/auto';"],
  ['src/conversation/x.ts', "import type { Store } from '../store/index.js';"],
  ['src/store/x.ts', "import { x } from '../thread/state.js';"],
  ['src/store/x.ts', "import type { FormValue } from '../components/shared/events.js';"],
  ['src/store/x.ts', "import { x } from '../index.js';"],
  ['src/components/metric/x.ts', "import { x } from '../../store/index.js';"],
  ['src/components/metric/x.ts', "import { x } from '../../thread/thread.js';"],
  ['src/components/metric/x.ts', "import { x } from '../../conversation/index.js';"],
  ['src/components/metric/x.ts', "import { x } from '../../index.js';"],
  ['src/thread/x.ts', "import { x } from '../agent/index.js';"],
  // The entry imports the thread: the thread importing it back would be a cycle.
  ['src/thread/x.ts', "import '../index.js';"],
  ['src/agent/x.ts', "import { x } from '../thread/thread.js';"],
  ['src/agent/x.ts', "import { x } from '../store/index.js';"],
  ['src/agent/x.ts', "import { LitElement } from 'lit';"],
  ['src/mcp/x.ts', "import { x } from '../components/chart/chart.js';"],
  // Exports run in Node: no DOM package, only `@lit/localize`'s msg, which needs none.
  ['src/export/x.ts', "import { html } from 'lit';"],
  ['src/export/x.ts', "import { Chart } from 'chart.js/auto';"],
  ['src/export/x.ts', "import { x } from '../thread/thread.js';"],
  ['src/export/x.ts', "import { x } from '../store/index.js';"],
  ['src/components/metric/x.ts', "import { x } from '../../export/index.js';"],
  // Only the tests may use the test support, which the build leaves out.
  ['src/store/x.ts', "import { x } from '../test-support/arbitraries.js';"],
  // A layer's own entry must still refuse the HTML sinks it shares with every file.
  ['src/components/text/x.ts', "import { unsafeHTML } from 'lit/directives/unsafe-html.js';"],
  ['src/thread/markdown/x.ts', "import { unsafeSVG } from 'lit/directives/unsafe-svg.js';"],
  // Tests keep to their folder's layer.
  ['src/store/x.test.ts', "import { x } from '../thread/thread.js';"],
  ['src/components/chart/x.test.ts', "import { x } from '../../store/index.js';"],
  ['src/components/chart/x.test.ts', "import '../../index.js';"],
  // Every lazy boundary is a dynamic import: it keeps to the layers as a static one does.
  ['src/components/chart/x.ts', "export const load = () => import('../../thread/thread.js');"],
  ['src/conversation/x.ts', "export const load = () => import('lit');"],
  ['src/conversation/x.ts', 'export const load = () => import(`../store/index.js`);'],
  // One that cannot be read cannot be checked.
  ['src/thread/x.ts', 'export const load = (name: string) => import(name);'],
  // So does a type that names a module.
  ['src/catalog/x.ts', "export type T = typeof import('../conversation/index.js');"],
  ['src/store/x.ts', "export type T = import('../thread/state.js').State;"],
  ['src/agent/x.ts', "export * from '../store/index.js';"],
  // At any depth.
  ['src/thread/a/b/c/d/x.ts', "import { x } from '../../../../../agent/index.js';"],
  ['src/thread/a/b/c/d/x.test.ts', "import { x } from '../../../../../mcp/index.js';"],
  ['src/components/chart/a/b/x.ts', "import { x } from '../../../../store/index.js';"],
  // The element platform sits under the elements, beside the catalog.
  ['src/base/x.ts', "import { x } from '../components/block/block.js';"],
  ['src/base/x.ts', "export const load = () => import('../thread/thread.js');"],
  ['src/base/x.ts', "import { x } from '../conversation/index.js';"],
  [
    'src/components/metric/x.ts',
    "export const load = () => import('../../conversation/index.js');",
  ],
  ['src/agent/x.ts', "import { x } from '../base/format.js';"],
  // A folder no layer names, and anything of ours outside src/.
  ['src/newfolder/x.ts', 'export const x = 1;'],
  ['src/catalog/x.ts', "import { x } from '../../playground/scenarios.js';"],
  // The top-level modules may use every layer, but not the test support.
  ['src/x.ts', "import { x } from './test-support/dom.js';"],
  // No HTML sink, however it is loaded.
  ['stories/x.ts', "export const load = () => import('lit/directives/unsafe-html.js');"],
  // Inside the thread, nothing below its elements reaches back up to them.
  ['src/thread/link/x.ts', "import { x } from '../elements/thread.js';"],
  ['src/thread/link/ai-sdk/x.ts', "import type { X } from '../../elements/thread.js';"],
  ['src/thread/controllers/x.ts', "export const load = () => import('../elements/header.js');"],
  ['src/thread/extras/x.ts', "import { x } from '../elements/message.js';"],
  ['src/thread/x.ts', "import { x } from './elements/thread.js';"],
];

const allowed: [path: string, code: string][] = [
  ['src/catalog/x.ts', "import { x } from './components.js';"],
  ['src/conversation/x.ts', "import { x } from '../catalog/index.js';"],
  ['src/conversation/x.ts', "import { z } from 'zod';"],
  ['src/store/x.ts', "import { x } from '../conversation/messages.js';"],
  ['src/store/x.ts', "import { x } from '../catalog/index.js';"],
  ['src/store/x.ts', "import { openDB } from 'idb';"],
  ['src/components/chart/x.ts', "import { x } from '../../catalog/index.js';"],
  ['src/components/chart/x.ts', "import { x } from '../shared/events.js';"],
  ['src/components/chart/x.ts', "import { x } from './chart.chunk.js';"],
  ['src/components/chart/x.ts', "import { x } from '../../base/localization.js';"],
  ['src/components/map-location/x.ts', "import { x } from '../../base/config.js';"],
  ['src/thread/x.ts', "import { x } from '../store/index.js';"],
  ['src/thread/x.ts', "import { x } from '../conversation/index.js';"],
  ['src/thread/x.ts', "import { x } from '../components/block/block.js';"],
  ['src/thread/markdown/x.ts', "import { x } from '../../base/format.js';"],
  ['src/agent/x.ts', "import { x } from '../catalog/index.js';"],
  ['src/agent/x.ts', "import { x } from '../conversation/index.js';"],
  ['src/mcp/x.ts', "import { x } from '../conversation/names.js';"],
  ['src/export/x.ts', "import { msg, str } from '@lit/localize';"],
  ['src/export/x.ts', "import { x } from '../base/format.js';"],
  ['src/export/x.ts', "import { x } from '../conversation/markdown/parse.js';"],
  ['src/thread/x.ts', "export const load = () => import('../export/index.js');"],
  ['src/mcp-app/x.ts', "export const load = () => import('../export/index.js');"],
  ['src/catalog/x.test.ts', "import { x } from '../test-support/arbitraries.js';"],
  ['src/components/chart/x.test.ts', "import { x } from '../../test-support/dom.js';"],
  ['src/thread/x.test.ts', "import '../index.js';"],
  ['src/components/chart/x.ts', "export const load = () => import('./chart.chunk.js');"],
  ['src/components/chart/x.ts', "export type T = typeof import('./chart.chunk.js');"],
  ['src/conversation/x.ts', "export type T = typeof import('../catalog/index.js');"],
  ['src/thread/a/b/c/d/x.ts', "export const load = () => import('../../../../../store/index.js');"],
  ['src/thread/a/b/c/d/x.test.ts', "import '../../../../../index.js';"],
  ['src/base/x.ts', "import { x } from '../catalog/index.js';"],
  ['src/base/x.ts', "export const load = () => import('../locales/de.js');"],
  ['src/base/x.ts', "import { html } from 'lit';"],
  ['src/components/chart/x.ts', "import { x } from '../../base/define.js';"],
  ['src/thread/x.ts', "export const load = () => import('../base/lazy.js');"],
  ['src/mcp-app/x.ts', "import { x } from '../base/theme.styles.js';"],
  ['src/x.ts', "import './thread/define.js';"],
  ['src/x.ts', "export const load = () => import('./locales/de.js');"],
  ['src/x.test.ts', "import { x } from './test-support/dom.js';"],
  ['src/test-support/x.ts', "import { x } from '../thread/thread.js';"],
  ['src/thread/elements/x.ts', "import { x } from '../link/agent-link.js';"],
  ['src/thread/elements/x.ts', "import { x } from '../events.js';"],
  ['src/thread/link/x.ts', "import { x } from '../events.js';"],
  ['src/thread/link/x.test.ts', "import type { X } from '../elements/thread.js';"],
  ['src/thread/define.ts', "import { x } from './elements/thread.js';"],
];

/** Sources in some folder of src/, other than the generated translations. */
const sources = () =>
  readdirSync(`${root}/src`, { recursive: true, encoding: 'utf8' })
    .map((path) => `src/${path}`)
    .filter((path) => /^src\/(?!locales\/)[^/]+\/.+\.ts$/.test(path));

describe('layer lint (SPEC §9)', function () {
  // The first lint loads typescript-eslint, which takes seconds on a busy machine.
  this.timeout(30_000);

  it('checks every file in a folder of src/, at any depth', async () => {
    const files = sources();
    expect(files.length).to.be.above(20);
    const unchecked: string[] = [];
    for (const path of files) {
      const config = await eslint.calculateConfigForFile(path);
      if (config.rules['answer-ui/imports']?.[0] !== 2) unchecked.push(path);
    }
    expect(unchecked).to.deep.equal([]);
  });

  for (const [path, code] of refused) {
    it(`refuses ${code} in ${path}`, async () => {
      expect(await refusals(path, code)).to.have.lengthOf(1);
    });
  }

  for (const [path, code] of allowed) {
    it(`allows ${code} in ${path}`, async () => {
      expect(await refusals(path, code)).to.deep.equal([]);
    });
  }
});
