import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Block } from '../../catalog/index.js';
import type {
  AssistantTurn,
  BlockItem,
  FormAnswer,
  ThreadState,
} from '../../conversation/index.js';
import { blockFormSummary } from '../../base/form-summary.js';
import type { AnswerFormSubmitEvent, FormSubmitDetail } from '../../components/shared/events.js';

/** The user message a form submission becomes: its answers as text, and the submission itself as data. */
function submissionMessage(
  item: BlockItem | undefined,
  { blockId, elementId, values }: FormSubmitDetail,
) {
  const block = item?.valid ? (item.block as Block) : undefined;
  const data: FormAnswer = { type: 'answer_form', blockId, elementId, values };
  return { text: blockFormSummary(block, elementId, values), data };
}

interface FormHost extends ReactiveControllerHost, HTMLElement {
  send(text: string, data?: unknown): Promise<void>;
}

/**
 * A form submitted inside the thread is recorded on its block (the form
 * then shows its answers, also after a reload) and sent as the reader's
 * next message.
 */
export class FormBridge implements ReactiveController {
  constructor(
    private readonly host: FormHost,
    private readonly state: ThreadState,
  ) {
    host.addController(this);
  }

  hostConnected() {
    this.host.addEventListener('answer-form-submit', this.onSubmit);
  }

  hostDisconnected() {
    this.host.removeEventListener('answer-form-submit', this.onSubmit);
  }

  private onSubmit = (event: AnswerFormSubmitEvent) => {
    const { blockId, elementId, values } = event.detail;
    // The turn whose element the form is in (`<agent-turn>`, whose class comes in a chunk of its own).
    const turn = (
      event.composedPath().find((node) => (node as Element).localName === 'agent-turn') as
        { turn?: AssistantTurn } | undefined
    )?.turn;
    const item = this.state.recordSubmission(blockId, elementId, values, turn?.id);
    if (turn) this.state.announce({ turn });
    const { text, data } = submissionMessage(item, event.detail);
    void this.host.send(text, data);
  };
}
