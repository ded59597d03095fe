import { takeLateResult, type ThreadMessage } from '../../conversation/index.js';
import type { ThreadContext } from '../context.js';
import type { AgUiConnection } from './ag-ui/connection.js';
import { ResumeController } from './resume-controller.js';
import { StreamReader } from './stream-reader.js';
import { postChat, type ChatRequest } from './transport.js';

/*
 * The code a thread needs only once it talks to its agent over the network:
 * the request, the stream reader and resuming. `AgentLink` loads this
 * module when the page is idle, or at once when the thread needs it first,
 * so a thread page paints before any of it is loaded.
 */

/** Builds the thread's streaming parts, wired to each other and to the thread. */
export function startStreaming(ctx: ThreadContext, agUi: AgUiConnection) {
  const { host, state, persistence, chatId, busy, receive, report, streamEnded } = ctx;
  const stream: StreamReader = new StreamReader(
    host,
    {
      answering: () => Boolean(state.openTurn),
      openTurn: () => state.openTurn ?? state.openNewTurn(),
      receive,
      late: (json) => {
        const turn = takeLateResult(state, json);
        if (turn) persistence.changed(turn, true);
      },
      report,
      streamEnded,
      reconnect: (signal, attempt) => resumer.reconnect(signal, attempt),
      replayStarts: (json) => resumer.replayStarts(json),
    },
    () => host.streamLimits,
  );
  const resumer = new ResumeController(host, {
    state,
    chatId,
    busy,
    replay: (response) => stream.read(response, true),
    replaced: (old, fresh) => persistence.replaced(old, fresh),
  });
  /** Asks the agent for the answer that follows `history` and reads it into the open turn. */
  const post = async (history: readonly ThreadMessage[], request: ChatRequest): Promise<void> => {
    const { api, requestOptions } = host;
    if (!api) return;
    const id = chatId();
    if (host.protocol === 'ag-ui') return agUi.run(stream, api, id, history, requestOptions);
    await stream.post((signal) => postChat(api, id, history, requestOptions, signal, request));
  };
  return { stream, resumer, post };
}

export type Streaming = ReturnType<typeof startStreaming>;
