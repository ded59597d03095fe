/*
 * The fetch-style back end (Request in, Response out) on node:http, for the
 * playground server and the test runner's loopback routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The incoming request as a fetch `Request`. */
export async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.entries(req.headers).flatMap(([name, value]) =>
    typeof value === 'string' ? [[name, value] as [string, string]] : [],
  );
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    body,
  });
}

export interface SendOptions {
  /**
   * Cuts the connection, as a network failure would, once the text sent so
   * far satisfies this (a rehearsal of a dropped answer).
   */
  dropWhen?: (sent: string) => boolean;
}

/** Writes `response` to `res`, streaming its body; stops reading it when the client goes away. */
export async function sendResponse(
  res: ServerResponse,
  response: Response,
  options: SendOptions = {},
): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let sent = '';
  res.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { value, done } = await reader
      .read()
      .catch(() => ({ value: undefined, done: true as const }));
    if (done || res.destroyed) break;
    // Handed to the socket before the next chunk, so a drop below comes after it.
    await new Promise((resolve) => res.write(value, resolve));
    sent += options.dropWhen ? decoder.decode(value, { stream: true }) : '';
    if (options.dropWhen?.(sent)) {
      // A moment for the page to read what arrived: a network error discards what a stream has not yet handed out.
      await new Promise((resolve) => setTimeout(resolve, 300));
      res.socket?.destroy();
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
  res.end();
}
