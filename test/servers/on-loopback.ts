import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

/**
 * Serves `middleware` (a back end of this folder, as the browser test runner
 * mounts it) on a free loopback port, for a Node test to drive with a
 * protocol's own client. Resolves with its base URL and a way to close it.
 */
export async function onLoopback(
  middleware: Koa.Middleware,
): Promise<{ base: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(middleware);
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
