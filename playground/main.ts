import { validateBlock } from '../src/catalog/index.js';

const example = {
  block_id: 'q3-revenue',
  fallback_text: 'Q3 revenue rose 12% to 1.2 M USD; see table.',
  root: 'main',
  elements: {
    main: { type: 'Stack', props: { direction: 'vertical', gap: 'md' }, children: ['kpi', 'trend'] },
    kpi: { type: 'Metric', props: { label: 'Revenue', value: 1200000, format: 'currency', currency: 'USD', delta: 0.12 } },
    trend: { type: 'Chart', props: { title: 'Monthly revenue', kind: 'line', labels: ['Jul', 'Aug', 'Sep'], series: [{ name: '2025', values: [380000, 400000, 420000] }] } },
  },
};

const input = document.querySelector<HTMLTextAreaElement>('#input')!;
const output = document.querySelector<HTMLPreElement>('#result')!;
const update = () => {
  const result = validateBlock(input.value);
  output.textContent = result.ok ? 'Valid block.' : result.errors.map((e) => `${e.code} at ${e.path || '/'}: ${e.message}`).join('\n');
};
input.value = JSON.stringify(example, null, 2);
input.addEventListener('input', update);
update();
