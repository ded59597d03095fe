/*
 * The page side of the injection tests. It loads the CDN build under the
 * strict Content Security Policy the server sends, sets traps (a payload
 * that runs calls `pwn()`; policy violations and errors are recorded), and
 * offers the entry points a test drives: a block, an element's props, a raw
 * stream into a thread, records planted in IndexedDB.
 */
const pwned = [];
const violations = [];
const errors = [];
window.pwn = (tag) => pwned.push(String(tag));
document.addEventListener(
  'securitypolicyviolation',
  (e) => violations.push(`${e.violatedDirective} blocked ${e.blockedURI}: ${e.sample}`),
  true,
);
window.addEventListener('error', (e) => errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) =>
  errors.push(`unhandled rejection: ${String(e.reason?.stack ?? e.reason)}`),
);

const ui = await import('/dist/cdn/answer-ui.js');
ui.configureAnswerUI({
  map: { tileUrl: `${location.origin}/tiles/{z}/{x}/{y}.png`, attribution: 'Local test tiles' },
});
const stage = document.getElementById('stage');
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every element, through open shadow roots. */
function deepElements(root) {
  const out = [];
  for (const element of root.querySelectorAll('*')) {
    out.push(element);
    if (element.shadowRoot) out.push(...deepElements(element.shadowRoot));
  }
  return out;
}

/** All text a reader could see (and screen readers read), shadow roots included. */
function deepText(root) {
  const parts = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.data);
      else if (child.nodeType === Node.ELEMENT_NODE) {
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    }
  };
  walk(root);
  return parts.join(' ');
}

/** Waits until Lit has rendered everything inside `root`, and lazy charts and maps have drawn. */
async function settle(root) {
  for (let round = 0; round < 5; round++) {
    await Promise.all(
      deepElements(root)
        .map((e) => e.updateComplete)
        .filter(Boolean),
    );
    await frame();
  }
  // Charts and maps draw when they scroll into view: bring each one there in turn.
  const pending = () =>
    deepElements(root).filter(
      (e) =>
        (e.localName === 'answer-chart' && !e.chartInstance && e.view !== 'table') ||
        (e.localName === 'answer-map-location' &&
          !e.shadowRoot.querySelector('.leaflet-container')),
    );
  const deadline = Date.now() + 5_000;
  while (pending().length && Date.now() < deadline) {
    pending()[0].scrollIntoView();
    await sleep(50);
  }
  return pending().length === 0;
}

const SAFE_SCHEMES = new Set(['http:', 'https:', 'blob:']);
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'srcset',
  'background',
  'data',
  'ping',
];
const FORBIDDEN_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'portal',
  'applet',
]);

/** What a payload could have planted in the DOM: active elements, handlers, non-http URLs, CSS that fetches. */
function audit(root) {
  const findings = [];
  for (const element of deepElements(root)) {
    const tag = element.localName;
    if (FORBIDDEN_TAGS.has(tag)) findings.push(`<${tag}> element`);
    if (tag === 'style' && /url\(|@import/i.test(element.textContent))
      findings.push('<style> that fetches');
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) findings.push(`<${tag} ${name}>`);
      if (name === 'style' && /url\(|expression\(/i.test(value))
        findings.push(`<${tag} style="${value}">`);
      if (URL_ATTRIBUTES.includes(name.toLowerCase()) && value) {
        let scheme;
        try {
          scheme = new URL(value, location.href).protocol;
        } catch {
          scheme = 'unparsable';
        }
        if (!SAFE_SCHEMES.has(scheme)) findings.push(`<${tag} ${name}="${value.slice(0, 80)}">`);
      }
    }
  }
  return findings;
}

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const CONTAINED = new Set(['isolate', 'isolate-override', 'plaintext']);
const INLINE = new Set(['inline', 'contents']);

/**
 * Text with bidi controls (a right-to-left override, say) must sit in an
 * element of its own that isolates it — an isolating or block box holding
 * no other text — so it cannot reorder the text around it.
 */
function bidiLeaks(root) {
  const leaks = [];
  for (const element of [root, ...deepElements(root)]) {
    const scope = element.shadowRoot ?? element;
    for (const node of scope.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !BIDI_CONTROL.test(node.data)) continue;
      let box = node.parentElement ?? node.parentNode.host;
      while (box) {
        const style = getComputedStyle(box);
        if (CONTAINED.has(style.unicodeBidi) || !INLINE.has(style.display)) break;
        box = box.parentElement ?? box.parentNode?.host;
      }
      const own = node.data.trim();
      const all = (box?.textContent ?? '').trim();
      if (box && all !== own)
        leaks.push(
          `bidi controls in "${own.slice(0, 30)}" can reorder "${all.slice(0, 60)}" in <${box.localName}>`,
        );
    }
  }
  return leaks;
}

async function report(root) {
  const drawn = await settle(root);
  const findings = [...audit(root), ...bidiLeaks(root)];
  if (!drawn) findings.push('a chart or map never finished drawing');
  return { text: deepText(root), findings };
}

function fresh(tag) {
  stage.replaceChildren();
  const element = document.createElement(tag);
  stage.append(element);
  return element;
}

window.harness = {
  /** What happened since the last call (and forgets it, so each input is judged on its own). */
  state: () => ({
    pwned: pwned.splice(0),
    violations: violations.splice(0),
    errors: errors.splice(0),
    polluted: [Object.prototype, Array.prototype, Function.prototype].some(
      (p) => 'polluted' in p || 'isAdmin' in p,
    ),
  }),

  async block(input) {
    const element = fresh('answer-block');
    element.block = input;
    const seen = await report(stage);
    const shadow = element.shadowRoot;
    return {
      ...seen,
      elements: shadow.querySelectorAll('[data-element-id]').length,
      fallback: shadow.querySelector('.fallback')?.textContent.trim() ?? '',
    };
  },

  async element(tag, props) {
    const element = fresh(tag);
    Object.assign(element, props);
    return report(stage);
  },

  async markdown(text) {
    const element = fresh('answer-markdown');
    element.text = text;
    return report(stage);
  },

  /** Feeds raw server-sent-event text to a fresh thread, as if the network delivered it. */
  async stream(raw, threadId) {
    const thread = fresh('agent-thread');
    thread.setAttribute('no-composer', '');
    thread.threadId = threadId;
    await thread.restored;
    await thread.consume(new Response(raw).body);
    await thread.saved();
    return report(stage);
  },

  /** Writes records straight into the answer-ui database, then restores the thread from them. */
  async plant(threadId, records) {
    stage.replaceChildren();
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('answer-ui', ui.DB_VERSION ?? 2);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('threads', { keyPath: 'id' });
        open.result.createObjectStore('messages', { keyPath: ['threadId', 'position'] });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction(['threads', 'messages'], 'readwrite');
      tx.objectStore('threads').put({ id: threadId, updatedAt: Date.now(), bytes: 0 });
      records.forEach((record, position) =>
        tx.objectStore('messages').put({ threadId, position, ...record }),
      );
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const thread = fresh('agent-thread');
    thread.setAttribute('no-composer', '');
    thread.threadId = threadId;
    await thread.restored;
    return { ...(await report(stage)), messages: thread.messages.length };
  },
};
window.harnessReady = true;
