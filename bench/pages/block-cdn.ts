/*
 * The block benchmark with the CDN file (`dist/cdn/answer-ui.js`, one
 * script tag), loaded as it is: the harness copies it next to the pages
 * and the build leaves this import alone.
 */
import { answerUi } from './answer-ui-system.js';
import { runBlockBenchmark } from './block-driver.js';

await import(/* @vite-ignore */ new URL('cdn/answer-ui.js', location.href).href);
await runBlockBenchmark(answerUi);
