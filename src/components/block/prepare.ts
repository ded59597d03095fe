import { validateBlock } from '../../catalog/index.js';
import { formatDate, formatDelta, formatNumber } from '../shared/format.js';
import { whenIdle } from '../shared/lazy.js';

/*
 * A page's first block pays for first uses: the first Intl formatter loads
 * the locale's ICU data (about 15 ms in a fresh page), and the validator's
 * first run builds the catalog's schemas and compiles its code (about 7 ms).
 * A page is idle long before an agent's first block arrives, so they can be
 * paid then. Every page with answer elements builds the formatters; a page
 * whose first paint is a block (answer-ui/blocks, an MCP App's view) also
 * runs the validator once. A thread validates its first block mid-stream,
 * where those 7 ms go unseen, and does not keep the schemas and the
 * validator's compiled code (about 0.2 MB of heap) on a page that may never
 * show a block.
 */

/** One element of each catalog component, with only the props they require. */
export const SAMPLE = {
  block_id: 'prepare',
  fallback_text: '',
  root: 'a',
  elements: {
    a: { type: 'Stack', props: {}, children: ['b'] },
    b: { type: 'Section', props: { title: '' }, children: ['c', 'd', 'e', 'f', 'g', 'h', 'i'] },
    c: { type: 'Text', props: { text: '' } },
    d: { type: 'Metric', props: { label: '', value: 0 } },
    e: { type: 'Table', props: { columns: [{ label: '' }], rows: [[0]] } },
    f: { type: 'Chart', props: { title: '', labels: [''], series: [{ name: '', values: [0] }] } },
    g: { type: 'Evidence', props: { title: '', items: [{ source: '' }] } },
    h: { type: 'MapLocation', props: { label: '', lat: 0, lng: 0 } },
    i: { type: 'FollowUpForm', props: { title: '', fields: [{ name: 'a', label: '', kind: 'text' }] } },
  },
};

function prepare(validator: boolean) {
  formatNumber(0);
  formatNumber(0, 'percent');
  formatDelta(0);
  formatDate('2000-01-01');
  if (validator) validateBlock(SAMPLE);
}

/** Builds the formatters (and, with `validator`, runs the validator once) when the page is next idle. */
export function prepareWhenIdle({ validator = false } = {}): void {
  whenIdle(() => prepare(validator));
}
