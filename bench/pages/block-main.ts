/* The block benchmark with the main entry (`import 'answer-ui'`), as a page with a thread loads it. */
import '../../src/index.js';
import { answerUi } from './answer-ui-system.js';
import { runBlockBenchmark } from './block-driver.js';

await runBlockBenchmark(answerUi);
