import 'answer-ui'; // defines <answer-block>, <agent-thread>, …
import type {} from 'answer-ui/react'; // types them in JSX, with their events
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
