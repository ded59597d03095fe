import type { Block } from '../catalog/index.js';

/** The block from the spec: a stack with a metric and a chart. */
export function revenueBlock(revenue = 1_200_000): Block {
  return {
    block_id: 'q3-revenue',
    fallback_text: 'Q3 revenue rose 12% to 1.2 M USD; see table.',
    root: 'main',
    elements: {
      main: {
        type: 'Stack',
        props: { direction: 'vertical', gap: 'md' },
        children: ['kpi', 'trend'],
      },
      kpi: {
        type: 'Metric',
        props: {
          label: 'Revenue',
          value: revenue,
          format: 'currency',
          currency: 'USD',
          delta: 0.12,
        },
      },
      trend: {
        type: 'Chart',
        props: {
          title: 'Monthly revenue',
          kind: 'line',
          labels: ['Jul', 'Aug', 'Sep'],
          series: [{ name: '2025', values: [380000, 400000, revenue / 3] }],
        },
      },
    },
  };
}

/** A block with every stateful component: evidence, a form and a table, no chart or map. */
export function investigationBlock(note = 'Valve 7 stuck half open.'): Block {
  return {
    block_id: 'field-check',
    fallback_text: 'Field check of pump station 4.',
    root: 'root',
    elements: {
      root: {
        type: 'Section',
        props: { title: 'Pump station 4' },
        children: ['summary', 'flows', 'sources', 'ask'],
      },
      summary: { type: 'Text', props: { text: note } },
      flows: {
        type: 'Table',
        props: {
          columns: [{ label: 'Site' }, { label: 'Flow', format: 'number' }],
          rows: [
            ['A', 1],
            ['B', 2],
          ],
        },
      },
      sources: {
        type: 'Evidence',
        props: {
          title: 'Sources',
          items: [{ source: 'Inspection log', excerpt: note, ref: 'doc-1' }],
        },
      },
      ask: {
        type: 'FollowUpForm',
        props: { title: 'Confirm', fields: [{ name: 'crew', label: 'Crew', kind: 'text' }] },
      },
    },
  };
}
