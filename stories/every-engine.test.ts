import { expect, waitUntil } from '@open-wc/testing';
import { engine } from '../src/test-support/engines.js';
import { axeViolations } from '../src/test-support/axe.js';

/*
 * The story checks in the engine this runs in (`npm run test:stories` runs it
 * in Firefox and WebKit; scripts/dev/story-checks.mjs checks Chromium, with
 * every theme, direction and width and the screenshot baselines, which are
 * Chromium's alone). Each story of the built Storybook (storybook-static/)
 * is loaded in a frame of this page and must render with no error, no
 * element left undefined, and nothing axe finds (WCAG 2.2 AA).
 */

const BASE = '/storybook-static/';
/** Thread stories replay their parts without delays here, as in story-checks.mjs. */
const argsOf = (id: string) => (id.startsWith('thread--') ? '&args=interval:0' : '');

interface StoryWindow extends Window {
  console: Console;
  __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { on(event: string, listener: (data: unknown) => void): void };
}

const index = (await (await fetch(`${BASE}index.json`)).json().catch(() => undefined)) as
  { entries: Record<string, { id: string; type: string }> } | undefined;
const stories = Object.values(index?.entries ?? {})
  .filter((entry) => entry.type === 'story')
  .map((entry) => entry.id);

/**
 * Loads a story in a frame and listens, from as early as the page allows, to
 * what goes wrong in it: uncaught errors, console errors and Storybook's own
 * render errors.
 */
async function loadStory(id: string) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 1024px; height: 768px; border: 0';
  frame.src = `${BASE}iframe.html?id=${encodeURIComponent(id)}&viewMode=story${argsOf(id)}`;
  document.body.append(frame);
  const errors: string[] = [];
  const win = () => frame.contentWindow as StoryWindow | null;
  let watched: Window | undefined;
  await waitUntil(
    () => {
      const page = win();
      if (page && page !== watched && page.location.href !== 'about:blank') {
        watched = page;
        page.addEventListener('error', (event) => errors.push(event.message));
        page.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
        const consoleError = page.console.error.bind(page.console);
        page.console.error = (...args: unknown[]) => {
          errors.push(args.map(String).join(' '));
          consoleError(...args);
        };
      }
      const channel = page?.__STORYBOOK_ADDONS_CHANNEL__;
      if (channel && !(channel as { watched?: boolean }).watched) {
        (channel as { watched?: boolean }).watched = true;
        channel.on('storyErrored', (data) => errors.push(JSON.stringify(data)));
        channel.on('storyThrewException', (error) => errors.push(String(error)));
        channel.on('playFunctionThrewException', (error) => errors.push(`play: ${String(error)}`));
      }
      return page?.__STORYBOOK_PREVIEW__?.currentRender?.phase === 'finished';
    },
    `${id} did not finish rendering`,
    { timeout: 20_000, interval: 5 },
  );
  return { frame, page: win()!, errors };
}

/** Custom elements in the story (shadow roots included) that no definition upgraded. */
function undefinedElements(page: StoryWindow): string[] {
  const names = new Set<string>();
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName.includes('-') && !page.customElements.get(el.localName))
        names.add(el.localName);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(page.document);
  return [...names];
}

describe(`the stories in ${engine}`, function () {
  this.timeout(40_000);

  it('the built Storybook lists its stories', () => {
    expect(stories.length, 'run `npm run build-storybook` first').to.be.above(50);
  });

  for (const id of stories) {
    it(`${id}: renders with no error, no undefined element, nothing axe finds`, async () => {
      const { frame, page, errors } = await loadStory(id);
      try {
        // Lit elements and charts settle after Storybook's render has finished.
        await new Promise((resolve) => page.requestAnimationFrame(resolve));
        expect(undefinedElements(page), 'undefined elements').to.deep.equal([]);
        expect(await axeViolations(page), 'axe').to.deep.equal([]);
        expect(errors, 'errors').to.deep.equal([]);
      } finally {
        frame.remove();
      }
    });
  }
});
