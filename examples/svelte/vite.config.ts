import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { chatRoute } from '../serve.mjs';

export default defineConfig({
  plugins: [
    svelte(),
    // `npm run dev`: the example's back end on the dev server.
    { name: 'chat-route', configureServer: (server) => void server.middlewares.use(chatRoute()) },
  ],
});
