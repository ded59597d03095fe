/* Block render and update benchmark for answer-ui, with `answer-ui/blocks` (see answer-ui-system.ts). */
import '../../src/blocks.js';
import { answerUi } from './answer-ui-system.js';
import { runBlockBenchmark } from './block-driver.js';

await runBlockBenchmark(answerUi);
