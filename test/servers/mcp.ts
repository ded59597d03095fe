/**
 * The MCP App view for the browser tests: GET /mcp-app/view.html serves the
 * built resource (npm run build; built here once when it is missing) under
 * the MCP Apps specification's restrictive default CSP, as a host frames it,
 * with a report-uri so the tests see anything the policy blocked.
 *
 * GET  /mcp-app/view.html       the view, under the default CSP
 * GET  /mcp-app/probe.html      a page under the same policy that tries to fetch, to show blocks are reported
 * POST /mcp-app/csp-report      where the browser reports a violation
 * GET  /mcp-app/csp-reports     the reports so far; DELETE clears them
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Context, Next } from 'koa';
import { buildMcpApp, VIEW_FILE } from '../../scripts/build/build-mcp-app.mjs';

const DEFAULT_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
  'report-uri /mcp-app/csp-report',
].join('; ');

const PROBE = `<!doctype html><html><body><script type="module">fetch('/mcp-app/forbidden').catch(() => undefined);</script></body></html>`;

let building: Promise<string> | undefined;
const view = () =>
  existsSync(VIEW_FILE)
    ? Promise.resolve(readFileSync(VIEW_FILE, 'utf8'))
    : (building ??= buildMcpApp());

async function readBody(ctx: Context): Promise<string> {
  let text = '';
  for await (const chunk of ctx.req) text += chunk;
  return text;
}

export function middleware() {
  const reports: unknown[] = [];
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/mcp-app/')) return next();
    if (ctx.path === '/mcp-app/view.html' || ctx.path === '/mcp-app/probe.html') {
      ctx.set('Content-Security-Policy', DEFAULT_CSP);
      ctx.type = 'text/html';
      ctx.body = ctx.path === '/mcp-app/probe.html' ? PROBE : await view();
      return;
    }
    if (ctx.path === '/mcp-app/csp-report' && ctx.method === 'POST') {
      const text = await readBody(ctx);
      reports.push(JSON.parse(text || 'null'));
      ctx.status = 204;
      return;
    }
    if (ctx.path === '/mcp-app/csp-reports') {
      if (ctx.method === 'DELETE') reports.length = 0;
      ctx.body = reports;
      return;
    }
    return next();
  };
}
