/*
 * axe-core in a page of its own (a story's frame, an exported page): loaded into it once, run on
 * its whole document with the WCAG 2.2 AA rules, target size included.
 */

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeWindow extends Window {
  axe?: {
    run(
      context: Document,
      options: object,
    ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
  };
}

/** What axe finds in `page`'s document, one line per rule: its id, its help and where. */
export async function axeViolations(page: Window): Promise<string[]> {
  const win = page as AxeWindow;
  if (!win.axe) {
    const script = win.document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((resolve) => script.addEventListener('load', resolve));
    win.document.head.append(script);
    await loaded;
  }
  const { violations } = await win.axe!.run(win.document, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
    iframes: false,
  });
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' > ')).join(', ')})`,
  );
}
