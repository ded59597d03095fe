import { oneEvent } from '@open-wc/testing';

type Updatable = Element & { updateComplete?: Promise<unknown> };

/** Every element under `root`, through open shadow roots. */
export function deepElements(root: Element | ShadowRoot | Document): Element[] {
  const out: Element[] = [];
  const walk = (node: Element | ShadowRoot | Document) => {
    for (const child of Array.from(node.children)) {
      out.push(child);
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Waits until every Lit element under `root` has finished updating. */
export async function settle(root: Element): Promise<void> {
  for (let pass = 0; pass < 4; pass++) {
    const pending = [root, ...deepElements(root.shadowRoot ?? root)]
      .map((el) => (el as Updatable).updateComplete)
      .filter(Boolean);
    const results = await Promise.all(pending);
    if (results.every((done) => done === true)) return;
  }
}

/** The boxes a long streamed paragraph is laid out in (src/thread/markdown/tail.ts). */
const isPieceBox = (node: Node) =>
  ['piece', 'pieces'].some((name) => (node as Element).classList?.contains(name));

/**
 * `nodes`, with the pieces of a long streamed paragraph and their groups
 * replaced by what they hold: the paragraph reads the same whole or in pieces.
 */
function* flatPieces(nodes: Iterable<Node>): Generator<Node> {
  for (const node of nodes) {
    if (isPieceBox(node)) yield* flatPieces(node.childNodes);
    else yield node;
  }
}

/**
 * A readable outline of what a person sees: element names, open/closed
 * disclosures and text, through shadow roots. Two renders that look the
 * same give the same outline.
 */
export function outline(root: Element): string {
  const lines: string[] = [];
  const walkAll = (nodes: Iterable<Node>, depth: number) => {
    // Text split over adjacent text nodes reads as one (engines split an appended text differently).
    let text = '';
    const flush = () => {
      const shown = text.replace(/\s+/g, ' ').trim();
      if (shown) lines.push(`${'  '.repeat(depth)}"${shown}"`);
      text = '';
    };
    for (const node of flatPieces(nodes)) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      else {
        flush();
        walk(node, depth);
      }
    }
    flush();
  };
  const walk = (node: Node, depth: number) => {
    // Node types, not instanceof: elements of another page (an iframe) have their own classes.
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element.localName === 'style' || element.localName === 'canvas') return;
    const open =
      element.localName === 'details'
        ? (element as HTMLDetailsElement).open
          ? '[open]'
          : '[closed]'
        : '';
    lines.push(`${'  '.repeat(depth)}<${element.localName}${open}>`);
    walkAll((element.shadowRoot ?? element).childNodes, depth + 1);
    if (element.localName === 'slot')
      walkAll((element as HTMLSlotElement).assignedNodes(), depth + 1);
  };
  walkAll([root], 0);
  return lines.join('\n');
}

/** Opens every folded "View process" of the turns under `root` as a reader does (a click on its summary), and waits until its steps have rendered. */
export async function openProcesses(root: Element): Promise<void> {
  const processes = deepElements(root.shadowRoot ?? root).filter(
    (el): el is HTMLDetailsElement =>
      el.matches('details.process') && !(el as HTMLDetailsElement).open,
  );
  const toggled = processes.map((process) => oneEvent(process, 'toggle'));
  for (const process of processes) process.querySelector('summary')!.click();
  // The steps render once the `toggle` event (a task after the click) has reached the turn, whose
  // listener, added when it rendered, runs before this one.
  await Promise.all(toggled.filter((_, i) => processes[i]!.open));
  await settle(root);
}

/**
 * Resolves once the page has been idle (or after 2 s of work). WebKit has no
 * `requestIdleCallback`; there the library's idle work runs 200 ms later
 * (base/lazy.ts), so this waits a little longer than that.
 */
export function idle(): Promise<unknown> {
  return new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve, { timeout: 2000 })
      : setTimeout(resolve, 250),
  );
}
