import 'answer-ui'; // defines <agent-thread>, <answer-block> and the nine catalog elements

/** One block as an agent publishes it, then a conversation with the agent at /api/chat. */
export function showFirstAnswer(page: HTMLElement): void {
  const block = document.createElement('answer-block');
  // An object or JSON text: validated before anything renders.
  block.block = {
    block_id: 'q3-revenue',
    fallback_text: 'Q3 revenue rose 12% to 1.2 M USD.',
    root: 'kpi',
    elements: {
      kpi: {
        type: 'Metric',
        props: {
          label: 'Revenue',
          value: 1200000,
          format: 'currency',
          currency: 'USD',
          delta: 0.12,
        },
      },
    },
  };
  block.addEventListener('answer-error', (event) => console.warn(event.detail.message));

  const thread = document.createElement('agent-thread');
  thread.api = '/api/chat'; // a route that answers as the AI SDK's useChat expects
  thread.threadId = 'first-answer'; // kept in IndexedDB under this id, so it survives a reload
  thread.style.height = '28rem';

  page.append(block, thread);
}
