import type { ThreadMessage } from '../../conversation/index.js';

/** What a request asks for, as the AI SDK's chat transport says it. */
export interface ChatRequest {
  /** `submit-message` (a new or edited question, or a turn continued after approvals) or `regenerate-message`. */
  trigger: 'submit-message' | 'regenerate-message';
  /** The message the request is about: the edited question, the answer regenerated or continued. */
  messageId?: string;
}

/**
 * One protocol's door: how the thread asks its back end for an answer,
 * reads a stream, resumes an answer in flight and stops it. Each protocol
 * is a folder of `link/` (`ai-sdk/`, `ag-ui/`) that builds one; the thread
 * picks one by its `protocol` attribute, in one place (`AgentLink`), so a
 * third protocol is one more folder.
 */
export interface Protocol {
  /** Asks for the answer that follows `history` and reads it into the open turn. */
  post(history: readonly ThreadMessage[], request: ChatRequest): Promise<void>;
  /** Reads a stream the host fetched itself into the thread. */
  consume(source: Response | ReadableStream<Uint8Array>): Promise<void>;
  /** The saved thread `threadId` is shown: a protocol that resumes asks for its answer in flight. */
  shown(threadId: string | undefined): void;
  /** Stops asking after an answer cut off (a send, a switch or a stream of the host's own comes first). */
  cancelResume(): void;
  /** Stops the answer: the request and the reading; what arrived is kept. */
  stop(): void;
}

export type ProtocolName = 'ai-sdk' | 'ag-ui';
