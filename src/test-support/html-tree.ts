import type { DefaultTreeAdapterMap } from 'parse5';

/* An HTML document's elements as a browser parses them (parse5), for tests in Node. */

type Node = DefaultTreeAdapterMap['node'];

/** An element: its tag and its attributes. */
export interface HtmlElementOf {
  tag: string;
  attrs: Record<string, string>;
}

/** Every element of an HTML tree as a browser parses it: its tag and its attributes. */
export function elementsOf(node: Node): HtmlElementOf[] {
  const here =
    'tagName' in node
      ? [{ tag: node.tagName, attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])) }]
      : [];
  const children = 'childNodes' in node ? node.childNodes : [];
  const content = 'content' in node ? [node.content as Node] : [];
  return [...here, ...[...children, ...content].flatMap(elementsOf)];
}
