import 'answer-ui'; // defines <answer-block>, <agent-thread>, … (before the app renders them)
import type {} from 'answer-ui/vue'; // types them in templates, with their events
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
