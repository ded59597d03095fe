import { waitUntil } from '@open-wc/testing';

/** A thread of a CDN build, as the test page's markup places it. */
export type CdnThread = HTMLElement & {
  protocol: string;
  consume(source: ReadableStream<Uint8Array>): Promise<void>;
};

/**
 * Opens the plain HTML page of a CDN build (npm run build) in an iframe: it
 * has nothing but the script tag and the markup of one `<agent-thread>`.
 */
export async function cdnPage(
  kind: 'module' | 'classic',
): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis; thread: CdnThread }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 900px; height: 700px';
  frame.src = `/src/test-support/cdn-${kind}.html`;
  document.body.append(frame);
  // A classic script in <head> runs before the body is parsed: wait for both.
  await waitUntil(
    () =>
      frame.contentWindow?.customElements?.get('agent-thread') &&
      frame.contentDocument?.readyState === 'complete',
    `the ${kind} build did not define agent-thread`,
    { timeout: 10_000 },
  );
  const win = frame.contentWindow as Window & typeof globalThis;
  return { frame, win, thread: win.document.querySelector('agent-thread') as CdnThread };
}
