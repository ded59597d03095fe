import type { UIMessageChunk } from 'ai';
import { ANSWER_TOOLS, PRESENT_ANSWER } from '../conversation/index.js';

/**
 * Drops the tool-call parts of `present_answer` and `final_answer` from a
 * UI message stream (e.g. `result.toUIMessageStream()`): what they produce
 * reaches the reader as data parts, and only once it is valid. The one part
 * let through is the `tool-input-start` of a `present_answer` call, so the
 * thread can hold a place for the block while the model is still writing it.
 */
export function withoutAnswerToolCalls(
  stream: ReadableStream<UIMessageChunk>,
): ReadableStream<UIMessageChunk> {
  const hidden = new Set<string>();
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(part, controller) {
        const call = part as { type: string; toolCallId?: unknown; toolName?: unknown };
        if (typeof call.toolCallId !== 'string') {
          controller.enqueue(part);
          return;
        }
        // Only some parts name the tool; the rest of a call is known by its id.
        if (ANSWER_TOOLS.includes(call.toolName as string)) hidden.add(call.toolCallId);
        if (!hidden.has(call.toolCallId)) controller.enqueue(part);
        else if (call.type === 'tool-input-start' && call.toolName === PRESENT_ANSWER)
          controller.enqueue(part);
      },
    }),
  );
}
