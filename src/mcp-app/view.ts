import { msg } from '@lit/localize';
import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult, Transport } from '@modelcontextprotocol/client';
import { isValidatedBlock, validateBlock, type Block, type FormValue } from '../catalog/index.js';
import type { AnswerBlock } from '../components/block/block.js';
import '../components/block/define.js';
import { prepareValidator } from '../components/block/prepare.js';
import { getAnswerLocale } from '../base/active-locale.js';
import { notShownText } from '../base/not-shown.js';
import { applyHostContext } from './host-context.js';
import { formMessage, locateMessage, sourceMessage } from './messages.js';
import { submitFormsWithoutNativeSubmission } from './sandboxed-forms.js';

/**
 * The view inside the host's frame: one `<answer-block>` that shows the
 * `present_answer` block as soon as the complete tool input is valid (never
 * a partial one: blocks appear whole), confirmed or replaced by the tool's
 * result. What the reader does in it goes to the host conversation as the
 * reader's messages; nothing in a block makes the view fetch or call anything.
 * Where the host saves files for its views, Download as HTML under the block
 * hands it the answer as a self-contained page (`ui/download-file`).
 * A tool result holding an A2UI surface (an `application/a2ui+json`
 * resource) shows the block it becomes, with a line naming what it leaves out.
 */
export async function startAnswerView(container: HTMLElement, transport?: Transport): Promise<App> {
  // The view's first paint is a block, while the host is still connecting: have the validator ready for it.
  prepareValidator({ now: true });
  const app = new App({ name: 'answer-ui', version: '1' }, {}, { autoResize: true });
  // Added with the first input: an empty <answer-block> would say the answer could not be shown.
  const view = document.createElement('answer-block') as AnswerBlock;
  let shown: Block | undefined;
  const submissions: Record<string, Record<string, FormValue>> = {};

  let download: HTMLButtonElement | undefined;
  /** What the shown A2UI surface left out, under the block. */
  const note = document.createElement('p');
  note.className = 'not-shown';

  const show = (input: unknown, notShown: readonly string[] = []) => {
    if (!view.isConnected) container.append(view);
    note.textContent = notShown.length ? notShownText(notShown) : '';
    if (notShown.length) view.after(note);
    else note.remove();
    if (download && !download.isConnected) view.after(download);
    const result = isValidatedBlock(input)
      ? { ok: true as const, block: input }
      : validateBlock(input);
    if (result.ok) {
      shown = result.block;
      view.block = result.block;
      if (download) download.hidden = false;
      return;
    }
    // Invalid: <answer-block> shows the block's fallback_text, never half a tree.
    shown = undefined;
    if (download) download.hidden = true;
    view.block = input;
  };

  // Another tool's input (one whose result is an A2UI surface) is not a block to show.
  app.ontoolinput = ({ arguments: input }) => void (input && 'elements' in input && show(input));
  app.ontoolresult = (result) => {
    const surface = result.isError ? undefined : a2uiSurfaceOf(result);
    if (surface !== undefined) {
      showSurface(surface).catch(() => show(undefined));
      return;
    }
    if (!result.isError && result.structuredContent) {
      show(result.structuredContent);
      return;
    }
    // The server refused the block, and told the model it was not shown: the
    // reader sees its fallback_text too (or a neutral notice), never the block.
    const fallback = shown?.fallback_text ?? '';
    shown = undefined;
    if (download) download.hidden = true;
    view.block = undefined;
    view.fallbackText = fallback;
    if (!view.isConnected) container.append(view);
  };
  /** The first block the surface makes (a surface within a block's limits makes one). */
  const showSurface = async (messages: string) => {
    const { fromA2ui } = await import('../a2ui/from-a2ui.js');
    const read = fromA2ui(messages, { locale: getAnswerLocale() });
    show(
      read.blocks[0],
      read.notShown.map((part) => part.component),
    );
  };
  app.onhostcontextchanged = (context) => void applyHostContext(context as McpUiHostContext);

  const say = (text: string) =>
    void app
      .sendMessage({ role: 'user', content: [{ type: 'text', text }] })
      .catch(() => undefined);
  view.addEventListener('answer-form-submit', ({ detail }) => {
    if (!shown) return;
    submissions[detail.elementId] = detail.values;
    view.submissions = { ...submissions };
    say(formMessage(shown, detail.elementId, detail.values));
  });
  view.addEventListener('answer-map-locate', ({ detail }) => say(locateMessage(detail)));
  view.addEventListener(
    'answer-source-select',
    ({ detail }) => shown && say(sourceMessage(shown, detail.ref)),
  );
  submitFormsWithoutNativeSubmission(container);

  await app.connect(transport);
  await applyHostContext(app.getHostContext());
  if (app.getHostCapabilities()?.downloadFile) {
    download = downloadButton(app, () => shown);
    download.hidden = !shown;
    if (view.isConnected) view.after(download);
  }
  return app;
}

/** The media type of an A2UI surface in a tool result (the A2UI-over-MCP-Apps draft). */
const A2UI_MEDIA_TYPE = 'application/a2ui+json';

/** The A2UI messages a tool result carries as a resource (JSON or JSON Lines), if any. */
function a2uiSurfaceOf(result: CallToolResult): string | undefined {
  for (const item of result.content ?? []) {
    if (item.type !== 'resource' || item.resource.mimeType !== A2UI_MEDIA_TYPE) continue;
    if ('text' in item.resource && typeof item.resource.text === 'string')
      return item.resource.text;
  }
  return undefined;
}

/**
 * Download as HTML: the shown block as a self-contained page, saved by the host (a frame
 * sandboxed with scripts only can neither download nor open a page itself). Its label follows
 * the locale the host sets, and says so for a moment when the host could not save.
 */
function downloadButton(app: App, answer: () => Block | undefined): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'download';
  const label = () => (button.textContent = msg('Download as HTML'));
  label();
  addEventListener('lit-localize-status', label);
  button.addEventListener('click', async () => {
    const block = answer();
    if (!block) return;
    const { toHtml } = await import('../export/index.js');
    const { output } = toHtml({ report: '', blocks: [block] }, { locale: getAnswerLocale() });
    const resource = { uri: 'file:///answer.html', mimeType: 'text/html', text: output };
    const saved = await app
      .downloadFile({ contents: [{ type: 'resource', resource }] })
      .then((result) => !result.isError)
      .catch(() => false);
    if (saved) return;
    // The host could not save it: the button says so for a moment, then offers it again.
    button.textContent = msg('Saving failed: the answer could not be exported.');
    setTimeout(label, 4_000);
  });
  return button;
}
