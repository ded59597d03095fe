import type { ThreadContext } from '../../context.js';
import type { Protocol } from '../protocol.js';
import type { StreamProtocol, StreamReader } from '../stream-reader.js';
import { uiMessageEvents } from './events.js';
import { ResumeController } from './resume-controller.js';
import { postChat, stopChat } from './transport.js';

/**
 * The AI SDK's door (the default): `useChat`'s request (`{ id, messages,
 * trigger }`), its UI message stream, resuming an answer in flight
 * (`GET {api}/{chatId}/stream`) on connect and after a dropped connection,
 * and with `resume`, Stop as a resumable back end is told
 * (`POST {api}/{chatId}/stop`).
 */
export function aiSdkProtocol(ctx: ThreadContext, stream: StreamReader): Protocol {
  const { host, state, persistence, chatId, busy } = ctx;
  const reading: StreamProtocol = {
    events: (context) =>
      uiMessageEvents(
        {
          receive: ctx.receive,
          late: (part) => stream.late(part),
          replayStarts: (first) => resumer.replayStarts(first),
        },
        context,
      ),
    reconnect: (signal, attempt) => resumer.reconnect(signal, attempt),
  };
  const resumer: ResumeController = new ResumeController(host, {
    state,
    chatId,
    busy,
    replay: (response) => stream.read(response, reading, { replay: true }),
    replaced: (old, fresh) => persistence.replaced(old, fresh),
  });
  return {
    async post(history, request) {
      const { api, requestOptions } = host;
      if (!api) return;
      const id = chatId();
      await stream.post(
        (signal) => postChat(api, id, history, requestOptions, signal, request),
        reading,
      );
    },
    consume: (source) => stream.read(source, reading),
    shown(threadId) {
      if (host.resume) void resumer.connect(threadId);
      else resumer.cancel();
    },
    cancelResume: () => resumer.cancel(),
    stop() {
      // A resumable back end keeps generating through a dropped connection: it is told to stop.
      if (host.resume && host.api && stream.active)
        stopChat(host.api, chatId(), host.requestOptions);
      stream.cancel();
    },
  };
}
