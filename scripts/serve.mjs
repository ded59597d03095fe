/**
 * `npm start`: serves the playground page on http://localhost:PORT (default
 * 5173, or $PORT) through Vite.
 */
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 5173);
const server = await createServer({
  root: 'playground',
  configFile: false,
  server: { port, host: '127.0.0.1', strictPort: false },
  esbuild: { target: 'es2022' },
  logLevel: 'warn',
});
await server.listen();
const address = server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
console.log(`answer-ui playground: ${address}`);
