import {
  takeLateResult,
  type NoticeCode,
  type ThreadMessage,
  type ThreadState,
  type TurnEnding,
} from '../../conversation/index.js';
import type { AgUiConnection } from './ag-ui/connection.js';
import type { ThreadPersistence } from '../persistence/persistence.js';
import { ResumeController, type ResumeHost } from './resume-controller.js';
import { StreamReader } from './stream-reader.js';
import { postChat, type ChatRequest } from './transport.js';

/*
 * The code a thread needs only once it talks to its agent over the network:
 * the request, the stream reader and resuming. `AgentLink` loads this
 * module when the page is idle, or at once when the thread needs it first,
 * so a thread page paints before any of it is loaded.
 */

/** The thread element as the streaming parts see it. */
export type StreamingHost = ResumeHost &
  HTMLElement & { readonly protocol: 'ai-sdk' | 'ag-ui'; agentState: unknown };

/** The thread's parts the streaming parts work with. */
export interface ThreadParts {
  state: ThreadState;
  persistence: ThreadPersistence;
  /**
   * The AG-UI side, which loads its own reader. It is built with the thread
   * so that the reader chunk is imported from the entry: a chunk imported
   * from another chunk would make the bundler split the modules it shares
   * with the entry into chunks the entry loads up front.
   */
  agUi: AgUiConnection;
  /** The id the chat is sent under (`thread-id`, or the element's own). */
  chatId(): string;
  busy(): boolean;
  /** Applies one part; true when it ended the turn. */
  receive(json: unknown): boolean;
  /** Adds an inline notice, fires `answer-error`, and ends the turn as `endAs` when given. */
  report(code: NoticeCode, detail: string, endAs?: TurnEnding): void;
  /** No stream is read any more: a question that waited may go, a switch that waited may happen. */
  streamEnded(): void;
}

/** Builds the thread's streaming parts, wired to each other and to the thread. */
export function startStreaming(host: StreamingHost, parts: ThreadParts) {
  const { state, persistence, agUi, chatId, busy, receive, report, streamEnded } = parts;
  const stream: StreamReader = new StreamReader(host, {
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
  });
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
