import { expect, waitUntil } from '@open-wc/testing';
import type { AppBridge, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Block } from '../catalog/index.js';
import { revenueBlock } from '../test-support/blocks.js';
import { settle } from '../test-support/settle.js';
import {
  clearCspReports,
  cspReports,
  deepText,
  hostView,
  type HostMessage,
  type HostedView,
} from './test-host.js';
import { press, typeText } from '../test-support/engines.js';

/*
 * The MCP App view as a host shows it: the built resource HTML in a frame
 * sandboxed with `allow-scripts` only (no same origin, no forms, no modals),
 * under the MCP Apps default CSP (test/servers/mcp.ts), driven by
 * ext-apps' own host side, AppBridge. Such a frame is opaque to the page, so
 * these tests see only what a host sees: the size it reports, the messages
 * it sends and what the policy blocked. A second kind of frame, the same
 * document with `allow-same-origin` added, lets the rendering checks read
 * its DOM.
 */

const formBlock: Block = {
  block_id: 'crew-check',
  fallback_text: 'Which crew goes to pump station 4?',
  root: 'ask',
  elements: {
    ask: {
      type: 'FollowUpForm',
      props: {
        title: 'Crew for pump station 4',
        fields: [
          { name: 'crew', label: 'Crew', kind: 'text', required: true },
          { name: 'hours', label: 'Hours', kind: 'number' },
        ],
        submit_label: 'Send crew',
      },
    },
  },
};

const mounted: HostedView[] = [];

const BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/**
 * Resolves once the view has answered a ping: the view handles its messages in order, and sends
 * in order, so whatever it sent for what came before has then reached the host.
 */
const roundTrip = (bridge: AppBridge) => bridge.request({ method: 'ping' });

async function host(context: McpUiHostContext, options?: Parameters<typeof hostView>[1]) {
  const view = await hostView(context, options);
  mounted.push(view);
  return view;
}

describe('the MCP App view in a host frame', function () {
  this.timeout(30_000);

  beforeEach(clearCspReports);
  afterEach(() => Promise.all(mounted.splice(0).map((view) => view.close())));

  it('the policy it runs under reports what it blocks (so an empty report list means something)', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.src = '/mcp-app/probe.html';
    document.body.append(frame);
    await waitUntil(async () => (await cspReports()).length > 0, 'no report of the blocked fetch', {
      timeout: 10_000,
    });
    frame.remove();
  });

  it('in a strict frame (dark, Arabic, narrow) renders the form, reports its size, and sends the submission as ui/message', async () => {
    const before = document.createElement('button');
    before.textContent = 'before the frame';
    document.body.append(before);
    const { bridge, sizes, messages } = await host({
      theme: 'dark',
      locale: 'ar',
      containerDimensions: { maxWidth: 320 },
    });
    await bridge.sendToolInput({ arguments: formBlock as unknown as Record<string, unknown> });
    // The form's height, reported: more than an empty document's.
    await waitUntil(
      () => sizes.some((size) => (size.height ?? 0) > 150),
      `sizes reported: ${JSON.stringify(sizes)}`,
      { timeout: 10_000 },
    );
    expect(sizes.at(-1)!.width).to.be.at.most(320);
    await bridge.sendToolResult({
      content: [{ type: 'text', text: formBlock.fallback_text }],
      structuredContent: formBlock as unknown as Record<string, unknown>,
    });

    // The reader tabs into the frame, fills in the crew and presses the form's button.
    before.focus();
    await press('Tab');
    await typeText('Team Blue');
    await press('Tab');
    await press('Tab');
    await press('Enter');
    await waitUntil(() => messages.length > 0, 'no ui/message from the form', { timeout: 10_000 });
    expect(messages).to.have.lengthOf(1);
    const [message] = messages as [HostMessage];
    expect(message.role).to.equal('user');
    const text = (message.content[0] as { type: string; text: string }).text;
    expect(text).to.include('Crew for pump station 4');
    expect(text).to.include('Crew: Team Blue');
    // The unanswered field in the host's language.
    expect(text).to.include('Hours: (بلا إجابة)');
    // Submitted once: pressing Enter again sends nothing more.
    await press('Enter');
    await roundTrip(bridge);
    expect(messages).to.have.lengthOf(1);
    expect(JSON.stringify(await cspReports())).to.equal('[]');
    before.remove();
  });

  it('submits with Enter in a one-line field, where the frame allows no native form submission', async () => {
    const before = document.createElement('button');
    document.body.append(before);
    const { bridge, sizes, messages } = await host({ theme: 'light', locale: 'en-US' });
    await bridge.sendToolInput({ arguments: formBlock as unknown as Record<string, unknown> });
    await waitUntil(
      () => sizes.some((size) => (size.height ?? 0) > 150),
      'the form did not render',
      { timeout: 10_000 },
    );
    before.focus();
    await press('Tab');
    // A required field left empty: the form's own validation keeps it from being sent.
    await press('Enter');
    await roundTrip(bridge);
    expect(messages).to.deep.equal([]);
    await typeText('Team Red');
    await press('Enter');
    await waitUntil(() => messages.length > 0, 'no ui/message from the form', { timeout: 10_000 });
    expect((messages[0]!.content[0] as { text: string }).text).to.equal(
      'Crew for pump station 4\nCrew: Team Red\nHours: (no answer)',
    );
    before.remove();
  });

  it('follows the host: theme, style variables, locale and direction, from start and on change', async () => {
    const { frame, bridge } = await host(
      {
        theme: 'dark',
        locale: 'ar',
        styles: { variables: { '--color-text-primary': 'rgb(1, 2, 3)' } as never },
      },
      { sameOrigin: true },
    );
    await bridge.sendToolInput({ arguments: revenueBlock() as unknown as Record<string, unknown> });
    const doc = frame.contentDocument!;
    await waitUntil(
      () => doc.querySelector('answer-block')?.shadowRoot?.querySelector('answer-metric'),
      'the block did not render',
      { timeout: 10_000 },
    );
    expect(doc.documentElement.lang).to.equal('ar');
    expect(doc.documentElement.dir).to.equal('rtl');
    const metric = doc.querySelector('answer-block')!.shadowRoot!.querySelector('answer-metric')!;
    const style = frame.contentWindow!.getComputedStyle(metric);
    expect(style.colorScheme).to.equal('dark');
    expect(style.color).to.equal('rgb(1, 2, 3)');
    // The chart's view switch in Arabic: the locale reached the elements.
    await waitUntil(
      () => deepText(doc.querySelector('answer-block')!.shadowRoot!).includes('جدول'),
      'the block is not in Arabic',
      { timeout: 5_000 },
    );

    await bridge.sendHostContextChange({ theme: 'light', locale: 'de-DE' });
    await waitUntil(() => doc.documentElement.lang === 'de-DE', 'the locale did not change', {
      timeout: 5_000,
    });
    expect(doc.documentElement.dir).to.equal('ltr');
    expect(frame.contentWindow!.getComputedStyle(metric).colorScheme).to.equal('light');
  });

  it('offers Locate and Open source to the host as the reader’s messages, and only when pressed', async () => {
    const { frame, bridge, messages } = await host(
      { locale: 'en' },
      { sameOrigin: true, width: 640 },
    );
    const place: Block = {
      block_id: 'site',
      fallback_text: 'Pump 4.',
      root: 'main',
      elements: {
        main: { type: 'Stack', props: { direction: 'vertical' }, children: ['map', 'sources'] },
        map: { type: 'MapLocation', props: { label: 'Pump 4', lat: 39.1, lng: 117.2 } },
        sources: {
          type: 'Evidence',
          props: { title: 'Sources', items: [{ source: 'Inspection log', ref: 'doc-1' }] },
        },
      },
    };
    await bridge.sendToolInput({ arguments: place as unknown as Record<string, unknown> });
    const block = () => frame.contentDocument!.querySelector('answer-block')?.shadowRoot;
    await waitUntil(
      () => block()?.querySelector('answer-evidence')?.shadowRoot?.querySelector('button.open'),
      'the block did not render',
      { timeout: 10_000 },
    );
    // The block has rendered to its end, the map drawn, and the view has answered since.
    await settle(frame.contentDocument!.querySelector('answer-block')!);
    await waitUntil(
      () =>
        block()!
          .querySelector('answer-map-location')!
          .shadowRoot!.querySelector('.leaflet-container'),
      'the map was not drawn',
      { timeout: 10_000 },
    );
    await roundTrip(bridge);
    expect(messages).to.deep.equal([]);
    block()!
      .querySelector('answer-map-location')!
      .shadowRoot!.querySelector<HTMLButtonElement>('[part=locate]')!
      .click();
    block()!
      .querySelector('answer-evidence')!
      .shadowRoot!.querySelector<HTMLButtonElement>('button.open')!
      .click();
    await waitUntil(() => messages.length === 2, 'the host did not get both messages', {
      timeout: 5_000,
    });
    expect(messages.map((m) => (m.content[0] as { text: string }).text)).to.deep.equal([
      'Locate Pump 4 on the map (39.1, 117.2)',
      'Open source: Inspection log (doc-1)',
    ]);
  });

  it('saves the answer as a page through the host that offers it, and shows no Download where none does', async () => {
    const { frame, bridge, downloads } = await host(
      { locale: 'en' },
      { sameOrigin: true, saves: true },
    );
    await bridge.sendToolInput({ arguments: revenueBlock() as unknown as Record<string, unknown> });
    const doc = frame.contentDocument!;
    const button = () => doc.querySelector<HTMLButtonElement>('button.download');
    await waitUntil(() => button() && !button()!.hidden, 'no Download', { timeout: 10_000 });
    expect(button()!.textContent).to.equal('Download as HTML');
    expect(doc.querySelector('answer-block')!.nextElementSibling).to.equal(button());
    button()!.click();
    await waitUntil(() => downloads.length, 'the host was not asked to save', { timeout: 5_000 });
    const [content] = downloads[0]!.contents;
    const resource = (content as { resource: { uri: string; mimeType: string; text: string } })
      .resource;
    expect(resource.uri).to.equal('file:///answer.html');
    expect(resource.mimeType).to.equal('text/html');
    expect(resource.text).to.match(/^<!doctype html>/);
    expect(resource.text).to.contain('$1,200,000.00').and.contain('trainedAlgorithmicMedia');

    const failing = await host({ locale: 'en' }, { sameOrigin: true, saves: 'fails' });
    await failing.bridge.sendToolInput({
      arguments: revenueBlock() as unknown as Record<string, unknown>,
    });
    const failingButton = () => failing.frame.contentDocument!.querySelector('button.download');
    await waitUntil(() => failingButton(), 'no Download', { timeout: 10_000 });
    (failingButton() as HTMLButtonElement).click();
    await waitUntil(
      () => failingButton()!.textContent!.startsWith('Saving failed'),
      'the reader was not told the host could not save',
      { timeout: 5_000 },
    );

    const plain = await host({ locale: 'en' }, { sameOrigin: true });
    await plain.bridge.sendToolInput({
      arguments: revenueBlock() as unknown as Record<string, unknown>,
    });
    const plainDoc = plain.frame.contentDocument!;
    await waitUntil(
      () => plainDoc.querySelector('answer-block')?.shadowRoot?.querySelector('answer-metric'),
      'the block did not render',
      { timeout: 10_000 },
    );
    expect(plainDoc.querySelector('button.download')).to.equal(null);
  });

  it('shows nothing before the tool input, then an invalid block’s fallback_text, never half a tree, and a valid result replaces it', async () => {
    const { frame, bridge } = await host({ theme: 'light' }, { sameOrigin: true });
    expect(frame.contentDocument!.querySelector('answer-block')).to.equal(null);
    const hostile = revenueBlock() as unknown as {
      elements: Record<string, { props: Record<string, unknown> }>;
    };
    hostile.elements.kpi!.props.onclick = "pwn('x')";
    await bridge.sendToolInput({ arguments: hostile as unknown as Record<string, unknown> });
    const doc = frame.contentDocument!;
    const block = () => doc.querySelector('answer-block')?.shadowRoot;
    await waitUntil(() => block()?.querySelector('[part=fallback]'), 'no fallback shown', {
      timeout: 10_000,
    });
    expect(block()!.querySelector('[part=fallback]')!.textContent).to.equal(
      'Q3 revenue rose 12% to 1.2 M USD; see table.',
    );
    expect(block()!.querySelector('answer-metric')).to.equal(null);
    await bridge.sendToolResult({
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: revenueBlock() as unknown as Record<string, unknown>,
    });
    await waitUntil(
      () => block()?.querySelector('answer-metric'),
      'the valid result was not shown',
      { timeout: 10_000 },
    );
  });

  it('withdraws a block the server refused: the reader sees its fallback_text, as the model hears it was not shown', async () => {
    const { frame, bridge } = await host({ theme: 'light' }, { sameOrigin: true });
    await bridge.sendToolInput({ arguments: revenueBlock() as unknown as Record<string, unknown> });
    const block = () => frame.contentDocument!.querySelector('answer-block')?.shadowRoot;
    await waitUntil(() => block()?.querySelector('answer-metric'), 'the block was not shown', {
      timeout: 10_000,
    });
    await bridge.sendToolResult({
      isError: true,
      content: [{ type: 'text', text: 'The block was not shown: too_large at /: …' }],
      structuredContent: { errors: [] },
    });
    await waitUntil(() => !block()?.querySelector('answer-metric'), 'the refused block stayed', {
      timeout: 5_000,
    });
    expect(block()!.querySelector('[part=fallback]')!.textContent).to.equal(
      'Q3 revenue rose 12% to 1.2 M USD; see table.',
    );
  });

  it('shows an A2UI surface a tool result carries as the block it becomes, naming what it leaves out', async () => {
    const { frame, bridge } = await host({ locale: 'en' }, { sameOrigin: true });
    // The tool's own input is not a block: nothing shows for it.
    await bridge.sendToolInput({ arguments: { pump: 7 } });
    await roundTrip(bridge);
    const doc = frame.contentDocument!;
    expect(doc.querySelector('answer-block')).to.equal(null);
    const surfaceId = 'pump';
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC_CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId,
          components: [
            { id: 'root', component: 'Card', child: 'col' },
            { id: 'col', component: 'Column', children: ['title', 'status', 'photo'] },
            { id: 'title', component: 'Text', text: 'Pump 7', variant: 'h2' },
            { id: 'status', component: 'Text', text: { path: '/status' } },
            { id: 'photo', component: 'Image', url: 'https://example.com/pump.png' },
          ],
        },
      },
      { version: 'v0.9', updateDataModel: { surfaceId, value: { status: 'Running' } } },
    ];
    await bridge.sendToolResult({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'a2ui://surface/pump',
            mimeType: 'application/a2ui+json',
            text: JSON.stringify(messages, null, 2),
          },
        },
      ],
    });
    const block = () => doc.querySelector('answer-block')?.shadowRoot;
    await waitUntil(() => block()?.querySelector('answer-section'), 'the surface was not shown', {
      timeout: 10_000,
    });
    expect(deepText(block()!)).to.include('Pump 7');
    expect(deepText(block()!)).to.include('Running');
    expect(doc.querySelector('.not-shown')!.textContent).to.equal(
      'One part of this answer cannot be shown here: image',
    );
    // The image's address is never fetched.
    expect(JSON.stringify(await cspReports())).to.equal('[]');
  });
});
