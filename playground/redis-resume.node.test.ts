import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { stepParts } from '../src/test-support/scripted-model.js';
import { ANSWER_TEXT, BLOCK, REPORT } from './redis-backend.js';

/*
 * The README's claim for several server processes: with the
 * `resumable-stream` package's Redis context in place of the in-memory
 * store, an answer that one process is streaming can be resumed from
 * another. A real redis-server and two back-end processes
 * (playground/redis-backend.ts: the README's back end, the real streamText
 * with a scripted model) on loopback; the question goes to A, the reader's
 * connection to A is cut mid-answer, and the resume route of B gives the
 * whole answer. CI installs redis-server (.ci/run); without it this fails.
 */

const BACKEND = fileURLToPath(new URL('./redis-backend.ts', import.meta.url));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a Redis server answers PING on `port`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
    socket.on('error', () => undefined);
  });
}

/** A child process, what it wrote to stderr, and a way to stop it and wait until it has gone. */
function child(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const proc = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (data) => void (stderr += data.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    process: proc,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once `process` has printed `text`; rejects if it exits first. */
function ready(proc: ChildProcess, text: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (data) => {
      out += data.toString();
      if (out.includes(text)) resolve();
    });
    proc.once('exit', (code) =>
      reject(new Error(`It exited (${code}) before it printed "${text}":\n${out}${stderr()}`)),
    );
  });
}

/** The first line `process` prints, as JSON. */
function firstLine(proc: ChildProcess, stderr: () => string): Promise<{ port: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (data) => {
      out += data.toString();
      const lines = out.split('\n');
      if (lines.length > 1) resolve(JSON.parse(lines[0]!) as { port: number });
    });
    proc.once('exit', (code) =>
      reject(new Error(`The back end exited (${code}) before it listened:\n${stderr()}`)),
    );
  });
}

/** The SSE events of a UI message stream, `[DONE]` as the string. */
function events(text: string): (Record<string, unknown> | '[DONE]')[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>)));
}

const textDeltas = (text: string) =>
  events(text).flatMap((event) =>
    event !== '[DONE]' && event.type === 'text-delta' ? [event.delta as string] : [],
  );

describe('resuming an answer on another server process through resumable-stream and Redis', function () {
  this.timeout(30_000);
  let redis: ReturnType<typeof child> | undefined;
  const backends: ReturnType<typeof child>[] = [];
  const bases: string[] = [];

  before(async () => {
    const installed = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
    if (installed.error) {
      throw new Error(
        `This test needs redis-server on the PATH (Debian: apt-get install redis-server): ${installed.error.message}`,
      );
    }
    const port = await freePort();
    redis = child('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    // redis-server logs (to stdout) when it is ready to accept connections.
    await ready(redis.process, 'Ready to accept connections', redis.stderr);
    expect(await pong(port), `redis-server does not answer on port ${port}`).to.equal(true);
    const env = { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}` };
    for (let i = 0; i < 2; i++) {
      const backend = child(process.execPath, ['--import', 'tsx', BACKEND], env);
      backends.push(backend);
      bases.push(
        `http://127.0.0.1:${(await firstLine(backend.process, backend.stderr)).port}/api/chat`,
      );
    }
  });

  after(async () => {
    await Promise.all(backends.map((backend) => backend.stop()));
    await redis?.stop();
  });

  it('streams the whole answer from process B after the connection to process A was cut mid-answer', async () => {
    const [a, b] = bases as [string, string];
    const id = `chat-${Date.now()}`;
    const messages = [
      { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'How did Q3 go?' }] },
    ];

    // The question to A, as useChat sends it; read until a few words have arrived, then cut.
    const abort = new AbortController();
    const response = await fetch(a, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, messages, trigger: 'submit-message' }),
      signal: abort.signal,
    });
    expect(response.status).to.equal(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let fromA = '';
    while (textDeltas(fromA).length < 3) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`A's answer ended before it was cut:\n${fromA}`);
      fromA += value;
    }
    abort.abort();
    await reader.read().catch(() => undefined);
    const cutAt = fromA.slice(0, fromA.lastIndexOf('\n\n') + 2);

    // The resume route of B, read to its end.
    const resumed = await fetch(`${b}/${encodeURIComponent(id)}/stream`);
    expect(resumed.status, backends[1]!.stderr()).to.equal(200);
    expect(resumed.headers.get('content-type')).to.equal('text/event-stream');
    const fromB = await resumed.text();

    // From the start: what A had sent, byte for byte, then the rest.
    expect(fromB.startsWith(cutAt), 'B replays what A sent before the cut').to.equal(true);
    const expectedDeltas = stepParts([{ text: ANSWER_TEXT }], 0).flatMap((part) =>
      part.type === 'text-delta' ? [part.delta] : [],
    );
    expect(textDeltas(fromB)).to.deep.equal(expectedDeltas);
    expect(textDeltas(fromA).length).to.be.below(expectedDeltas.length, 'the cut came mid-answer');

    const all = events(fromB);
    expect(all[0]).to.include({ type: 'start' });
    expect(all.filter((event) => event !== '[DONE]' && event.type === 'start')).to.have.length(1);
    const block = all.find((event) => event !== '[DONE]' && event.type === 'data-answer_ui');
    expect(block).to.nested.include({ 'data.block_id': BLOCK.block_id });
    const report = all.find((event) => event !== '[DONE]' && event.type === 'data-final_answer');
    expect(report).to.nested.include({ 'data.text': REPORT });
    // The run stops at the step that called final_answer.
    expect(all.slice(-2)).to.deep.equal([{ type: 'finish', finishReason: 'tool-calls' }, '[DONE]']);

    // The package replays answers in flight only: once this one has finished, neither process has it.
    for (const base of bases)
      expect((await fetch(`${base}/${encodeURIComponent(id)}/stream`)).status).to.equal(204);
  });

  it('answers 204 on the resume route for a chat with no answer in flight', async () => {
    for (const base of bases)
      expect((await fetch(`${base}/no-such-chat/stream`)).status).to.equal(204);
  });
});
