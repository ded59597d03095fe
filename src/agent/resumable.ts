import { UI_MESSAGE_STREAM_HEADERS } from 'ai';

/**
 * The part of the `resumable-stream` package's context that a chat route
 * uses. `memoryResumableStreams()` implements it for one process; a
 * deployment of several processes passes `createResumableStreamContext()`
 * from that package instead, unchanged.
 */
export interface ResumableStreams {
  /** Records `makeStream()` under `streamId` (replacing what was there) and returns a reader of it from the start. */
  createNewResumableStream(
    streamId: string,
    makeStream: () => ReadableStream<string>,
    skipCharacters?: number,
  ): Promise<ReadableStream<string> | null>;
  /** The stream recorded under `streamId` from its start, then live as it goes on; `undefined` when there is none. */
  resumeExistingStream(
    streamId: string,
    skipCharacters?: number,
  ): Promise<ReadableStream<string> | null | undefined>;
}

export interface MemoryResumableStreamsOptions {
  /** Streams kept at once (default 100); the oldest finished ones go first, then the oldest running. */
  maxStreams?: number;
  /** UTF-8 bytes one stream may record (default 4 MiB); a longer one stops being resumable. */
  maxStreamBytes?: number;
  /** UTF-8 bytes all streams together may hold (default 64 MiB). */
  maxTotalBytes?: number;
  /** How long a finished stream can still be replayed (default 60 s): a reader cut off just before the end still gets the whole answer. */
  keepFinishedMs?: number;
}

const encoder = new TextEncoder();

/** One stream as it is recorded, with a way to wait for more of it. */
class Recording {
  chunks: string[] = [];
  bytes = 0;
  finishedAt: number | undefined;
  dropped = false;
  private waiting: (() => void)[] = [];

  constructor(private readonly source: ReadableStreamDefaultReader<string>) {}

  append(chunk: string) {
    this.chunks.push(chunk);
    this.bytes += encoder.encode(chunk).byteLength;
    this.wake();
  }

  finish() {
    this.finishedAt ??= Date.now();
    this.wake();
  }

  /** Stops recording and lets go of what was recorded; readers end where they are. */
  drop() {
    this.dropped = true;
    this.chunks = [];
    this.source.cancel().catch(() => undefined);
    this.wake();
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** A reader of the whole recording, from the start (less `skip` characters) and then live. */
  replay(skip = 0): ReadableStream<string> {
    let index = 0;
    let toSkip = skip;
    return new ReadableStream<string>(
      {
        pull: async (controller) => {
          for (;;) {
            if (this.dropped) return controller.close();
            const chunk = this.chunks[index];
            if (chunk !== undefined) {
              index += 1;
              if (chunk.length <= toSkip) {
                toSkip -= chunk.length;
                continue;
              }
              controller.enqueue(chunk.slice(toSkip));
              toSkip = 0;
              return;
            }
            if (this.finishedAt !== undefined) return controller.close();
            await this.changed();
          }
        },
      },
      // Pulled one chunk at a time: a slow reader holds no copy of its own.
      { highWaterMark: 0 },
    );
  }
}

/**
 * A bounded in-memory store of resumable streams for one process: what the
 * resume route (`GET {api}/{chatId}/stream`) replays to a reader whose
 * connection dropped or who reloaded the page mid-answer.
 *
 * ```ts
 * const streams = memoryResumableStreams();
 * // POST: record the answer while it streams
 * return createUIMessageStreamResponse({
 *   stream,
 *   consumeSseStream: async ({ stream }) => {
 *     await streams.createNewResumableStream(chatId, () => stream);
 *   },
 * });
 * // GET {api}/{chatId}/stream
 * return resumeStreamResponse(streams, chatId);
 * ```
 */
export function memoryResumableStreams(
  options: MemoryResumableStreamsOptions = {},
): ResumableStreams {
  const {
    maxStreams = 100,
    maxStreamBytes = 4 * 1024 * 1024,
    maxTotalBytes = 64 * 1024 * 1024,
    keepFinishedMs = 60_000,
  } = options;
  const recordings = new Map<string, Recording>();

  const remove = (id: string, recording: Recording) => {
    if (recordings.get(id) === recording) recordings.delete(id);
    recording.drop();
  };
  const expired = (recording: Recording) =>
    recording.finishedAt !== undefined && Date.now() - recording.finishedAt >= keepFinishedMs;
  const sweep = () => {
    for (const [id, recording] of recordings) if (expired(recording)) remove(id, recording);
  };
  const totalBytes = () => [...recordings.values()].reduce((sum, r) => sum + r.bytes, 0);
  /** The oldest stream to give up for room: finished ones before running ones, never `keep`. */
  const evictOne = (keep: Recording): boolean => {
    const entries = [...recordings].filter(([, r]) => r !== keep);
    const victim = entries.find(([, r]) => r.finishedAt !== undefined) ?? entries[0];
    if (victim) remove(...victim);
    return Boolean(victim);
  };

  async function record(
    id: string,
    recording: Recording,
    reader: ReadableStreamDefaultReader<string>,
  ) {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || recording.dropped) break;
        recording.append(value);
        if (recording.bytes > maxStreamBytes) return remove(id, recording);
        while (totalBytes() > maxTotalBytes) if (!evictOne(recording)) return remove(id, recording);
      }
    } catch {
      // A stream that fails ends like one cut off: readers see it stop.
    }
    recording.finish();
  }

  return {
    async createNewResumableStream(streamId, makeStream, skipCharacters) {
      sweep();
      const previous = recordings.get(streamId);
      if (previous) remove(streamId, previous);
      const reader = makeStream().getReader();
      const recording = new Recording(reader);
      recordings.set(streamId, recording);
      while (recordings.size > maxStreams) if (!evictOne(recording)) break;
      void record(streamId, recording, reader);
      return recording.replay(skipCharacters);
    },
    async resumeExistingStream(streamId, skipCharacters) {
      sweep();
      return recordings.get(streamId)?.replay(skipCharacters);
    },
  };
}

/**
 * The resume route's answer, as `useChat({ resume: true })` and
 * `<agent-thread resume>` expect it: `204` when nothing is recorded under
 * `streamId`, else the recorded UI message stream from its start.
 */
export async function resumeStreamResponse(
  streams: Pick<ResumableStreams, 'resumeExistingStream'>,
  streamId: string,
): Promise<Response> {
  const stream = await streams.resumeExistingStream(streamId);
  if (!stream) return new Response(null, { status: 204 });
  return new Response(stream.pipeThrough(new TextEncoderStream()), {
    headers: UI_MESSAGE_STREAM_HEADERS,
  });
}
