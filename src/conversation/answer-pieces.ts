import { textOf, type AssistantTurn, type BlockItem } from './messages.js';

/** A piece of what an answer shows: markdown text, or a block. */
export type AnswerPiece = { kind: 'text'; text: string } | BlockItem;

/**
 * What an answer shows its reader, in order: its report and the blocks the report names once it
 * has one; else its text, its blocks and what an interrupt asks. Copy and Read aloud both say
 * the answer this way.
 */
export function answerPieces(turn: AssistantTurn): AnswerPiece[] {
  const blocks = turn.items.filter((item): item is BlockItem => item.kind === 'block');
  if (turn.final) {
    const named = turn.final.blockIds.flatMap((id) => blocks.find((b) => b.blockId === id) ?? []);
    return [{ kind: 'text', text: turn.final.text }, ...named];
  }
  return turn.items.flatMap((item): AnswerPiece[] => {
    // A subagent's own text is its work, folded under its step, not the answer.
    if (item.kind === 'text' && !item.subagentRunId) return [{ kind: 'text', text: textOf(item) }];
    if (item.kind === 'block') return [item];
    if (item.kind === 'interrupt') return [{ kind: 'text', text: item.message ?? item.reason }];
    return [];
  });
}
