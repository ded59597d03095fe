import { toolKey, type AssistantTurn, type ThreadMessage, type ToolItem } from './messages.js';
import { ANSWER_TOOLS } from './names.js';
import { toolItem, type Part } from './turn-items.js';

/*
 * Tool calls that need the reader's approval (AI SDK `needsApproval`): the
 * request, the reader's answer, and when the turn can go on.
 */

/** A running tool call now waits for the reader's approval; undefined when the call is unknown, over, or an answer call. */
export function requestApproval(
  turn: AssistantTurn,
  part: Part<'tool-approval-request'>,
): ToolItem | undefined {
  const tool = turn.items.find(
    (i): i is ToolItem => i.kind === 'tool' && i.key === toolKey(part.toolCallId),
  );
  if (!tool || tool.status !== 'running' || ANSWER_TOOLS.includes(tool.name)) return undefined;
  tool.status = 'awaiting_approval';
  tool.approval = { id: part.approvalId, ...part.request };
  return tool;
}

/** The back end answered an approval itself (`tool-approval-response`); false when no call asked for it. */
export function answerApprovalById(
  turn: AssistantTurn,
  part: Part<'tool-approval-response'>,
): boolean {
  const tool = turn.items.find(
    (i): i is ToolItem => i.kind === 'tool' && i.approval?.id === part.approvalId,
  );
  if (!tool?.approval) return false;
  tool.approval = {
    ...tool.approval,
    approved: part.approved,
    ...(part.reason ? { reason: part.reason } : {}),
  };
  // Approved, it stays answered until its result comes, as `approval-responded` in `useChat`.
  if (!part.approved) tool.status = 'denied';
  return true;
}

/** The tool call was denied (`tool-output-denied`) and did not run; the reader's reason stays. */
export function denyTool(turn: AssistantTurn, callId: string) {
  const tool = toolItem(turn, callId, 'tool');
  tool.status = 'denied';
  tool.approval = { ...tool.approval, id: tool.approval?.id ?? '', approved: false };
}

/** The tool calls of the last turn that wait for the reader's approval, answered or not. */
export function pendingApprovals(messages: readonly ThreadMessage[]): ToolItem[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.items.filter(
    (i): i is ToolItem =>
      i.kind === 'tool' && i.status === 'awaiting_approval' && Boolean(i.approval),
  );
}

/**
 * Records the reader's answer to an approval request (once). Returns the
 * turn to continue once every request of the last turn has an answer (as
 * `lastAssistantMessageIsCompleteWithApprovalResponses` decides), else undefined.
 */
export function answerApproval(
  messages: readonly ThreadMessage[],
  tool: ToolItem,
  approved: boolean,
  reason?: string,
): AssistantTurn | undefined {
  if (!tool.approval || tool.approval.approved !== undefined || tool.status !== 'awaiting_approval')
    return undefined;
  // Every field of the request stays: a signed request is refused without its signature.
  tool.approval = { ...tool.approval, approved, ...(reason ? { reason } : {}) };
  const pending = pendingApprovals(messages);
  if (!pending.includes(tool) || pending.some((t) => t.approval!.approved === undefined))
    return undefined;
  return messages.at(-1) as AssistantTurn;
}
