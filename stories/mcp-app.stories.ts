/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
// The MCP App resource as `npm run build` writes it; Storybook builds after it.
import viewHtml from '../dist/mcp/answer-ui-block.html?raw';
import { crewQuestionBlock } from '../src/test-support/blocks.js';
import { conformanceBlock } from './fixtures.js';

interface McpAppArgs {
  /** The `present_answer` input the host streams into the view. */
  block: unknown;
  /** The host's container width in px (`containerDimensions.maxWidth`). */
  maxWidth: number;
}

/**
 * The MCP Apps default CSP for a frame whose resource declares no domains.
 * A `srcdoc` frame takes its policy from its own document, so the simulated
 * host writes it there, where a real host sends it as a header.
 */
const DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

const withPolicy = (html: string) =>
  html.replace(
    '<head>',
    `<head><meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`,
  );

/**
 * A simulated MCP Apps host: the view in a frame sandboxed with
 * `allow-scripts` only, driven by ext-apps' AppBridge with the theme and
 * locale of the toolbar; the `ui/message`s the view sends (a submitted form)
 * are listed under it, as a host's conversation would show them.
 */
function simulatedHost(
  { block, maxWidth }: McpAppArgs,
  theme: 'light' | 'dark',
  locale: string,
): HTMLElement {
  const host = document.createElement('section');
  host.setAttribute('aria-label', 'Simulated MCP host');
  host.style.cssText = 'display: flex; flex-direction: column; gap: 0.5rem; max-width: 100%';
  const frame = document.createElement('iframe');
  frame.title = 'answer-ui MCP App';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = `width: min(100%, ${maxWidth}px); height: 120px; border: 0; display: block`;
  const log = document.createElement('ol');
  log.setAttribute('aria-label', 'Messages the host received');
  log.style.cssText = 'margin: 0; padding-inline-start: 1.25rem; white-space: pre-line';
  host.append(frame, log);

  const context: McpUiHostContext = {
    theme,
    locale,
    containerDimensions: { maxWidth },
    platform: 'web',
  };
  const bridge = new AppBridge(
    null,
    { name: 'storybook-host', version: '1.0.0' },
    {},
    { hostContext: context },
  );
  // Settled once the view's size has held still for a moment after the tool result (charts draw late).
  let resulted = false;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    clearTimeout(settling);
    if (resulted) settling = setTimeout(() => (host.dataset.settled = ''), 400);
  };
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = `${height}px`;
    settle();
  };
  bridge.onmessage = async ({ content }) => {
    const item = document.createElement('li');
    item.textContent = content
      .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
      .join('\n');
    log.append(item);
    return {};
  };
  bridge.oninitialized = () => {
    const args = block as Record<string, unknown>;
    void bridge
      .sendToolInput({ arguments: args })
      .then(() =>
        bridge.sendToolResult({
          content: [{ type: 'text', text: String(args.fallback_text ?? '') }],
          structuredContent: args,
        }),
      )
      .then(() => {
        resulted = true;
        settle();
      });
  };
  // Connected once Storybook has put the frame in the page, before its document starts talking.
  const connect = () => {
    if (!frame.contentWindow) return requestAnimationFrame(connect);
    void bridge
      .connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow))
      .then(() => (frame.srcdoc = withPolicy(viewHtml)));
  };
  requestAnimationFrame(connect);
  return host;
}

const meta: Meta<McpAppArgs> = {
  title: 'MCP App',
  args: { block: conformanceBlock('every component'), maxWidth: 640 },
  argTypes: {
    block: { control: 'object', description: 'The present_answer input the host sends the view' },
    maxWidth: {
      control: { type: 'number', min: 280, max: 1200 },
      description: "The host's container width (containerDimensions.maxWidth)",
    },
  },
  // The story is finished once the view in the frame has drawn (the frame's document is the view's own).
  play: async ({ canvasElement }) => {
    const deadline = Date.now() + 10_000;
    while (!canvasElement.querySelector('[data-settled]') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  },
  render: (args, { globals }) =>
    simulatedHost(
      args,
      globals.theme === 'dark' ? 'dark' : 'light',
      typeof globals.locale === 'string' ? globals.locale : 'en',
    ),
};
export default meta;

type Story = StoryObj<McpAppArgs>;

/** Every component, as an MCP Apps host shows the view. */
export const InAHost: Story = {};

/** A follow-up form: submitting it sends the answers to the host as the reader's message (listed under the frame). */
export const FormRoundTrip: Story = {
  args: {
    block: crewQuestionBlock,
    maxWidth: 360,
  },
};

/** An invalid block: the view shows its fallback_text. */
export const InvalidBlock: Story = {
  args: { block: conformanceBlock('unknown prop (event handler)') },
};
