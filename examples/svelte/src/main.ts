import 'answer-ui'; // defines <answer-block>, <agent-thread>, … (before the app renders them)
import type {} from 'answer-ui/svelte'; // types them in templates, with their events
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
