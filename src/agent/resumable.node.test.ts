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

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll(stream: ReadableStream<string> | null | undefined): Promise<string> {
  let text = '';
  const reader = stream!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) text += next.value;
  return text;
}

/** A reader that can take what has arrived so far without waiting for the end, and tell when the stream ended. */
function follow(stream: ReadableStream<string>) {
  const reader = stream.getReader();
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  const next = () => (pending ??= reader.read());
  return {
    async available(): Promise<string> {
      let text = '';
      for (;;) {
        const result = await Promise.race([next(), tick().then(() => undefined)]);
        if (!result) return text;
        pending = undefined;
        if (result.done) return text;
        text += result.value;
      }
    },
    async ended(): Promise<boolean> {
      const result = await next();
      pending = undefined;
      return result.done;
    },
  };
}

describe('memoryResumableStreams', () => {
  it('replays a stream in flight from its start, then follows it live to its end', async () => {
    const streams = memoryResumableStreams();
    const answer = source();
    await streams.createNewResumableStream('chat-1', () => answer.stream);
    answer.write('data: {"type":"start"}\n\n');
    answer.write('data: {"type":"text-delta","delta":"Hel"}\n\n');
    await tick();
    const reader = follow((await streams.resumeExistingStream('chat-1'))!);
    expect(await reader.available()).to.equal(
      'data: {"type":"start"}\n\ndata: {"type":"text-delta","delta":"Hel"}\n\n',
    );
    answer.write('data: {"type":"text-delta","delta":"lo"}\n\n');
    expect(await reader.available()).to.equal('data: {"type":"text-delta","delta":"lo"}\n\n');
    answer.write('data: [DONE]\n\n');
    answer.end();
    expect(await reader.available()).to.equal('data: [DONE]\n\n');
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
    const streams = memoryResumableStreams({ keepFinishedMs: 40 });
    expect((await resumeStreamResponse(streams, 'unknown')).status).to.equal(204);
    const answer = source();
    await streams.createNewResumableStream('chat-1', () => answer.stream);
    answer.write('data: {"type":"start"}\n\n');
    answer.end();
    await tick();
    const response = await resumeStreamResponse(streams, 'chat-1');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).to.equal('v1');
    expect(await response.text()).to.equal('data: {"type":"start"}\n\n');
    await sleep(60);
    expect((await resumeStreamResponse(streams, 'chat-1')).status).to.equal(204);
  });

  it('replaces the stream of a chat when the chat sends again', async () => {
    const streams = memoryResumableStreams();
    const first = source();
    await streams.createNewResumableStream('chat-1', () => first.stream);
    first.write('first answer');
    await tick();
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
    await streams.createNewResumableStream('b', () => b.stream);
    b.end();
    await tick();
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
    const reader = follow((await streams.resumeExistingStream('chat-1'))!);
    answer.write('12345');
    expect(await reader.available()).to.equal('12345');
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
      await streams.createNewResumableStream(id, () => s.stream);
      s.write('12345678');
      await tick();
    }
    expect(await streams.resumeExistingStream('a')).to.equal(undefined);
    expect(await follow((await streams.resumeExistingStream('b'))!).available()).to.equal(
      '12345678',
    );
    expect(await follow((await streams.resumeExistingStream('c'))!).available()).to.equal(
      '12345678',
    );
  });
});
