/**
 * answer-ui/blocks: answer blocks without the conversation, for pages that
 * render blocks (a dashboard, a report) and have no `<agent-thread>`: no
 * thread, markdown or store.
 */
import { prepareValidator } from './components/block/prepare.js';

export * from './elements.js';

// Such a page's first paint is a block: its validator is prepared as the page loads.
prepareValidator({ now: true });
