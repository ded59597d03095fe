import { AnswerStateEvent } from '../../events.js';
import { loadOnce } from '../../../base/lazy.js';
import type {
  AssistantTurn,
  NoticeCode,
  StreamPart,
  ThreadMessage,
} from '../../../conversation/index.js';
import type { ThreadContext } from '../../context.js';
import type { Protocol } from '../protocol.js';
import type { EventHandler, StreamReader } from '../stream-reader.js';
import type { RequestOptions } from '../request-options.js';

/** What the AG-UI reader needs of the thread it feeds. */
export interface AgUiTarget {
  /** Applies one stream part; true when the turn is over. */
  receive(part: StreamPart): boolean;
  /** Adds a notice to the open turn and fires `answer-error`. */
  report(code: NoticeCode, detail: string): void;
  /** The conversation as shown. */
  messages(): readonly ThreadMessage[];
  /** A turn changed in place: every part of the thread hears it (it renders again, and is saved). */
  changed(turn: AssistantTurn): void;
  /** A messages snapshot replaces the conversation, on screen and in storage. */
  replace(messages: ThreadMessage[]): Promise<void>;
  state(): unknown;
  setState(state: unknown): void;
}

/**
 * The thread's side of `protocol="ag-ui"`: loads the AG-UI reader on first
 * use, so a page that never speaks AG-UI loads none of it, and gives it the
 * thread's conversation, storage and agent state.
 */
export class AgUiConnection {
  private readonly load = loadOnce(() => import('./reader.chunk.js'));
  private readonly target: AgUiTarget;

  constructor(private readonly ctx: ThreadContext) {
    const { host, state: thread, persistence, follow } = ctx;
    this.target = {
      receive: ctx.receive,
      report: ctx.report,
      messages: () => thread.messages,
      changed: (turn) => void thread.announce({ turn }),
      replace: async (messages) => {
        // New objects, saved as new records in order: a kept message's old place in storage is gone with the rest.
        const fresh = structuredClone(messages);
        const cleared = persistence.clear();
        thread.messages = fresh;
        follow.reset(fresh.length);
        host.requestUpdate();
        await cleared;
        fresh.forEach((message) => persistence.changed(message, true));
      },
      state: () => host.agentState,
      setState: (state) => {
        host.agentState = state;
        host.dispatchEvent(new AnswerStateEvent({ state }));
      },
    };
  }

  /** Runs the agent at `api` on the conversation so far and reads its events into the thread. */
  async run(
    stream: StreamReader,
    api: string,
    threadId: string,
    messages: readonly ThreadMessage[],
    options: RequestOptions,
  ): Promise<void> {
    let events: EventHandler | undefined;
    await stream.post(
      async (signal) => {
        const reader = await this.load();
        events = reader.runEvents(this.target, (part) => stream.late(part));
        return reader.postRun(
          {
            api,
            threadId,
            messages,
            state: this.ctx.host.agentState,
            options,
            changed: this.target.changed,
          },
          signal,
        );
      },
      {
        events: () => ({
          event: (data) => events!.event(data),
          late: (data) => events!.late(data),
        }),
      },
    );
  }

  /** Reads an AG-UI event stream the host fetched itself into the thread. */
  async consume(
    stream: StreamReader,
    source: Response | ReadableStream<Uint8Array>,
  ): Promise<void> {
    const reader = await this.load();
    await stream.read(source, {
      events: () => reader.runEvents(this.target, (part) => stream.late(part)),
    });
  }

  /**
   * AG-UI's door, reading with `stream`: a `RunAgentInput` for each run and
   * its events; a run is never resumed (resuming is the AI SDK's convention).
   */
  protocol(stream: StreamReader): Protocol {
    const { host, chatId } = this.ctx;
    return {
      post: async (history) => {
        if (host.api) await this.run(stream, host.api, chatId(), history, host.requestOptions);
      },
      consume: (source) => this.consume(stream, source),
      shown: () => undefined,
      cancelResume: () => undefined,
      stop: () => stream.cancel(),
    };
  }
}
