import type { StreamPart } from './parts.js';
import { toolKey, type AssistantTurn, type ToolItem } from './messages.js';
import { ANSWER_TOOLS, FINAL_ANSWER } from './names.js';
import { isReportOf } from './wire/ai-sdk.js';
import type { ThreadState } from './thread-state.js';

/**
 * The result of an answer call that arrives after its turn was sealed: the
 * report closes the turn as soon as it is in, before the `final_answer`
 * tool's own result is streamed (and with `answerTools` on AI SDK 7, before
 * the call itself, whose data part comes first). It is kept on the call,
 * which goes back to the back end with it (a call without its result fails
 * the next model request); nothing on screen changes. Any other part of a
 * sealed turn is ignored. Returns the turn it was kept in, to be saved.
 * Only the stream readers need this, so it is not part of the thread state
 * machine the page loads first (importing the turn rules from here would
 * make the bundler split them out of the entry into a chunk it loads up
 * front).
 */
export function takeLateResult(state: ThreadState, part: StreamPart): AssistantTurn | undefined {
  // The sealed turn is the last one that is over: a question asked meanwhile may have opened the
  // next.
  const turn = state.messages.findLast(
    (m): m is AssistantTurn => m.role === 'assistant' && m.closed,
  );
  if (!turn || !('toolCallId' in part)) return undefined;
  const key = toolKey(part.toolCallId);
  const call = turn.items.find((i): i is ToolItem => i.kind === 'tool' && i.key === key);
  // A `final_answer` call streamed after its report arrived as a data part (as `answerTools` writes
  // it): the call that made the report.
  if (
    part.type === 'tool-input-available' &&
    part.toolName === FINAL_ANSWER &&
    call?.input === undefined &&
    isReportOf(turn, part.input)
  ) {
    if (call) call.input = part.input;
    else
      turn.items.push({
        kind: 'tool',
        key,
        name: FINAL_ANSWER,
        status: 'running',
        summary: '',
        input: part.input,
      });
    return turn;
  }
  if (
    part.type !== 'tool-output-available' &&
    part.type !== 'tool-output-error' &&
    part.type !== 'tool-input-error'
  )
    return undefined;
  if (
    !call ||
    !ANSWER_TOOLS.includes(call.name) ||
    call.output !== undefined ||
    call.errorText !== undefined
  )
    return undefined;
  state.finishTool(turn, part);
  return turn;
}
