import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/dev/chromium.mjs';

/*
 * The README's first five minutes, as a newcomer takes them: a fresh clone,
 * `npm ci` with nothing exported (no variable that skips a browser download),
 * `npm start`, and the first scenario the front page names, in Chromium; then
 * Ctrl+C. A step of its own in `npm test` (scripts/dev/run-tests.mjs): it
 * installs the package afresh, which takes a minute or two.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The environment a newcomer's shell has: none of the variables that skip a download, and none of
 * the npm variables of the `npm test` this runs under. The npm cache stays, so packages come from
 * it where they can; HOME is new, so anything downloaded into it would show.
 */
function newcomerEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(PUPPETEER_|PLAYWRIGHT_)/.test(name)) continue;
    if (name.startsWith('npm_') && name !== 'npm_config_cache') continue;
    env[name] = value;
  }
  env.npm_config_cache ??= join(process.env.HOME ?? tmpdir(), '.npm');
  return { ...env, HOME: home, PORT: '0', CI: 'true' };
}

/** Runs a command in the clone to its end; its output is kept for the failure message. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Starts `npm start` and resolves with the URL it prints. */
function start(cwd: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  // A process group of its own, so that Ctrl+C reaches npm, tsx and the server as a terminal's would.
  const child = spawn('npm', ['start'], { cwd, env, detached: true });
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`npm start printed no URL:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /answer-ui playground: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      done({ child, url });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => fail(new Error(`npm start ended:\n${output}`)));
  });
}

/**
 * The first answer as the reader sees it: the report's text (through the shadow roots of the
 * markdown and blocks in it), the blocks it shows, and whether the process is folded under it.
 * A string, so the test transpiler's helpers do not leak into the page.
 */
const ANSWER_SCRIPT = `(() => {
  const root = document.querySelector('agent-thread').shadowRoot.querySelector('agent-turn').shadowRoot;
  const text = (node) => node.nodeType === Node.TEXT_NODE
    ? node.textContent
    : [...(node.shadowRoot || node).childNodes].map(text).join(' ');
  return {
    report: text(root.querySelector('.report')),
    blocks: [...root.querySelectorAll('.report answer-block')].map((b) => b.dataset.blockId),
    folded: Boolean(root.querySelector('details.process:not([open])')),
  };
})()`;

describe('a newcomer: clone, npm ci, npm start, the first question', function () {
  this.timeout(900_000);
  const clone = mkdtempSync(join(tmpdir(), 'answer-ui-newcomer-'));
  const home = mkdtempSync(join(tmpdir(), 'answer-ui-newcomer-home-'));
  const env = newcomerEnvironment(home);
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let url = '';

  after(async () => {
    await browser?.close();
    // Only if Ctrl+C did not end it (the last step failed): the whole group, as a terminal would.
    if (server?.exitCode === null && server.signalCode === null && server.pid) {
      process.kill(-server.pid, 'SIGKILL');
    }
    rmSync(clone, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('installs with npm ci, downloading no browser', () => {
    const cloned = run('git', ['clone', '--quiet', ROOT, clone], ROOT, env);
    expect(cloned.status, cloned.output).to.equal(0);
    const installed = run('npm', ['ci', '--no-audit', '--no-fund'], clone, env);
    expect(installed.status, installed.output).to.equal(0);
    expect(installed.output).to.not.match(/Failed to set up|Downloading/i);
    expect(
      existsSync(join(home, '.cache', 'puppeteer')),
      'a browser in ~/.cache/puppeteer',
    ).to.equal(false);
  });

  it('serves the playground, which answers the first question with blocks and a folded report', async () => {
    const started = await start(clone, env);
    server = started.child;
    url = started.url;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(started.url);
    await page.waitForFunction(() => customElements.get('agent-thread'));
    const textarea = page.locator('agent-thread #message');
    await textarea.fill('Analyse the second half');
    await textarea.press('Enter');
    await page.waitForFunction(
      () => {
        const thread = document.querySelector('agent-thread') as unknown as {
          busy: boolean;
          shadowRoot: ShadowRoot;
        };
        const turn = thread.shadowRoot.querySelector('agent-turn');
        return !thread.busy && Boolean(turn?.shadowRoot?.querySelector('.report answer-block'));
      },
      null,
      { timeout: 60_000 },
    );
    const answer = (await page.evaluate(ANSWER_SCRIPT)) as {
      report: string;
      blocks: string[];
      folded: boolean;
    };
    expect(answer.report).to.include('Second half in short');
    expect(answer.blocks).to.deep.equal(['kpis', 'revenue-trend']);
    expect(answer.folded, 'the process folded under the report').to.equal(true);
  });

  it('stops on Ctrl+C', async () => {
    expect(server, 'the server of the step before').to.not.equal(undefined);
    const ended = new Promise<string>((done) =>
      server!.on('exit', (code, signal) => done(signal ?? `code ${code}`)),
    );
    process.kill(-server!.pid!, 'SIGINT');
    const how = await Promise.race([
      ended,
      new Promise<string>((done) => setTimeout(() => done('still running after 15 s'), 15_000)),
    ]);
    // npm ends as its script's server does: by the signal, or with 0 once the server has closed.
    expect(how).to.be.oneOf(['SIGINT', 'code 0']);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    expect(answered, 'the playground still answers').to.equal(false);
  });
});
