import {
  AppBridge,
  PostMessageTransport,
  type McpUiDownloadFileRequest,
  type McpUiHostContext,
  type McpUiMessageRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';

/*
 * A host for the view's browser tests: the built resource HTML
 * (test/servers/mcp.ts serves it under the MCP Apps default CSP) in
 * a sandboxed frame, driven by ext-apps' own host side, AppBridge.
 */

export type HostMessage = McpUiMessageRequest['params'];

export interface HostedView {
  frame: HTMLIFrameElement;
  bridge: AppBridge;
  sizes: { width?: number; height?: number }[];
  messages: HostMessage[];
  /** What the view asked the host to save (`ui/download-file`), where the host offers it. */
  downloads: McpUiDownloadFileRequest['params'][];
  close(): Promise<void>;
}

/**
 * Frames the view with `allow-scripts` only, as the strictest host does; with
 * `sameOrigin` also `allow-same-origin`, so a test can read the frame's DOM;
 * with `saves` the host saves files for its views (`ui/download-file`), or
 * fails to when it is `'fails'`.
 */
export async function hostView(
  context: McpUiHostContext,
  { sameOrigin = false, width = 320, saves = false as boolean | 'fails' } = {},
): Promise<HostedView> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', sameOrigin ? 'allow-scripts allow-same-origin' : 'allow-scripts');
  frame.style.cssText = `width: ${width}px; height: 60px; border: 0`;
  frame.title = 'answer';
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'test-host', version: '1.0.0' },
    saves ? { downloadFile: {} } : {},
    { hostContext: context },
  );
  const downloads: HostedView['downloads'] = [];
  bridge.ondownloadfile = async (params) => {
    downloads.push(params);
    return saves === 'fails' ? { isError: true } : {};
  };
  const sizes: HostedView['sizes'] = [];
  const messages: HostMessage[] = [];
  // As a host does: the frame takes the height the view reports.
  bridge.onsizechange = (size) => {
    sizes.push(size);
    if (size.height) frame.style.height = `${size.height}px`;
  };
  bridge.onmessage = async (params) => {
    messages.push(params);
    return {};
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.src = '/mcp-app/view.html';
  await initialized;
  const close = async () => {
    await bridge.close().catch(() => undefined);
    frame.remove();
  };
  return { frame, bridge, sizes, messages, downloads, close };
}

/** What the CSP of the view's frames reported blocking since the last `clearCspReports()`. */
export async function cspReports(): Promise<unknown[]> {
  return (await fetch('/mcp-app/csp-reports')).json();
}

export async function clearCspReports(): Promise<void> {
  await fetch('/mcp-app/csp-reports', { method: 'DELETE' });
}

/** Everything below a node, through open shadow roots. */
export function deepElements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [
    element,
    ...(element.shadowRoot ? deepElements(element.shadowRoot) : []),
  ]);
}

/** The text of every text node below a node, through open shadow roots. */
export function deepText(root: ParentNode): string {
  const nodes = [root, ...deepElements(root)].flatMap((node) => [
    ...node.childNodes,
    ...((node as Element).shadowRoot?.childNodes ?? []),
  ]);
  return nodes
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join(' ');
}
