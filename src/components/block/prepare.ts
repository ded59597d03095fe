import { envelopeSchemas } from '../../catalog/block.js';
import { componentSchemas } from '../../catalog/components.js';
import { validateBlock } from '../../catalog/index.js';
import { formatDate, formatDelta, formatNumber } from '../../base/format.js';
import { whenIdle } from '../../base/lazy.js';

/*
 * A page's first block pays for first uses: the first Intl formatter loads
 * the locale's ICU data (about 15 ms in a fresh page), and the validator's
 * first run builds the catalog's schemas and compiles its code (about 7 ms).
 * A page is idle long before an agent's first block arrives, so they can be
 * paid then. Every page with answer elements builds the formatters. A page
 * whose first paint is a block (answer-ui/blocks, an MCP App's view) also
 * builds the schemas as it loads, since even a block that comes before the
 * page is idle needs them, and runs the validator once when idle. A thread
 * validates its first block mid-stream, where those 7 ms go unseen, and does
 * not keep the schemas and the validator's compiled code (about 0.2 MB of
 * heap) on a page that may never show a block.
 */

/** Builds the formatters (and, with `validator`, the schemas now and runs the validator once) when the page is next idle. */
export function prepareWhenIdle({ validator = false } = {}): void {
  if (validator) {
    componentSchemas();
    envelopeSchemas();
  }
  // Only this idle work reads the sample block, so it is a chunk of its own, fetched now to be there by then.
  const sample = validator ? import('./sample-block.js') : undefined;
  whenIdle(() => {
    formatNumber(0);
    formatNumber(0, 'percent');
    formatDelta(0);
    formatDate('2000-01-01');
    // A loaded chunk's promise settles in this callback's microtasks, before any other task. One that fails leaves the work to the first block.
    sample?.then(
      ({ SAMPLE }) => validateBlock(SAMPLE),
      () => undefined,
    );
  });
}
