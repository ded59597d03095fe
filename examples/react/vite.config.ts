import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chatRoute } from '../serve.mjs';

export default defineConfig({
  plugins: [
    react(),
    // `npm run dev`: the example's back end on the dev server.
    { name: 'chat-route', configureServer: (server) => void server.middlewares.use(chatRoute()) },
  ],
});
