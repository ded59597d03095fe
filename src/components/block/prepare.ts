import { envelopeSchemas } from '../../catalog/block.js';
import { componentSchemas } from '../../catalog/components.js';
import { validateBlock } from '../../catalog/index.js';
import { formatDate, formatDelta, formatNumber } from '../../base/format.js';
import { whenIdle } from '../../base/lazy.js';

/*
 * A page's first block pays for first uses: the first Intl formatter loads
 * the locale's ICU data (about 15 ms in a fresh page), and the validator's
 * first run builds the catalog's schemas and compiles its code (about 7 ms).
 * Every page with answer elements builds the formatters when it is idle.
 * The validator is prepared once a block is expected: an `<answer-block>`
 * on the page, a `present_answer` call starting in a thread, a page that
 * loaded answer-ui and shows no thread by the time it is idle (it is there
 * for its blocks). A thread page that never shows a block does not keep
 * the schemas and the validator's compiled code (about 0.2 MB of heap).
 */

/** Builds the formatters when the page is next idle. */
export function prepareWhenIdle(): void {
  whenIdle(() => {
    formatNumber(0);
    formatNumber(0, 'percent');
    formatDelta(0);
    formatDate('2000-01-01');
  });
}

let validatorPrepared = false;

/**
 * A block is on its way: builds the schemas, then runs the validator once
 * on a sample, each in an idle callback of its own, so neither makes a long
 * frame. With `now`, the schemas are built at once: a page whose first
 * paint is a block (answer-ui/blocks, an MCP App's view) needs them even
 * for a block that comes before the page is idle. Every call after the
 * first does nothing; a block that comes first builds what it needs itself.
 */
export function prepareValidator({ now = false } = {}): void {
  if (validatorPrepared) return;
  validatorPrepared = true;
  // Only this idle work reads the sample block, so it is a chunk of its own, fetched now to be there by then.
  const sample = import('./sample-block.js');
  const schemas = (next: () => void) => {
    componentSchemas();
    envelopeSchemas();
    next();
  };
  const validate = () =>
    // One that fails to load leaves the work to the first block.
    sample.then(
      ({ SAMPLE }) => whenIdle(() => validateBlock(SAMPLE)),
      () => undefined,
    );
  if (now) schemas(validate);
  else whenIdle(() => schemas(validate));
}

let threadOnPage = false;

/** A thread is on the page: it prepares the validator when one of its answers starts a block. */
export const threadConnected = (): void => void (threadOnPage = true);

/** Once the page is idle, prepares the validator unless a thread is on the page. */
export function prepareUnlessThread(): void {
  whenIdle(() => threadOnPage || prepareValidator());
}
