import { expect } from 'chai';
import { parse } from 'parse5';
import { elementsOf } from '../test-support/html-tree.js';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { revenueBlock } from '../test-support/blocks.js';
import { ANSWER_APP_URI, registerAnswerApp } from './index.js';

/*
 * An MCP server with the answer app, and the SDK's own client talking to it
 * over the SDK's in-memory transport, as a host would over any other.
 */

async function connect(options?: Parameters<typeof registerAnswerApp>[1]) {
  const server = new McpServer({ name: 'answers', version: '1.0.0' });
  registerAnswerApp(server, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'host', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: () => Promise.all([client.close(), server.close()]) };
}

type Result = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
};

describe('answer-ui/mcp registerAnswerApp', function () {
  this.timeout(20_000);
  let session: Awaited<ReturnType<typeof connect>>;
  beforeEach(async () => (session = await connect()));
  afterEach(() => session.close());

  it('lists present_answer with the catalog schema and the view as its ui resource', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'present_answer')!;
    expect(tool, 'present_answer').to.exist;
    expect((tool._meta as { ui?: { resourceUri?: string } }).ui?.resourceUri).to.equal(
      'ui://answer-ui/block',
    );
    expect(tool.inputSchema.required).to.include.members([
      'block_id',
      'fallback_text',
      'root',
      'elements',
    ]);
    expect(tool.inputSchema.additionalProperties).to.equal(false);
    expect(tool.description).to.include('FollowUpForm');
  });

  it('serves the view as one self-contained mcp-app HTML document', async () => {
    const { contents } = await session.client.readResource({ uri: ANSWER_APP_URI });
    expect(contents).to.have.lengthOf(1);
    const [view] = contents as [{ uri: string; mimeType: string; text: string }];
    expect(view.uri).to.equal('ui://answer-ui/block');
    expect(view.mimeType).to.equal('text/html;profile=mcp-app');
    expect(view.text).to.match(/^<!doctype html>/i);
    // Everything inline: no element of the document fetches a script, a stylesheet or an image
    // (read as a browser parses it: the inlined code may hold such markup as text).
    const fetching = elementsOf(parse(view.text)).filter(
      ({ tag, attrs }) =>
        (tag === 'script' && 'src' in attrs) ||
        (tag === 'link' && 'href' in attrs) ||
        (tag === 'img' && 'src' in attrs),
    );
    expect(fetching).to.deep.equal([]);
    expect(view.text).to.include('answer-block');
  });

  it('accepts a valid block: the block as structuredContent, its fallback_text as text', async () => {
    const result = (await session.client.callTool({
      name: 'present_answer',
      arguments: revenueBlock() as unknown as Record<string, unknown>,
    })) as Result;
    expect(result.isError ?? false).to.equal(false);
    expect(result.structuredContent).to.deep.equal(revenueBlock());
    expect(result.content).to.deep.equal([
      { type: 'text', text: 'Q3 revenue rose 12% to 1.2 M USD; see table.' },
    ]);
  });

  it('hands an invalid block to validateBlock: our codes and paths, as structuredContent and as text', async () => {
    const block = revenueBlock() as unknown as {
      elements: Record<string, { props: Record<string, unknown>; children?: string[] }>;
    };
    block.elements.main!.children = ['kpi', 'trend', 'ghost'];
    block.elements.kpi!.props.onclick = 'alert(1)';
    const result = (await session.client.callTool({
      name: 'present_answer',
      arguments: block,
    })) as Result;
    expect(result.isError).to.equal(true);
    const errors = (
      result.structuredContent as { errors: { code: string; path: string; message: string }[] }
    ).errors;
    expect(errors.map((e) => [e.code, e.path])).to.deep.include.members([
      ['missing_ref', '/elements/main/children/2'],
      ['unknown_prop', '/elements/kpi/props/onclick'],
    ]);
    const text = result.content.map((c) => c.text).join('\n');
    for (const error of errors)
      expect(text).to.include(`${error.code} at ${error.path}: ${error.message}`);
  });

  it('answers an envelope the JSON Schema refuses with invalid_envelope, not the SDK’s generic refusal', async () => {
    const result = (await session.client.callTool({
      name: 'present_answer',
      arguments: { block_id: 'x y' },
    })) as Result;
    expect(result.isError).to.equal(true);
    const codes = (result.structuredContent as { errors: { code: string }[] }).errors.map(
      (e) => e.code,
    );
    expect(codes).to.include('invalid_envelope');
  });

  it('serves the document it was given instead of the built one', async () => {
    await session.close();
    session = await connect({ html: '<!doctype html><title>custom</title>' });
    const { contents } = await session.client.readResource({ uri: ANSWER_APP_URI });
    expect((contents[0] as { text: string }).text).to.equal('<!doctype html><title>custom</title>');
  });
});
