import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { chatRoute } from '../serve.mjs';

export default defineConfig({
  plugins: [
    vue({
      template: {
        // The one line Vue needs: these tags are custom elements, not Vue components.
        compilerOptions: {
          isCustomElement: (tag) => tag.startsWith('answer-') || tag === 'agent-thread',
        },
      },
    }),
    // `npm run dev`: the example's back end on the dev server.
    { name: 'chat-route', configureServer: (server) => void server.middlewares.use(chatRoute()) },
  ],
});
