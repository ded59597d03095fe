/** AG-UI 1.0 events shared by the Node test against `HttpAgent` and the thread's browser tests. */

const schema = {
  type: 'object',
  properties: { window: { type: 'string', enum: ['Tue', 'Sat'] } },
  required: ['window'],
};

/** A run that uses what AG-UI 1.0 added: a subagent (which fails), encrypted values, an activity. */
export const AG_UI_1_RUN = [
  { type: 'SUBAGENT_STARTED', subagentRunId: 'sa-1', name: 'researcher' },
  { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning', subagentRunId: 'sa-1' },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Check the log.' },
  { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
  { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r1', encryptedValue: 'e-r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm-sub', role: 'assistant', subagentRunId: 'sa-1' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-sub', delta: 'Reading the log.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm-sub' },
  {
    type: 'TOOL_CALL_START',
    toolCallId: 'c1',
    toolCallName: 'read_log',
    parentMessageId: 'm-sub',
    subagentRunId: 'sa-1',
  },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"pump":7}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  {
    type: 'REASONING_ENCRYPTED_VALUE',
    subtype: 'tool-call',
    entityId: 'c1',
    encryptedValue: 'e-c1',
  },
  {
    type: 'TOOL_CALL_RESULT',
    messageId: 'res-c1',
    toolCallId: 'c1',
    content: 'valve 7 stuck',
    role: 'tool',
    subagentRunId: 'sa-1',
  },
  { type: 'SUBAGENT_ERROR', subagentRunId: 'sa-1', message: 'Log server quota reached' },
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-1', activityType: 'plan', content: { steps: [] } },
  {
    type: 'ACTIVITY_DELTA',
    messageId: 'act-1',
    activityType: 'plan',
    patch: [{ op: 'add', path: '/steps/-', value: 'repair' }],
  },
  { type: 'TEXT_MESSAGE_START', messageId: 'm-main', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-main', delta: 'Valve 7 needs a repair.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm-main' },
];
/** The outcome it ends on: an interrupt whose answer is a choice of day. */
export const AG_UI_1_INTERRUPT = {
  type: 'interrupt',
  interrupts: [
    { id: 'int-1', reason: 'input_required', message: 'Which day?', responseSchema: schema },
  ],
};
