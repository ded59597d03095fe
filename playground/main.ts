import { configureAnswerUI, localeDirection, setAnswerLocale } from '../src/index.js';
import tile from '../src/test-support/tile.png?url';

const thread = document.querySelector('agent-thread')!;
const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

field<HTMLInputElement>('thread').addEventListener('change', (event) => {
  thread.threadId = (event.target as HTMLInputElement).value.trim() || 'playground';
});
field<HTMLSelectElement>('locale').addEventListener('change', async (event) => {
  const locale = (event.target as HTMLSelectElement).value;
  await setAnswerLocale(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
});
field<HTMLSelectElement>('theme').addEventListener('change', (event) => {
  const scheme = (event.target as HTMLSelectElement).value;
  document.documentElement.style.colorScheme = scheme;
  document.documentElement.style.setProperty('--answer-color-scheme', scheme);
});
field<HTMLSelectElement>('tiles').addEventListener('change', (event) => {
  const grid = (event.target as HTMLSelectElement).value === 'grid';
  configureAnswerUI({
    map: grid ? { tileUrl: `${tile}?{z}/{x}/{y}`, attribution: 'Local test tile' } : {},
  });
});
thread.addEventListener('answer-map-locate', (event) =>
  console.info('answer-map-locate', event.detail),
);
thread.addEventListener('answer-source-select', (event) =>
  console.info('answer-source-select', event.detail),
);
