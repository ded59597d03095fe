import type { IncomingMessage, ServerResponse } from 'node:http';

/** A `useChat` request body, as the thread sends it. */
export interface ChatBody {
  id?: string;
  messages: { role: string; parts: { type: string; text?: string }[] }[];
  trigger?: string;
}
/** The answer to one request, as AI SDK UI message stream parts. */
export declare function answerParts(body: ChatBody, turn: number): Record<string, unknown>[];
/** `POST /api/chat` as a Node (or Connect) handler; calls `next()` for any other request. */
export declare function chatRoute(options?: {
  onRequest?: (body: ChatBody) => void;
}): (request: IncomingMessage, response: ServerResponse, next: () => void) => Promise<void>;
/** Starts the back end on 127.0.0.1; resolves with its URL and a `close()`. */
export declare function startServer(options: {
  root: string;
  port?: number;
  onRequest?: (body: ChatBody) => void;
}): Promise<{ url: string; close(): Promise<void> }>;
