/*
 * The parts of story-checks.mjs that run in the story's page, through
 * `page.evaluate`: each is serialized on its own, so none may use anything
 * from outside its body.
 */

/*
 * In the page. Waits until the story is still: fonts loaded, every Lit
 * element updated, every chart in view drawn, every map in view shown with
 * its tiles loaded and faded in. Resolves with what is not ready yet at the
 * deadline (empty when all is).
 */
export async function settleInPage(timeout) {
  const deadline = Date.now() + timeout;
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const deep = () => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  };
  const inView = (el) =>
    new Promise((done) => {
      const io = new IntersectionObserver((entries) => {
        io.disconnect();
        done(entries.some((e) => e.isIntersecting));
      });
      io.observe(el);
    });
  const pending = async () => {
    const waiting = [];
    const elements = deep();
    await Promise.all(
      elements.filter((el) => el.updateComplete instanceof Promise).map((el) => el.updateComplete),
    );
    // Finite transitions and animations still running (a theme switch a chart or map redraws after, for one).
    const roots = [document, ...elements.filter((el) => el.shadowRoot).map((el) => el.shadowRoot)];
    const running = roots
      .flatMap((root) => root.getAnimations())
      .filter(
        (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
      );
    if (running.length) waiting.push(`${running.length} animation(s)`);
    const lazy = elements.filter(
      (el) => el.localName === 'answer-chart' || el.localName === 'answer-map-location',
    );
    const shown = new Map(
      await Promise.all(
        lazy.map(async (el) => [
          el,
          await inView(
            el.localName === 'answer-chart' ? el : (el.shadowRoot?.querySelector('.map') ?? el),
          ),
        ]),
      ),
    );
    for (const el of lazy) {
      if (!shown.get(el)) continue;
      if (el.localName === 'answer-chart' && el.view !== 'table') {
        const canvas = el.chartInstance?.canvas;
        const blank = (c) =>
          !c
            .getContext('2d')
            .getImageData(0, 0, c.width, c.height)
            .data.some((value, i) => i % 4 === 3 && value !== 0);
        // A drawing of older values (an in-place update not drawn yet) is not drawn either.
        const stale = () =>
          JSON.stringify(el.chartInstance.data.datasets.map((d) => d.data)) !==
          JSON.stringify((el.series ?? []).map((s) => s.values));
        if (!canvas || canvas.width === 0 || canvas.height === 0 || blank(canvas) || stale())
          waiting.push(`chart "${el.heading}"`);
      }
      if (el.localName === 'answer-map-location') {
        const box = el.shadowRoot?.querySelector('.map');
        if (!box) continue;
        if (!el.leafletMap) {
          waiting.push(`map "${el.label}"`);
          continue;
        }
        const layer = box.querySelector('.leaflet-layer');
        if (!layer) continue; // no tile source: the marker on a plain background
        const tiles = [...layer.querySelectorAll('img.leaflet-tile')];
        const loaded = (img) =>
          img.complete &&
          img.naturalWidth > 0 &&
          img.classList.contains('leaflet-tile-loaded') &&
          ['', '1'].includes(img.style.opacity);
        if (tiles.length === 0 || !tiles.every(loaded)) waiting.push(`tiles of map "${el.label}"`);
      }
    }
    return waiting;
  };
  await document.fonts.ready;
  let waiting = await pending();
  while (waiting.length > 0 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 50));
    waiting = await pending();
  }
  // Let what the last update scheduled paint.
  await frame();
  await frame();
  return waiting;
}

/** In the page: the box to screenshot (the story's content) and whether the page scrolls sideways. */
export function layoutInPage(maxHeight) {
  const story = document.querySelector('#storybook-root .answer-story');
  const scroller = document.scrollingElement;
  const overflow = scroller.scrollWidth - scroller.clientWidth;
  if (!story) return { clip: null, overflow };
  const padding = parseFloat(getComputedStyle(story).paddingBottom) || 0;
  let bottom = story.getBoundingClientRect().top + padding;
  for (const child of story.children)
    bottom = Math.max(bottom, child.getBoundingClientRect().bottom + padding);
  const height = Math.min(Math.ceil(bottom), maxHeight);
  return { clip: { x: 0, y: 0, width: document.documentElement.clientWidth, height }, overflow };
}

/** In the page: counts Storybook's finished renders by story and collects errors. */
export function watchRendersInPage() {
  const state = { finished: {}, errors: [] };
  window.__storyChecks = state;
  const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
  channel.on('storyFinished', ({ storyId, status }) => {
    state.finished[storyId] = (state.finished[storyId] ?? 0) + 1;
    if (status === 'error') state.errors.push('the story threw while rendering');
  });
  channel.on('storyErrored', ({ title, description }) =>
    state.errors.push(`${title}: ${description}`),
  );
  channel.on('storyThrewException', (error) => state.errors.push(String(error?.message ?? error)));
  channel.on('playFunctionThrewException', (error) =>
    state.errors.push(`play: ${String(error?.message ?? error)}`),
  );
}

/** In the page: blurs the focused element, however deep in shadow roots. */
export function blurInPage() {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  focused?.blur();
}

/*
 * In the page. What the story shows a sighted reader, as the text fragments on screen in
 * document order (hidden text, folded text and canvases left out), and what each chart draws:
 * the values and the summary it gives a screen reader in their stead.
 */
export function shownInPage() {
  const shown = [];
  const drawn = [];
  const visit = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.trim();
      if (!text) return;
      // A visually hidden text is for a screen reader: it is not what a sighted reader sees.
      if (!node.parentElement?.closest('.visually-hidden')) shown.push(text);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (['STYLE', 'SCRIPT', 'TEMPLATE', 'CANVAS'].includes(node.tagName)) return;
    if (!node.checkVisibility({ visibilityProperty: true })) return;
    if (node.localName === 'answer-chart')
      for (const part of node.shadowRoot.querySelectorAll('.visually-hidden :is(p, th, td)'))
        drawn.push(part.textContent.trim());
    if (node.localName === 'slot') node.assignedNodes().forEach(visit);
    (node.shadowRoot ?? node).childNodes.forEach(visit);
  };
  visit(document.querySelector('#storybook-root'));
  return { shown, drawn };
}
