import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, normalize } from 'node:path';

/**
 * The strictest policy a host could reasonably set: scripts and styles from
 * the page's own origin only, nothing fetched from elsewhere, no plugins, no
 * frames, and Trusted Types required for every HTML sink, with Lit's own
 * policy (it only ever sees the library's compiled templates) the one allowed.
 */
export const STRICT_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Leaflet clears each tile it removes with a 1×1 data: GIF; map tiles are the only images.
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.png': 'image/png',
  '.css': 'text/css',
};
const SERVED = /^\/(security|dist)\//;

export interface StrictServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the security page, the built bundle and a local map tile from 127.0.0.1, all under STRICT_POLICY. */
export async function startStrictServer(): Promise<StrictServer> {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://local').pathname);
    const file = path.startsWith('/tiles/')
      ? 'src/test-support/tile.png'
      : SERVED.test(path)
        ? path.slice(1)
        : undefined;
    try {
      if (!file) throw new Error('not served');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': STRICT_POLICY,
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-security-policy': STRICT_POLICY }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
