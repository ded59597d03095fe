import { convertToModelMessages, type ModelMessage, type ToolSet, type UIMessage } from 'ai';
import { validateFinalAnswer, type FormValue } from '../catalog/index.js';
import {
  BLOCK_PART,
  FINAL_ANSWER,
  FINAL_ANSWER_PART,
  FORM_ANSWER_PART,
  readFormAnswer,
  PRESENT_ANSWER,
} from '../conversation/index.js';
import { describeBlock, shorten } from './describe-block.js';
import { isPlainObject as isRecord } from '../catalog/shape.js';

/** How much of the thread's answer UI a model is given back. */
export interface ModelHistoryOptions {
  /**
   * Characters one block of an earlier answer may take in the history
   * (default 2,000). The newest answer's blocks are not capped by it.
   */
  maxBlockChars?: number;
  /**
   * Characters all blocks together may take (default 12,000). The newest
   * answer's blocks are kept whole within it; older ones are shortened,
   * then left out.
   */
  maxTotalBlockChars?: number;
  /** Characters of one final report (default 8,000). */
  maxReportChars?: number;
  /** The tools of the run, for tool parts whose tool turns its output into model content. */
  tools?: ToolSet;
}

type Part = Record<string, unknown> & { type: string };
type Message = { role: 'user' | 'assistant'; parts: Part[] };

const TOOL_STATES = [
  'input-available',
  'output-available',
  'output-error',
  'output-denied',
  'approval-requested',
  'approval-responded',
];

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+/;
const isUrl = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value);

const ANSWER_CALL_PARTS: Record<string, string> = {
  [`tool-${PRESENT_ANSWER}`]: BLOCK_PART,
  [`tool-${FINAL_ANSWER}`]: FINAL_ANSWER_PART,
};

/**
 * A `present_answer` / `final_answer` call (as `useChat` and the thread send
 * them) as the data part it stands for, so the model reads the block or the
 * report as compact text like the parts a data-part back end streamed. A
 * call the tool refused showed nothing, and goes (null); undefined when the
 * part is no answer call.
 */
function answerCallAsData(part: Part): Part | null | undefined {
  const type = part.type === 'dynamic-tool' ? `tool-${String(part.toolName)}` : part.type;
  const data = ANSWER_CALL_PARTS[type];
  if (!data) return undefined;
  const refused =
    part.state === 'output-error' ||
    part.state === 'output-denied' ||
    (isRecord(part.output) && part.output.ok === false);
  return refused || part.input === undefined ? null : { type: data, data: part.input };
}

/** A part `convertToModelMessages` can take as it is, copied so later reads see what was checked. */
function cleanPart(part: unknown): Part | undefined {
  if (!isRecord(part) || typeof part.type !== 'string') return undefined;
  const answer = answerCallAsData(part as Part);
  if (answer !== undefined) return answer ?? undefined;
  const { type } = part;
  if (type === 'text' || type === 'reasoning')
    return typeof part.text === 'string' ? { type, text: part.text } : undefined;
  if (type === 'step-start') return { type };
  if (type === 'file')
    return isUrl(part.url) && typeof part.mediaType === 'string' && MEDIA_TYPE.test(part.mediaType)
      ? {
          type,
          url: part.url,
          mediaType: part.mediaType,
          ...(typeof part.filename === 'string' ? { filename: part.filename } : {}),
        }
      : undefined;
  if (type.startsWith('data-')) return { type, id: part.id, data: part.data };
  const isTool =
    type.startsWith('tool-') || (type === 'dynamic-tool' && typeof part.toolName === 'string');
  if (isTool && typeof part.toolCallId === 'string' && TOOL_STATES.includes(part.state as string))
    return { ...part, type };
  return undefined;
}

/**
 * The request's messages as far as they can be read. Only user and
 * assistant messages are taken: the system prompt is the server's, never
 * the client's.
 */
function cleanMessages(input: unknown): Message[] {
  if (!Array.isArray(input)) return [];
  return input.flatMap((message): Message[] => {
    if (
      !isRecord(message) ||
      (message.role !== 'user' && message.role !== 'assistant') ||
      !Array.isArray(message.parts)
    )
      return [];
    const parts = message.parts.map(cleanPart).filter((part): part is Part => part !== undefined);
    return [{ role: message.role, parts }];
  });
}

/** Every form answer in the thread, by block id, so a form's description can say how it was answered. */
function collectAnswers(messages: Message[]): Map<string, Map<string, Record<string, FormValue>>> {
  const answers = new Map<string, Map<string, Record<string, FormValue>>>();
  for (const part of messages.flatMap((m) => (m.role === 'user' ? m.parts : []))) {
    const submission = part.type === FORM_ANSWER_PART ? readFormAnswer(part.data) : undefined;
    if (!submission) continue;
    const forBlock =
      answers.get(submission.blockId) ?? new Map<string, Record<string, FormValue>>();
    forBlock.set(submission.elementId, submission.values);
    answers.set(submission.blockId, forBlock);
  }
  return answers;
}

/**
 * Each block part's description, the newest first to claim the overall
 * budget: a long thread loses detail from its oldest blocks, never its
 * latest. The blocks of the newest answer that has any are kept whole, up
 * to the overall budget, since the next question is most likely about them;
 * older ones are capped at `maxBlockChars` each.
 */
function describeBlocks(
  messages: Message[],
  options: Required<Pick<ModelHistoryOptions, 'maxBlockChars' | 'maxTotalBlockChars'>>,
) {
  const answers = collectAnswers(messages);
  const withBlocks = messages.filter(
    (m) => m.role === 'assistant' && m.parts.some((p) => p.type === BLOCK_PART),
  );
  const newest = withBlocks.at(-1);
  const described = new Map<Part, string>();
  let remaining = options.maxTotalBlockChars;
  for (const message of withBlocks.reverse()) {
    const whole = message === newest;
    for (const part of message.parts.filter((p) => p.type === BLOCK_PART).reverse()) {
      // Below this there is not enough room left to say anything useful about a block.
      if (remaining < 120) return described;
      const cap = whole ? remaining : options.maxBlockChars;
      const kept = shorten(describeBlock(part.data, cap, answers, { whole }), remaining);
      described.set(part, kept);
      remaining -= kept.length;
    }
  }
  return described;
}

function describeReport(data: unknown, maxChars: number): string | undefined {
  const result = validateFinalAnswer(data);
  if (!result.ok) return undefined;
  const { text, ui_block_ids: ids } = result.answer;
  const head = ids.length
    ? `[Final report, shown with the blocks ${ids.map((id) => `"${id}"`).join(', ')}]`
    : '[Final report]';
  return shorten(`${head}\n${text}`, maxChars);
}

function describeSubmission(data: unknown): string | undefined {
  const submission = readFormAnswer(data);
  if (!submission) return undefined;
  const values = shorten(JSON.stringify(submission.values), 4_000);
  return `[Answers submitted through the form "${submission.elementId}" of block "${submission.blockId}"]\n${values}`;
}

/**
 * The thread's UI messages (the `messages` of the request body, as
 * `<agent-thread>` or `useChat` send them) as the model messages
 * `streamText` takes. Blocks become compact text (id, fallback_text, the
 * data), the final report assistant text, a form submission the user's
 * answers; text, files and tool steps convert as the AI SDK converts them.
 * A block or report that came as a `present_answer` / `final_answer` call
 * is read as the same compact text as one that came as a data part.
 * Unreadable or hostile input is left out, never thrown on.
 */
export async function toModelMessages(
  messages: unknown,
  options: ModelHistoryOptions = {},
): Promise<ModelMessage[]> {
  const {
    maxBlockChars = 2_000,
    maxTotalBlockChars = 12_000,
    maxReportChars = 8_000,
    tools,
  } = options;
  const cleaned = cleanMessages(messages);
  const blocks = describeBlocks(cleaned, { maxBlockChars, maxTotalBlockChars });
  // Each block part carries its description from here on; one left out of the budget goes.
  const withDescriptions = cleaned.map((m) => ({
    ...m,
    parts: m.parts.flatMap((p) =>
      p.type !== BLOCK_PART
        ? [p]
        : blocks.has(p)
          ? [{ type: BLOCK_PART, data: blocks.get(p) }]
          : [],
    ),
  }));
  const convertDataPart = (part: { type: string; data: unknown }) => {
    const text =
      part.type === BLOCK_PART
        ? (part.data as string)
        : part.type === FINAL_ANSWER_PART
          ? describeReport(part.data, maxReportChars)
          : part.type === FORM_ANSWER_PART
            ? describeSubmission(part.data)
            : undefined;
    return text === undefined ? undefined : { type: 'text' as const, text };
  };
  const convert = (list: Message[]) =>
    convertToModelMessages(list as unknown as UIMessage[], {
      convertDataPart,
      ignoreIncompleteToolCalls: true,
      ...(tools ? { tools } : {}),
    });
  try {
    return await convert(withDescriptions);
  } catch {
    // A part the SDK cannot convert (a hand-made or tampered tool step or file): the conversation as text.
    return convert(
      withDescriptions.map((m) => ({
        ...m,
        parts: m.parts.filter((p) => p.type === 'text' || p.type.startsWith('data-')),
      })),
    );
  }
}
