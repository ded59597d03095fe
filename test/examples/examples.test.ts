/*
 * The framework examples (examples/): each installed against answer-ui as npm
 * packs it, type-checked with its framework's own tool, built with its
 * framework's warnings on (a development build) and driven in Chromium.
 * Needs `npm run build` first. The toolchains install once per version of
 * examples/package-lock.json (examples/setup.mjs).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright';
import ts from 'typescript';
// @ts-expect-error plain ES module without types
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/dev/chromium.mjs';
import { EXAMPLES, setupExamples } from '../../examples/setup.mjs';
import { startServer, type ChatBody } from '../../examples/serve.mjs';

type Framework = 'react' | 'vue' | 'svelte' | 'angular';

/** What builds each example: its type-check (its framework's tool) and a development build. */
const EXAMPLE_BUILDS: Record<Framework, { tool: string; steps: string[][]; dist: string }> = {
  react: {
    tool: 'tsc',
    steps: [
      ['run', 'typecheck'],
      ['run', 'build:dev'],
    ],
    dist: 'dist',
  },
  vue: {
    tool: 'vue-tsc',
    steps: [
      ['run', 'typecheck'],
      ['run', 'build:dev'],
    ],
    dist: 'dist',
  },
  svelte: {
    tool: 'svelte-check',
    steps: [
      ['run', 'typecheck'],
      ['run', 'build:dev'],
    ],
    dist: 'dist',
  },
  // ng build type-checks the templates too (strictTemplates): the build is the check.
  angular: { tool: 'ng build', steps: [['run', 'build:dev']], dist: 'dist/browser' },
};
const FRAMEWORKS = Object.keys(EXAMPLE_BUILDS) as Framework[];

/** Warnings a framework prints about elements or props it does not know. */
const UNKNOWN_ELEMENT =
  /failed to resolve component|is not a known (element|property)|unknown (custom )?element|unrecognized in this browser|can't bind to|NG0304|NG0303/i;

interface Run {
  code: number;
  output: string;
  seconds: number;
}

function npm(cwd: string, args: string[]): Promise<Run> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', [...args, '--silent'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'development', NG_CLI_ANALYTICS: 'false', CI: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      done({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** Type-checks and builds one example; its first failing step, or the last. */
async function buildExample(framework: Framework): Promise<Run> {
  const cwd = join(EXAMPLES, framework);
  let last: Run = { code: 0, output: '', seconds: 0 };
  let seconds = 0;
  for (const step of EXAMPLE_BUILDS[framework].steps) {
    last = await npm(cwd, step);
    seconds += last.seconds;
    if (last.code !== 0) break;
  }
  return { ...last, seconds };
}

describe('framework examples (examples/, against the packed package)', function () {
  // A fresh clone installs four toolchains first (about a minute and a half here).
  this.timeout(15 * 60_000);

  let browser: Browser;
  let shipped: string[];
  const builds = new Map<Framework, Promise<Run>>();

  before(async function () {
    const started = Date.now();
    ({ files: shipped } = setupExamples());
    const setup = (Date.now() - started) / 1000;
    // Two lanes for two cores: Angular's build alone, the three Vite examples in turn.
    const lanes = [['angular'], ['react', 'vue', 'svelte']] as Framework[][];
    for (const lane of lanes) {
      let previous: Promise<unknown> = Promise.resolve();
      for (const framework of lane) {
        const build = previous.then(() => buildExample(framework));
        builds.set(framework, build);
        previous = build;
      }
    }
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const runs = await Promise.all(FRAMEWORKS.map((f) => builds.get(f)));
    console.log(
      `      setup ${setup.toFixed(1)} s; ` +
        FRAMEWORKS.map((f, i) => `${f} ${runs[i]!.seconds.toFixed(1)} s`).join(', '),
    );
  });

  after(async () => {
    await browser?.close();
  });

  it('ships answer-ui/react, answer-ui/vue and answer-ui/svelte in npm pack', () => {
    for (const framework of ['react', 'vue', 'svelte']) {
      expect(shipped).to.include(`dist/frameworks/${framework}.d.ts`);
      expect(shipped).to.include(`dist/frameworks/${framework}.js`);
    }
    expect(shipped).to.include('dist/frameworks/elements.d.ts');
    expect(shipped).to.include('custom-elements.json');
  });

  it('resolves the typed subpaths from a consumer project, for TypeScript and for Node', () => {
    for (const framework of ['react', 'vue', 'svelte']) {
      const from = join(EXAMPLES, framework, 'package.json');
      const { resolvedModule } = ts.resolveModuleName(
        `answer-ui/${framework}`,
        from,
        { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
        ts.sys,
      );
      const installed = join(EXAMPLES, 'node_modules/answer-ui/dist/frameworks');
      expect(resolvedModule?.resolvedFileName).to.equal(join(installed, `${framework}.d.ts`));
      expect(createRequire(from).resolve(`answer-ui/${framework}`)).to.equal(
        join(installed, `${framework}.js`),
      );
    }
  });

  describe('tags on the page before answer-ui loads (as a server renders them)', () => {
    const block = {
      block_id: 'early',
      fallback_text: 'Set before the element was defined.',
      root: 'metric',
      elements: { metric: { type: 'Metric', props: { label: 'Set early', value: 7 } } },
    };

    /** Serves the packed package and `page` at /page.html; returns the opened page. */
    async function open(page: string): Promise<{ page: Page; close(): Promise<void> }> {
      const server = await startServer({ root: join(EXAMPLES, 'node_modules/answer-ui') });
      const tab = await browser.newPage();
      await tab.route('**/page.html', (route) =>
        route.fulfill({ contentType: 'text/html', body: page }),
      );
      await tab.goto(`${server.url}/page.html`);
      return {
        page: tab,
        close: async () => {
          await tab.close();
          await server.close();
        },
      };
    }

    const rendered = (page: Page, selector: string) =>
      page.evaluate((selector) => {
        const element = document.querySelector<HTMLElement & { block?: unknown }>(selector)!;
        return {
          defined: customElements.get('answer-block') === element.constructor,
          id: (element.block as { block_id?: string } | undefined)?.block_id,
          attributes: element.getAttributeNames(),
        };
      }, selector);

    it('upgrades a server-rendered <answer-block> with the property a script set before', async () => {
      const { page, close } = await open(`<!doctype html>
        <answer-block id="early"></answer-block>
        <script>document.getElementById('early').block = ${JSON.stringify(block)};</script>
        <script type="module" src="/dist/cdn/answer-ui.js"></script>`);
      try {
        await page.getByText('Set early', { exact: true }).waitFor();
        expect(await rendered(page, '#early')).to.deep.equal({
          defined: true,
          id: 'early',
          attributes: ['id'],
        });
      } finally {
        await close();
      }
    });

    it('upgrades an element created and given its block before answer-ui is imported', async () => {
      const { page, close } = await open(`<!doctype html>
        <script type="module">
          const element = document.createElement('answer-block');
          element.id = 'created';
          element.block = ${JSON.stringify(block)};
          document.body.append(element);
          await import('/dist/cdn/answer-ui.js');
        </script>`);
      try {
        await page.getByText('Set early', { exact: true }).waitFor();
        expect(await rendered(page, '#created')).to.deep.equal({
          defined: true,
          id: 'early',
          attributes: ['id'],
        });
      } finally {
        await close();
      }
    });
  });

  for (const framework of FRAMEWORKS) {
    describe(`${framework} (${EXAMPLE_BUILDS[framework].tool})`, () => {
      let page: Page;
      let server: { url: string; close(): Promise<void> };
      const requests: ChatBody[] = [];
      const messages: ConsoleMessage[] = [];
      const pageErrors: Error[] = [];

      before(async () => {
        const build = await builds.get(framework)!;
        if (build.code !== 0) return;
        server = await startServer({
          root: join(EXAMPLES, framework, EXAMPLE_BUILDS[framework].dist),
          onRequest: (body) => requests.push(body),
        });
        page = await browser.newPage();
        page.on('console', (message) => messages.push(message));
        page.on('pageerror', (error) => pageErrors.push(error));
        await page.goto(server.url);
      });

      after(async () => {
        await page?.close();
        await server?.close();
      });

      it(`type-checks and builds`, async () => {
        const build = await builds.get(framework)!;
        expect(build.code, build.output).to.equal(0);
      });

      it('renders <answer-block> from an object set as its property, not an attribute', async () => {
        await page.getByText('Pump station 4 load', { exact: true }).waitFor();
        await page.getByText('82%', { exact: true }).waitFor();
        const block = await page.evaluate(() => {
          const element = document.querySelector<HTMLElement & { block?: unknown }>(
            'answer-block',
          )!;
          return {
            type: typeof element.block,
            id: (element.block as { block_id?: string } | undefined)?.block_id,
            attributes: element.getAttributeNames(),
          };
        });
        expect(block.type).to.equal('object');
        expect(block.id).to.equal('pump-4');
        expect(block.attributes).not.to.include('block');
      });

      it('hands answer-form-submit to the typed handler with its detail', async () => {
        await page.getByRole('textbox', { name: 'Crew' }).fill('North');
        await page.locator('answer-block').getByRole('button', { name: 'Submit' }).click();
        await page
          .locator('#submitted', { hasText: 'Inspection of pump-4 scheduled for crew North.' })
          .waitFor();
      });

      it('round-trips a message through <agent-thread> and its loopback back end', async () => {
        const text = `Hello from ${framework}`;
        await page.locator('agent-thread').getByRole('textbox', { name: 'Message' }).fill(text);
        await page.keyboard.press('Enter');
        await page.getByText(`You said: “${text}”`).waitFor();
        await page.getByText('Characters in your message', { exact: true }).waitFor();
        const sent = requests.at(-1)?.messages.at(-1);
        expect(sent?.role).to.equal('user');
        expect(sent?.parts.find((part) => part.type === 'text')?.text).to.equal(text);
      });

      it('switches the elements to another language', async () => {
        await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
        await page.locator('agent-thread').getByRole('button', { name: 'Senden' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).to.equal('de');
        await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
        await page.locator('agent-thread').getByRole('button', { name: 'إرسال' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).to.equal('rtl');
      });

      it('shows no framework warning about unknown elements, and no error', () => {
        const said = messages.map((m) => `${m.type()}: ${m.text()}`);
        expect(said.filter((line) => UNKNOWN_ELEMENT.test(line))).to.deep.equal([]);
        expect(said.filter((line) => line.startsWith('error'))).to.deep.equal([]);
        expect(pageErrors.map(String)).to.deep.equal([]);
      });
    });
  }
});
