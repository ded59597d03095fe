/**
 * answer-ui/blocks: answer blocks without the conversation, for pages that
 * render blocks (a dashboard, a report) and have no `<agent-thread>`: no
 * thread, markdown or store.
 */
import { prepareWhenIdle } from './components/block/prepare.js';

export * from './elements.js';

// Such a page's first paint is a block: it has the validator ready as well as the formatters.
prepareWhenIdle({ validator: true });
