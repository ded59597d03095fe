/**
 * `npm run mcp`: an example MCP server with the answer app, over Streamable
 * HTTP on loopback (http://127.0.0.1:3333/mcp; ANSWER_UI_MCP_PORT changes the
 * port). Connect an MCP Apps host to it: its model gets `present_answer`,
 * and `rehearsal_answer` shows sample blocks — clearly labelled rehearsal
 * data, not a real analysis — without a model writing any.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  McpServer,
} from '@modelcontextprotocol/server';
import type { Block } from '../../src/catalog/index.js';
import { ANSWER_APP_URI, registerAnswerApp } from '../../src/mcp/index.js';

const PORT = Number(process.env.ANSWER_UI_MCP_PORT) || 3333;

const REHEARSAL: Record<string, Block> = {
  revenue: {
    block_id: 'rehearsal-revenue',
    fallback_text: 'Rehearsal data: Q3 revenue rose 12% to 1.2 M USD.',
    root: 'main',
    elements: {
      main: {
        type: 'Section',
        props: { title: 'Q3 revenue', subtitle: 'Rehearsal data' },
        children: ['kpi', 'trend'],
      },
      kpi: {
        type: 'Metric',
        props: {
          label: 'Revenue',
          value: 1200000,
          format: 'currency',
          currency: 'USD',
          delta: 0.12,
        },
      },
      trend: {
        type: 'Chart',
        props: {
          title: 'Monthly revenue',
          kind: 'line',
          labels: ['Jul', 'Aug', 'Sep'],
          series: [{ name: '2025', values: [380000, 400000, 420000] }],
        },
      },
    },
  },
  'pump-station': {
    block_id: 'rehearsal-pump-station',
    fallback_text: 'Rehearsal data: pump station 4 needs a crew.',
    root: 'main',
    elements: {
      main: {
        type: 'Section',
        props: { title: 'Pump station 4', subtitle: 'Rehearsal data' },
        children: ['site', 'sources', 'crew'],
      },
      site: {
        type: 'MapLocation',
        props: { label: 'Pump station 4', lat: 52.3702, lng: 4.8952, zoom: 14 },
      },
      sources: {
        type: 'Evidence',
        props: {
          title: 'Sources',
          items: [{ source: 'Inspection log', excerpt: 'Valve 7 stuck half open.', ref: 'log-7' }],
        },
      },
      crew: {
        type: 'FollowUpForm',
        props: {
          title: 'Send a crew',
          fields: [
            {
              name: 'crew',
              label: 'Crew',
              kind: 'select',
              options: ['Blue', 'Red'],
              required: true,
            },
            { name: 'note', label: 'Note', kind: 'textarea' },
          ],
        },
      },
    },
  },
};

function answerServer() {
  const server = new McpServer({ name: 'answer-ui-example', version: '1.0.0' });
  registerAnswerApp(server);
  registerAppTool(
    server,
    'rehearsal_answer',
    {
      title: 'Rehearsal answer',
      description: `Shows a sample answer block (rehearsal data, not a real analysis): ${Object.keys(REHEARSAL).join(' or ')}.`,
      inputSchema: {
        '~standard': {
          version: 1,
          vendor: 'answer-ui',
          validate: (value: unknown) => ({ value }),
          jsonSchema: {
            input: () => ({
              type: 'object',
              properties: { scenario: { type: 'string', enum: Object.keys(REHEARSAL) } },
              additionalProperties: false,
            }),
            output: () => ({}),
          },
        },
      },
      _meta: { ui: { resourceUri: ANSWER_APP_URI } },
    },
    async (input) => {
      const block =
        REHEARSAL[(input as { scenario?: string }).scenario ?? 'revenue'] ?? REHEARSAL.revenue!;
      return {
        structuredContent: block as unknown as Record<string, unknown>,
        content: [{ type: 'text', text: block.fallback_text }],
      };
    },
  );
  return server;
}

const handler = createMcpHandler(() => answerServer());

async function serve(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (url.pathname !== '/mcp') {
    res.writeHead(404).end('The MCP endpoint is /mcp.\n');
    return;
  }
  const body =
    req.method === 'GET' || req.method === 'HEAD'
      ? undefined
      : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  const request = new Request(url, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body,
    duplex: 'half',
  } as RequestInit);
  // Loopback only: a web page elsewhere cannot reach this server through the browser by DNS rebinding.
  const response =
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
    (await handler.fetch(request));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body)
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      res.write(chunk);
  res.end();
}

createServer(
  (req, res) =>
    void serve(req, res).catch((error: unknown) => res.writeHead(500).end(String(error))),
).listen(PORT, '127.0.0.1', () =>
  console.log(`answer-ui MCP server (rehearsal data) on http://127.0.0.1:${PORT}/mcp`),
);
