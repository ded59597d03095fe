/*
 * Stream-part builders the tests share: the AI SDK UI message stream parts
 * a back end sends, built the way the thread's tests feed them.
 */

/** One AI SDK stream part, as it arrives on the wire (before the thread reads it). */
export type Part = Record<string, unknown>;

/** A whole text part: start, one delta, end. */
export const text = (id: string, delta: string): Part[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta },
  { type: 'text-end', id },
];

/** A whole AG-UI assistant text message: start, one content event, end. */
export const agUiText = (messageId: string, delta: string): Part[] => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta },
  { type: 'TEXT_MESSAGE_END', messageId },
];

/** A thread id no other test uses, so stored threads never meet. */
export const uid = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;
