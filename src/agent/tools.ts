import { jsonSchema, tool, type UIMessageChunk } from 'ai';
import {
  catalogJsonSchema,
  finalAnswerJsonSchema,
  finalAnswerPrompt,
  presentAnswerPrompt,
  validateBlock,
  validateFinalAnswer,
  type Block,
  type FinalAnswer,
  type ValidationError,
} from '../catalog/index.js';
import {
  BLOCK_PART,
  FINAL_ANSWER,
  FINAL_ANSWER_PART,
  PRESENT_ANSWER,
  repairRequest,
} from '../conversation/index.js';

/** Anything that accepts UI message stream parts, e.g. the `writer` of `createUIMessageStream`. */
export interface PartWriter {
  write(part: UIMessageChunk): void;
}

/** What the tools return to the model. */
export type ToolOutcome =
  | { ok: true; block_id?: string; message: string }
  | { ok: false; errors: ValidationError[]; message: string };

/** Writes a block as a `data-answer_ui` part; returns the validator's errors instead when it is not valid. */
export function writeBlock(
  writer: PartWriter,
  input: unknown,
): { ok: true; block: Block } | { ok: false; errors: ValidationError[] } {
  const result = validateBlock(input);
  if (!result.ok) return result;
  writer.write({
    type: BLOCK_PART,
    id: result.block.block_id,
    data: result.block,
  } as UIMessageChunk);
  return result;
}

/** Writes the final report as a `data-final_answer` part, checking its block references against `publishedBlockIds`. */
export function writeFinalAnswer(
  writer: PartWriter,
  input: unknown,
  publishedBlockIds?: Iterable<string>,
): { ok: true; answer: FinalAnswer } | { ok: false; errors: ValidationError[] } {
  const result = validateFinalAnswer(input, publishedBlockIds ? { publishedBlockIds } : {});
  if (!result.ok) return result;
  writer.write({ type: FINAL_ANSWER_PART, data: result.answer } as UIMessageChunk);
  return result;
}

const rejected = (errors: ValidationError[], what: 'block' | 'final answer'): ToolOutcome => ({
  ok: false,
  errors,
  message: repairRequest(what),
});

/**
 * The two tools, bound to a UI stream writer. Blocks published through
 * them are remembered, so `final_answer` may only name blocks of this turn:
 * create the tools once per turn.
 */
export function answerTools(writer: PartWriter) {
  const published = new Set<string>();
  return {
    [PRESENT_ANSWER]: tool({
      description: presentAnswerPrompt(),
      inputSchema: jsonSchema<Block>(catalogJsonSchema()),
      async execute(input): Promise<ToolOutcome> {
        const result = writeBlock(writer, input);
        if (!result.ok) return rejected(result.errors, 'block');
        published.add(result.block.block_id);
        return {
          ok: true,
          block_id: result.block.block_id,
          message: 'The block is shown to the reader.',
        };
      },
    }),
    [FINAL_ANSWER]: tool({
      description: finalAnswerPrompt(),
      inputSchema: jsonSchema<FinalAnswer>(finalAnswerJsonSchema()),
      async execute(input): Promise<ToolOutcome> {
        const result = writeFinalAnswer(writer, input, published);
        if (!result.ok) return rejected(result.errors, 'final answer');
        return { ok: true, message: 'The report is shown; the turn is complete.' };
      },
    }),
  };
}
