/**
 * The back end the README shows, as a module the playground and the
 * end-to-end test run: a chat route for `<agent-thread>` (or `useChat`)
 * built on the AI SDK and answer-ui/agent, and the resume and stop routes beside it.
 * Framework-free: `POST` takes a fetch `Request` and returns a `Response`,
 * as route handlers of Next.js, Hono, Remix or Bun do.
 */
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  generateId,
  streamText,
  type LanguageModel,
  type ToolSet,
} from 'ai';
import {
  answerStopWhen,
  answerTools,
  memoryResumableStreams,
  resumeStreamResponse,
  toModelMessages,
  withoutAnswerToolCalls,
  type ResumableStreams,
} from '../src/agent/index.js';

export interface AnswerBackendOptions {
  model: LanguageModel;
  system?: string;
  /** The agent's own tools, beside present_answer and final_answer. */
  tools?: ToolSet;
  /** Where answers in flight are kept for the resume route; across processes, the resumable-stream package's context. */
  streams?: ResumableStreams;
}

export function answerBackend({
  model,
  system,
  tools = {},
  streams = memoryResumableStreams(),
}: AnswerBackendOptions) {
  /** Each chat's answer in flight, so the stop route can end it (a dropped connection does not). */
  const running = new Map<string, AbortController>();
  return {
    /** POST {api}: the body is `{ id, messages, trigger }`. */
    async POST(request: Request): Promise<Response> {
      const { id, messages } = await request.json().catch(() => ({}));
      if (typeof id !== 'string' || !Array.isArray(messages))
        return new Response('expected a JSON body { id, messages, trigger }', { status: 400 });
      running.get(id)?.abort();
      const stop = new AbortController();
      running.set(id, stop);
      const stream = createUIMessageStream({
        // The start part then carries the answer's message id, so a replay replaces that turn, never adds one.
        originalMessages: messages,
        generateId,
        async execute({ writer }) {
          const result = streamText({
            model,
            system,
            messages: await toModelMessages(messages),
            tools: { ...tools, ...answerTools(writer) },
            stopWhen: answerStopWhen(),
            // Not the request's signal: a reader who drops can resume; only the stop route ends the run.
            abortSignal: stop.signal,
          });
          writer.merge(withoutAnswerToolCalls(result.toUIMessageStream()));
        },
        onFinish: () => {
          if (running.get(id) === stop) running.delete(id);
        },
      });
      return createUIMessageStreamResponse({
        stream,
        // A copy of the response, recorded while it streams, for the resume route.
        // The SDK does not wait for it: a store that fails (Redis down) costs resuming, not the answer.
        consumeSseStream: async ({ stream }) => {
          await streams.createNewResumableStream(id, () => stream).catch(() => undefined);
        },
      });
    },

    /** GET {api}/{id}/stream: the answer in flight, from its start, or 204. */
    GET: (id: string): Promise<Response> => resumeStreamResponse(streams, id),

    /** POST {api}/{id}/stop: the reader pressed Stop; the answer in flight ends (its stream with an `abort` part). */
    STOP(id: string): Response {
      running.get(id)?.abort();
      running.delete(id);
      return new Response(null, { status: 204 });
    },
  };
}
