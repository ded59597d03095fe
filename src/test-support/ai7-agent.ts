/**
 * A back end written for `useChat` on AI SDK 7 and nothing else: it imports
 * `ai7` (the npm alias of ai@7) directly, so it is AI SDK 7 however it is
 * loaded (no `?ai=7` needed), and its types are ai@7's. The messages it is
 * sent go through the SDK's own `validateUIMessages` (a 400 with the error
 * text when they fail) and `convertToModelMessages`, then `streamText` with a
 * scripted `MockLanguageModelV4` inside `createUIMessageStream`; the run
 * saves its messages when it ends (`onFinish`). Behind test/servers/ai7.ts;
 * its Node reference is ai7-reference.ts.
 *
 * What it streams, by the reader's last message text:
 * - "retry": a step retried the way WorkflowAgent retries one: the first
 *   attempt's parts (text "Draft that will be dropped.", a `lookup` call
 *   with its input streamed), then `reset-step`, then the retried attempt
 *   ("Checked again.", a `lookup` call with a new id that runs), then a second
 *   step "Done.". Each attempt is a real `streamText` run; the first has no
 *   `execute` for `lookup`, so its call never runs.
 * - "approve": `delete_file` needs approval (`needsApproval: true`, and a
 *   `toolApproval` status that gives the request its `reason`); the request
 *   is signed (`experimental_toolApprovalSecret`). Once the client sends it
 *   back approved, with its signature, the tool runs (`executed`) and the
 *   model says "Deleted." ("Not deleted." when the reader denies).
 * - "steer": the reader's own message "Also check Q4." is added to the run
 *   with `experimental_createSteering` while step 1's `lookup` runs (a call
 *   with the provider's data on it); step 2 answers with it in its prompt.
 * - "extras": reasoning, a `reasoning-file` (a PNG data URL), a `custom`
 *   part, and text with `providerMetadata` and `citations`, all from the
 *   model through `streamText`.
 * - anything else: "Answer number K.", K counting the chat's model calls.
 *
 * When a run fails before it streams anything of its own (a history that
 * `streamText` refuses, such as a tool call without its result, or an
 * approval with a wrong signature), the response is a 500 with the error
 * text instead of a stream.
 */
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  experimental_createSteering,
  stepCountIs,
  streamText,
  tool,
  validateUIMessages,
  type ModelMessage,
  type UIMessage,
  type UIMessageChunk,
} from 'ai7';
import { MockLanguageModelV4, simulateReadableStream } from 'ai7/test';
import { z } from 'zod';

type CallOptions = MockLanguageModelV4['doStreamCalls'][number];
/** A prompt as the model is given it (LanguageModelV4Prompt). */
export type ModelPrompt = CallOptions['prompt'];
type StreamResult = Awaited<ReturnType<MockLanguageModelV4['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type ProviderMetadata = Extract<StreamPart, { type: 'text-start' }>['providerMetadata'];
type Citation = NonNullable<Extract<StreamPart, { type: 'text-end' }>['citations']>[number];

export const APPROVAL_SECRET = 'test-secret';
export const APPROVAL_REASON = 'Deleting a file cannot be undone.';
export const DELETE_INPUT = { path: '/reports/q3-draft.pdf' };
export const LOOKUP_INPUT = { query: 'Q3 revenue' };
export const LOOKUP_OUTPUT = { revenue: 1_200_000, growth: '12%' };
export const DRAFT_TEXT = 'Draft that will be dropped.';
export const RETRIED_TEXT = 'Checked again.';
export const STEERING_TEXT = 'Also check Q4.';
export const STEERING_ID = 'steer-q4';
/** A 1×1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const EXTRAS_REASONING = 'The chart says more than the table.';
export const EXTRAS_TEXT = 'Revenue rose 12% in Q3.';
export const TEXT_METADATA = { anthropic: { cacheControl: { type: 'ephemeral' } } };
/** The provider's data on the "steer" scenario's tool call (e.g. a thought signature). */
export const TOOL_CALL_METADATA = { google: { thoughtSignature: 'sig-123' } };
export const CUSTOM_KIND = 'acme.cache-hint';
export const CUSTOM_METADATA = { acme: { hint: 'cache-prefix', ttlSeconds: 300 } };
export const CITATIONS: Citation[] = [
  {
    source: {
      type: 'source',
      sourceType: 'url',
      id: 'cite-1',
      url: 'https://example.com/q3-report',
      title: 'Q3 report',
    },
    startIndex: 0,
    endIndex: 16,
    citedText: 'Revenue rose 12%',
  },
];

/** What the model says in one call, in order. */
type Step = (
  | { text: string; providerMetadata?: ProviderMetadata; citations?: Citation[] }
  | { reasoning: string }
  | { reasoningFile: { mediaType: string; base64: string } }
  | { custom: { kind: `${string}.${string}`; providerMetadata?: ProviderMetadata } }
  | { tool: string; input: unknown; providerMetadata?: ProviderMetadata }
)[];

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** A few words at a time, as models stream text. */
const words = (text: string) => text.match(/\S+\s*/g) ?? [];
/** JSON in slices, as models stream tool input. */
const slices = (json: string) =>
  Array.from({ length: Math.ceil(json.length / 12) }, (_, i) => json.slice(i * 12, i * 12 + 12));

/** One call as the stream parts a provider sends; ids carry the call's index, so each call's are new. */
function stepParts(step: Step, callIndex: number): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  let calledTools = false;
  step.forEach((item, index) => {
    const id = `call-${callIndex}-${index}`;
    if ('text' in item) {
      const metadata = item.providerMetadata ? { providerMetadata: item.providerMetadata } : {};
      parts.push(
        { type: 'text-start', id, ...metadata },
        ...words(item.text).map((delta) => ({ type: 'text-delta' as const, id, delta })),
        {
          type: 'text-end',
          id,
          ...metadata,
          ...(item.citations ? { citations: item.citations } : {}),
        },
      );
    } else if ('reasoning' in item) {
      parts.push(
        { type: 'reasoning-start', id },
        ...words(item.reasoning).map((delta) => ({ type: 'reasoning-delta' as const, id, delta })),
        { type: 'reasoning-end', id },
      );
    } else if ('reasoningFile' in item) {
      parts.push({
        type: 'reasoning-file',
        mediaType: item.reasoningFile.mediaType,
        data: { type: 'data', data: item.reasoningFile.base64 },
      });
    } else if ('custom' in item) {
      parts.push({ type: 'custom', ...item.custom });
    } else {
      calledTools = true;
      const input = JSON.stringify(item.input);
      parts.push(
        { type: 'tool-input-start', id, toolName: item.tool },
        ...slices(input).map((delta) => ({ type: 'tool-input-delta' as const, id, delta })),
        { type: 'tool-input-end', id },
        {
          type: 'tool-call',
          toolCallId: id,
          toolName: item.tool,
          input,
          ...(item.providerMetadata ? { providerMetadata: item.providerMetadata } : {}),
        },
      );
    }
  });
  parts.push({
    type: 'finish',
    usage,
    finishReason: calledTools
      ? { unified: 'tool-calls', raw: 'tool_calls' }
      : { unified: 'stop', raw: 'stop' },
  });
  return parts;
}

/** The scenario a reader's message asks for. */
export type Scenario = 'retry' | 'approve' | 'steer' | 'extras' | 'plain';
export const scenarioOf = (text: string): Scenario =>
  (['retry', 'approve', 'steer', 'extras'] as const).find((name) => text.trim() === name) ??
  'plain';

/** How the agent tells its model what to say: headers of the `streamText` call. */
const SCENARIO = 'x-answer-ui-scenario';
const RUN = 'x-answer-ui-run';
const ATTEMPT = 'x-answer-ui-attempt';

const textOf = (message: UIMessage | undefined) =>
  message?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';

/** What the model says for `scenario`, at `step` of its run (the dropped attempt apart). */
/** Whether the reader denied the call the prompt's last tool message answers. */
const denied = (prompt: ModelPrompt) =>
  prompt
    .findLast((message) => message.role === 'tool')
    ?.content.some(
      (part) => part.type === 'tool-result' && part.output.type === 'execution-denied',
    ) ?? false;

function script(
  scenario: string,
  step: number,
  attempt: string | undefined,
  callIndex: number,
  prompt: ModelPrompt,
): Step {
  switch (scenario) {
    case 'retry':
      if (attempt === 'dropped')
        return [{ text: DRAFT_TEXT }, { tool: 'lookup', input: LOOKUP_INPUT }];
      return step === 0
        ? [{ text: RETRIED_TEXT }, { tool: 'lookup', input: LOOKUP_INPUT }]
        : [{ text: 'Done.' }];
    case 'approve':
      return [{ tool: 'delete_file', input: DELETE_INPUT }];
    case 'approve-continued':
      return [{ text: denied(prompt) ? 'Not deleted.' : 'Deleted.' }];
    case 'steer':
      return step === 0
        ? [
            { text: 'Checking Q3.' },
            { tool: 'lookup', input: LOOKUP_INPUT, providerMetadata: TOOL_CALL_METADATA },
          ]
        : [{ text: 'Q3 and Q4 are both up.' }];
    case 'extras':
      return [
        { reasoning: EXTRAS_REASONING },
        { reasoningFile: { mediaType: 'image/png', base64: PNG_BASE64 } },
        { custom: { kind: CUSTOM_KIND, providerMetadata: CUSTOM_METADATA } },
        { text: EXTRAS_TEXT, providerMetadata: TEXT_METADATA, citations: CITATIONS },
      ];
    default:
      return [{ text: `Answer number ${callIndex + 1}.` }];
  }
}

/** What happened to each response: sent to its end, or cut off by the client. */
export type ResponseFate = 'read to the end' | 'cancelled';

/** One chat's back end, and what it logged. */
export interface Ai7Agent {
  /** Every request body. */
  requests: unknown[];
  /** The messages each run saved when it ended (`onFinish`). */
  saved: UIMessage[][];
  /** Every request that failed: validation (400), conversion or the run (500, or in the stream). */
  errors: string[];
  /** The tools that ran (`lookup`, `delete_file {path}`). */
  executed: string[];
  /** Whether each response was read to its end (the server sets these). */
  fates: ResponseFate[];
  /** Every prompt the model was given, in order. */
  prompts(): ModelPrompt[];
  /** The chat route: `{ id, messages, trigger }` in, the UI message stream (or an error) out. */
  chat(body: { messages?: unknown }): Promise<Response>;
}

export function ai7Agent(): Ai7Agent {
  const stepsOfRun = new Map<string, number>();
  let calls = 0;
  const model = new MockLanguageModelV4({
    doStream: async (call: CallOptions) => {
      const callIndex = calls++;
      const headers = call.headers ?? {};
      const run = headers[RUN] ?? '';
      const attempt = headers[ATTEMPT];
      const step = attempt ? 0 : (stepsOfRun.get(run) ?? 0);
      if (!attempt) stepsOfRun.set(run, step + 1);
      return {
        stream: simulateReadableStream({
          chunks: stepParts(
            script(headers[SCENARIO] ?? 'plain', step, attempt, callIndex, call.prompt),
            callIndex,
          ),
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      };
    },
  });

  const requests: unknown[] = [];
  const saved: UIMessage[][] = [];
  const errors: string[] = [];
  const executed: string[] = [];
  const fates: ResponseFate[] = [];
  let runs = 0;

  const lookupSchema = z.object({ query: z.string() });
  /** The tools of one run; `onLookup` is called when `lookup` runs. */
  const toolsFor = (onLookup: () => void) => ({
    lookup: tool({
      description: 'Looks a figure up.',
      inputSchema: lookupSchema,
      execute: async () => {
        executed.push('lookup');
        onLookup();
        return LOOKUP_OUTPUT;
      },
    }),
    delete_file: tool({
      description: 'Deletes a file.',
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => {
        executed.push(`delete_file ${path}`);
        return { deleted: path };
      },
    }),
  });

  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

  return {
    requests,
    saved,
    errors,
    executed,
    fates,
    prompts: () => model.doStreamCalls.map((call) => call.prompt),
    async chat(body: { messages?: unknown }): Promise<Response> {
      requests.push(body);
      let messages: UIMessage[];
      try {
        messages = await validateUIMessages({ messages: body.messages });
      } catch (error) {
        errors.push(`validateUIMessages: ${errorText(error)}`);
        return Response.json({ error: String(error) }, { status: 400 });
      }
      let modelMessages: ModelMessage[];
      try {
        modelMessages = await convertToModelMessages(messages);
      } catch (error) {
        errors.push(`convertToModelMessages: ${errorText(error)}`);
        return Response.json({ error: String(error) }, { status: 500 });
      }
      const last = messages.at(-1);
      const lastUser = messages.findLast((message) => message.role === 'user');
      let scenario: string = scenarioOf(textOf(lastUser));
      // An approval answered: the same turn goes on.
      if (scenario === 'approve' && last?.role === 'assistant') scenario = 'approve-continued';
      const headers = { [SCENARIO]: scenario, [RUN]: String(++runs) };
      // streamText, its UI stream and createUIMessageStream each hear of a failure: noted once.
      const noted = new Set<string>();
      const onError = (error: unknown) => {
        const text = errorText(error);
        if (!noted.has(text)) errors.push(`streamText: ${text}`);
        noted.add(text);
        return text;
      };
      const steering = scenario === 'steer' ? experimental_createSteering() : undefined;
      const tools = toolsFor(() => {
        // The reader adds a message while step 1's tool runs; it joins the run at the next step.
        if (steering) void steering.steer(STEERING_TEXT, { id: STEERING_ID });
      });
      const settings = {
        model,
        messages: modelMessages,
        tools,
        stopWhen: stepCountIs(5),
        experimental_toolApprovalSecret: APPROVAL_SECRET,
        // Where a status gives the approval request its reason (`needsApproval` can only say yes or no).
        toolApproval: { delete_file: { type: 'user-approval' as const, reason: APPROVAL_REASON } },
        headers,
        onError: ({ error }: { error: unknown }) => void onError(error),
      };

      const stream = createUIMessageStream({
        originalMessages: messages,
        onError,
        execute: async ({ writer }) => {
          if (scenario === 'retry') {
            // The first attempt, as far as its tool call: a real run, whose `lookup` cannot run.
            const { lookup, ...others } = tools;
            const first = streamText({
              ...settings,
              tools: { ...others, lookup: tool({ inputSchema: lookupSchema }) },
              headers: { ...headers, [ATTEMPT]: 'dropped' },
            });
            const reader = first.toUIMessageStream({ sendFinish: false, onError }).getReader();
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              writer.write(value);
              if (value.type === 'tool-input-available') break;
            }
            await reader.cancel();
            // The attempt failed: its parts go, the step is tried again.
            writer.write({ type: 'reset-step' });
            const retried = streamText({ ...settings, tools: { ...others, lookup } });
            let stepStarted = false;
            writer.merge(
              retried.toUIMessageStream({ sendStart: false, onError }).pipeThrough(
                new TransformStream<UIMessageChunk, UIMessageChunk>({
                  transform(chunk, controller) {
                    // The step is still the one `start-step` opened: no second boundary for it.
                    if (chunk.type === 'start-step' && !stepStarted) stepStarted = true;
                    else controller.enqueue(chunk);
                  },
                }),
              ),
            );
            return;
          }
          const result = streamText({
            ...settings,
            ...(steering ? { experimental_steering: steering } : {}),
          });
          writer.merge(result.toUIMessageStream({ sendReasoning: true, onError }));
        },
        onFinish: ({ messages: all }) => void saved.push(all),
      });
      return firstFailureAs500(stream);
    },
  };
}

/**
 * The response for `stream`: a 500 with the error text when the run fails before anything of
 * its own (only `start` before the `error`), else the stream from its start.
 */
async function firstFailureAs500(stream: ReadableStream<UIMessageChunk>): Promise<Response> {
  const reader = stream.getReader();
  const head: UIMessageChunk[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value.type === 'error') {
      await reader.cancel();
      return Response.json({ error: value.errorText }, { status: 500 });
    }
    head.push(value);
    if (value.type !== 'start') break;
  }
  const replay = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return createUIMessageStreamResponse({ stream: replay });
}
