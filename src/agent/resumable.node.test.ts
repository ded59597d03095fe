import { expect } from 'chai';
import { memoryResumableStreams, resumeStreamResponse } from './resumable.js';

/** A source stream the test writes to, as an answer streams in. */
function source() {
  let controller!: ReadableStreamDefaultController<string>;
  const stream = new ReadableStream<string>({ start: (c) => void (controller = c) });
  return {
    stream,
    write: (chunk: string) => controller.enqueue(chunk),
    end: () => controller.close(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KEEP_FINISHED_MS = 40;

async function readAll(stream: ReadableStream<string> | null | undefined): Promise<string> {
  let text = '';
  const reader = stream!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) text += next.value;
  return text;
}

/**
 * A reader that takes the next `length` characters as they arrive (more, if a chunk brings more:
 * the test then sees them), and tells when the stream ended. A stream that never brings them
 * fails the test by its timeout.
 */
function follow(stream: ReadableStream<string> | null | undefined) {
  const reader = stream!.getReader();
  return {
    async take(length: number): Promise<string> {
      let text = '';
      while (text.length < length) {
        const next = await reader.read();
        if (next.done) break;
        text += next.value;
      }
      return text;
    },
    async ended(): Promise<boolean> {
      return (await reader.read()).done;
    },
  };
}

describe('memoryResumableStreams', () => {
  it('replays a stream in flight from its start, then follows it live to its end', async () => {
    const streams = memoryResumableStreams();
    const answer = source();
    const live = follow(await streams.createNewResumableStream('chat-1', () => answer.stream));
    const start = 'data: {"type":"start"}\n\n';
    const hel = 'data: {"type":"text-delta","delta":"Hel"}\n\n';
    const lo = 'data: {"type":"text-delta","delta":"lo"}\n\n';
    const done = 'data: [DONE]\n\n';
    answer.write(start);
    answer.write(hel);
    // The writer's own reader has them: they are recorded.
    expect(await live.take((start + hel).length)).to.equal(start + hel);
    const reader = follow(await streams.resumeExistingStream('chat-1'));
    expect(await reader.take((start + hel).length)).to.equal(start + hel);
    answer.write(lo);
    expect(await reader.take(lo.length)).to.equal(lo);
    answer.write(done);
    answer.end();
    expect(await reader.take(done.length)).to.equal(done);
    expect(await reader.ended()).to.equal(true);
  });

  it('gives every reader the whole stream, also shortly after it finished, and skips characters on request', async () => {
    const streams = memoryResumableStreams();
    const answer = source();
    await streams.createNewResumableStream('chat-1', () => answer.stream);
    const early = readAll(await streams.resumeExistingStream('chat-1'));
    answer.write('abc');
    answer.write('def');
    answer.end();
    expect(await early).to.equal('abcdef');
    expect(await readAll(await streams.resumeExistingStream('chat-1'))).to.equal('abcdef');
    expect(await readAll(await streams.resumeExistingStream('chat-1', 4))).to.equal('ef');
  });

  it('answers the resume route with the UI message stream, or 204 when there is none or it has expired', async () => {
    const streams = memoryResumableStreams({ keepFinishedMs: KEEP_FINISHED_MS });
    expect((await resumeStreamResponse(streams, 'unknown')).status).to.equal(204);
    const answer = source();
    const live = streams.createNewResumableStream('chat-1', () => answer.stream);
    answer.write('data: {"type":"start"}\n\n');
    answer.end();
    // The writer's own reader has ended: the recording is finished.
    await readAll(await live);
    const finished = Date.now();
    const response = await resumeStreamResponse(streams, 'chat-1');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).to.equal('v1');
    expect(await response.text()).to.equal('data: {"type":"start"}\n\n');
    // Expiry is the behaviour under test: keepFinishedMs must pass on the clock the store reads.
    while (Date.now() - finished < KEEP_FINISHED_MS) await sleep(KEEP_FINISHED_MS);
    expect((await resumeStreamResponse(streams, 'chat-1')).status).to.equal(204);
  });

  it('replaces the stream of a chat when the chat sends again', async () => {
    const streams = memoryResumableStreams();
    const first = source();
    const live = follow(await streams.createNewResumableStream('chat-1', () => first.stream));
    first.write('first answer');
    await live.take('first answer'.length);
    const stale = readAll(await streams.resumeExistingStream('chat-1'));
    const second = source();
    await streams.createNewResumableStream('chat-1', () => second.stream);
    second.write('second answer');
    second.end();
    expect(await readAll(await streams.resumeExistingStream('chat-1'))).to.equal('second answer');
    // A reader of the replaced stream ends rather than waiting for ever.
    expect(await stale).to.be.a('string');
  });

  it('keeps at most maxStreams, giving up finished streams before running ones', async () => {
    const streams = memoryResumableStreams({ maxStreams: 2 });
    const [a, b, c, d] = [source(), source(), source(), source()];
    await streams.createNewResumableStream('a', () => a.stream);
    const live = streams.createNewResumableStream('b', () => b.stream);
    b.end();
    // The writer's own reader of b has ended: b is finished.
    await readAll(await live);
    await streams.createNewResumableStream('c', () => c.stream);
    expect(await streams.resumeExistingStream('b')).to.equal(undefined);
    expect(await streams.resumeExistingStream('a')).to.be.an.instanceOf(ReadableStream);
    await streams.createNewResumableStream('d', () => d.stream);
    expect(await streams.resumeExistingStream('a')).to.equal(undefined);
    expect(await streams.resumeExistingStream('c')).to.be.an.instanceOf(ReadableStream);
    expect(await streams.resumeExistingStream('d')).to.be.an.instanceOf(ReadableStream);
  });

  it('stops recording a stream over maxStreamBytes, without touching the response it was copied from', async () => {
    const streams = memoryResumableStreams({ maxStreamBytes: 10 });
    const answer = source();
    const [response, copy] = answer.stream.tee();
    await streams.createNewResumableStream('chat-1', () => copy);
    const reader = follow(await streams.resumeExistingStream('chat-1'));
    answer.write('12345');
    expect(await reader.take(5)).to.equal('12345');
    answer.write('678€');
    expect(await reader.ended()).to.equal(true);
    expect(await streams.resumeExistingStream('chat-1')).to.equal(undefined);
    answer.write('more');
    answer.end();
    expect(await readAll(response)).to.equal('12345678€more');
  });

  it('holds at most maxTotalBytes across streams, giving up the oldest first', async () => {
    const streams = memoryResumableStreams({ maxTotalBytes: 20 });
    const [a, b, c] = [source(), source(), source()];
    for (const [id, s] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      const live = follow(await streams.createNewResumableStream(id, () => s.stream));
      s.write('12345678');
      // The writer's own reader has it: it is recorded (and counted) before the next stream.
      await live.take(8);
    }
    expect(await streams.resumeExistingStream('a')).to.equal(undefined);
    // Running streams: what is recorded so far, and then (on the next write) what follows it.
    for (const [id, s] of [
      ['b', b],
      ['c', c],
    ] as const) {
      const reader = follow(await streams.resumeExistingStream(id));
      expect(await reader.take(8)).to.equal('12345678');
      s.write('9');
      expect(await reader.take(1)).to.equal('9');
    }
  });
});
