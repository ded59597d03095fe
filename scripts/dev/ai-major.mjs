/**
 * `node --import tsx --import ./scripts/dev/ai-major.mjs`: lets one process load
 * our modules against a second major of the AI SDK (see ai-major-hooks.mjs).
 */
import { register } from 'node:module';

register('./ai-major-hooks.mjs', import.meta.url);
