import type { FormValue } from '../../catalog/index.js';
import {
  answerApproval,
  pendingApprovals,
  type AssistantTurn,
  type FileRef,
  type InterruptItem,
  type ThreadMessage,
  type UserMessage,
} from '../../conversation/index.js';
import { listenWhileConnected } from '../changes.js';
import type { ThreadContext } from '../context.js';
import { AnswerSendEvent } from '../events.js';
import type { ChatRequest } from './protocol.js';

interface Question {
  text: string;
  data?: unknown;
  files?: FileRef[];
}

/**
 * Everything that asks the agent for an answer, as `useChat` asks: a new
 * question (queued while an answer streams), an answer regenerated or
 * retried, a question edited and sent again, and a turn continued once the
 * reader has answered every tool approval it asked for. Each is decided
 * and shown here at once; the request itself goes through the `AgentLink`.
 */
export class ChatRequests {
  private queued: Question[] = [];
  /** An interrupt was answered while a stream was read: the run resumes once it ends. */
  private resumeQueued = false;

  constructor(private readonly ctx: ThreadContext) {
    const { host } = ctx;
    // An approval card is the thread's own (never part of a block): only the reader's click on it answers.
    host.addEventListener('answer-approval-response', (event) => {
      const { approvalId, approved, reason } = event.detail;
      void this.answerApproval(approvalId, approved, reason);
    });
    host.addEventListener('answer-interrupt-response', (event) => {
      const { interruptId, values } = event.detail;
      void this.answerInterrupt(interruptId, values);
    });
    // A question asked while an answer streamed goes once that answer is over (when no stream is
    // still being read: then it goes when the stream ends).
    listenWhileConnected(host, ctx.state, (change) => {
      if (change.closed) queueMicrotask(() => this.sendQueued());
    });
  }

  /** Sends a question as the reader (see `<agent-thread>.send`). */
  async send(question: Question, editing?: UserMessage): Promise<void> {
    const { state, persistence, busy } = this.ctx;
    if (busy()) {
      if (!editing) this.queued.push(question);
      return;
    }
    if (editing) this.drop(editing);
    const { text, data, files } = question;
    // The question is in the thread before listeners hear of it: a host that
    // answers at once, inside its listener, gets its answer after the question.
    persistence.changed(state.addUser(text, data, files, editing?.id), true);
    this.ctx.follow.follow();
    this.ctx.host.requestUpdate();
    const detail = {
      text,
      ...(data === undefined ? {} : { data }),
      ...(files?.length ? { files } : {}),
    };
    if (!this.ctx.host.dispatchEvent(new AnswerSendEvent(detail))) return;
    await this.ask({ trigger: 'submit-message', ...(editing ? { messageId: editing.id } : {}) });
  }

  /** Sends a message that waited for the previous answer (e.g. a form submitted mid-turn). */
  sendQueued() {
    if (this.ctx.busy()) return;
    // An interrupt answered while its run was still being read resumes first.
    if (this.resumeQueued) {
      this.resumeQueued = false;
      void this.ask({ trigger: 'submit-message' });
      return;
    }
    const next = this.queued.shift();
    if (next) void this.send(next);
  }

  /** Forgets the questions waiting for the answer under way. */
  clearQueue() {
    this.queued = [];
    this.resumeQueued = false;
  }

  /** Whether the thread can ask its back end again on its own (regenerate, retry, edit, approvals). */
  get canAsk(): boolean {
    return Boolean(this.ctx.host.api);
  }

  /** Asks again for the last answer (`turn`, when given, must be it): it goes, in storage too, and a new answer takes its place. */
  async regenerate(turn = this.ctx.state.messages.at(-1)): Promise<void> {
    if (
      !this.canAsk ||
      this.ctx.busy() ||
      turn?.role !== 'assistant' ||
      this.ctx.state.messages.at(-1) !== turn
    )
      return;
    this.drop(turn);
    await this.ask({ trigger: 'regenerate-message', messageId: turn.id });
  }

  /** The reader answered an approval request; once every request of the turn has an answer, the turn goes on. */
  async answerApproval(approvalId: string, approved: boolean, reason?: string): Promise<void> {
    const { state } = this.ctx;
    const tool = pendingApprovals(state.messages).find((item) => item.approval?.id === approvalId);
    if (!tool) return;
    const turn = answerApproval(state.messages, tool, approved, reason);
    state.announce({ turn: state.messages.at(-1) as AssistantTurn });
    this.ctx.host.requestUpdate();
    if (!turn || !this.canAsk || this.ctx.busy()) return;
    const history = [...state.messages];
    state.continueTurn(turn);
    await this.ctx.link.post(history, { trigger: 'submit-message', messageId: turn.id });
  }

  /**
   * The reader answered an interrupt the last answer ended on (AG-UI): the
   * answer is kept on it, and a run resumes from it (the AG-UI reader sends
   * it as `resume`).
   */
  async answerInterrupt(interruptId: string, values: Record<string, FormValue>): Promise<void> {
    const { state } = this.ctx;
    const turn = state.messages.at(-1);
    const item =
      turn?.role === 'assistant'
        ? turn.items.find(
            (i): i is InterruptItem => i.kind === 'interrupt' && i.interruptId === interruptId,
          )
        : undefined;
    if (!turn || !item || item.answer || item.cancelled) return;
    item.answer = values;
    state.announce({ turn: turn as AssistantTurn });
    if (this.ctx.busy()) this.resumeQueued = true;
    else await this.ask({ trigger: 'submit-message' });
  }

  /** `message` and all after it leave the conversation, on screen and in storage. */
  private drop(message: ThreadMessage) {
    const dropped = this.ctx.state.dropFrom(message);
    this.ctx.persistence.dropped(dropped);
    this.ctx.host.requestUpdate();
  }

  /** Opens a turn for the answer to the conversation so far and streams it. */
  private async ask(request: ChatRequest): Promise<void> {
    if (!this.ctx.host.api) return;
    const { state, link } = this.ctx;
    // A new question supersedes whatever answer connecting was asking after.
    link.cancelResume();
    const history = [...state.messages];
    state.openNewTurn();
    await link.post(history, request);
  }
}
