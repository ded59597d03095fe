import { FINAL_ANSWER } from '../../names.js';

/*
 * The names answer-ui adds to the AG-UI protocol, once: the thread's AG-UI
 * reader and the AG-UI helpers of answer-ui/agent import them. (They are
 * apart from ../../names.ts so that the page's first code, which never
 * reads AG-UI, does not carry them.)
 */

/** The `CUSTOM` event that carries a block (its `value`). */
export const BLOCK_EVENT = 'answer_ui';
/** The `CUSTOM` event that carries the final report (its `value`). */
export const FINAL_ANSWER_EVENT = FINAL_ANSWER;

/**
 * The activity type of an A2UI surface (`content: { a2ui_operations }`), as
 * CopilotKit and assistant-ui read it; the thread shows it as a `data-a2ui` part.
 */
export const A2UI_ACTIVITY = 'a2ui-surface';

/**
 * The AG-UI version the thread speaks, sent in each `RunAgentInput` as
 * `HttpAgent` sends it, so a server knows it may end a run on an outcome.
 */
export const PROTOCOL_VERSION = '1.0';
