import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { Transport } from '@modelcontextprotocol/client';
import { isValidatedBlock, validateBlock, type Block, type FormValue } from '../catalog/index.js';
import type { AnswerBlock } from '../components/block/block.js';
import '../components/block/define.js';
import { prepareValidator } from '../components/block/prepare.js';
import { applyHostContext } from './host-context.js';
import { formMessage, locateMessage, sourceMessage } from './messages.js';
import { submitFormsWithoutNativeSubmission } from './sandboxed-forms.js';

/**
 * The view inside the host's frame: one `<answer-block>` that shows the
 * `present_answer` block as soon as the complete tool input is valid (never
 * a partial one: blocks appear whole), confirmed or replaced by the tool's
 * result. What the reader does in it goes to the host conversation as the
 * reader's messages; nothing in a block makes the view fetch or call anything.
 */
export async function startAnswerView(container: HTMLElement, transport?: Transport): Promise<App> {
  // The view's first paint is a block, while the host is still connecting: have the validator ready for it.
  prepareValidator({ now: true });
  const app = new App({ name: 'answer-ui', version: '1' }, {}, { autoResize: true });
  // Added with the first input: an empty <answer-block> would say the answer could not be shown.
  const view = document.createElement('answer-block') as AnswerBlock;
  let shown: Block | undefined;
  const submissions: Record<string, Record<string, FormValue>> = {};

  const show = (input: unknown) => {
    if (!view.isConnected) container.append(view);
    const result = isValidatedBlock(input)
      ? { ok: true as const, block: input }
      : validateBlock(input);
    if (result.ok) {
      shown = result.block;
      view.block = result.block;
      return;
    }
    // Invalid: <answer-block> shows the block's fallback_text, never half a tree.
    shown = undefined;
    view.block = input;
  };

  app.ontoolinput = ({ arguments: input }) => show(input);
  app.ontoolresult = (result) => {
    if (!result.isError && result.structuredContent) {
      show(result.structuredContent);
      return;
    }
    // The server refused the block, and told the model it was not shown: the
    // reader sees its fallback_text too (or a neutral notice), never the block.
    const fallback = shown?.fallback_text ?? '';
    shown = undefined;
    view.block = undefined;
    view.fallbackText = fallback;
    if (!view.isConnected) container.append(view);
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
  return app;
}
