import { Component, CUSTOM_ELEMENTS_SCHEMA, effect, signal } from '@angular/core';
import {
  localeDirection,
  setAnswerLocale,
  type AnswerFormSubmitEvent,
  type FormSubmitDetail,
} from 'answer-ui';
import { languages, pumpBlock } from '../../../shared/pump-block';

@Component({
  selector: 'app-root',
  // The one line Angular needs: tags it does not know are custom elements.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <header>
        <h1>answer-ui in Angular</h1>
        <label>
          Language
          <select #language [value]="locale()" (change)="locale.set(language.value)">
            @for (language of languages; track language.locale) {
              <option [value]="language.locale">{{ language.name }}</option>
            }
          </select>
        </label>
      </header>

      <section aria-labelledby="block-heading">
        <h2 id="block-heading">A block</h2>
        <!-- [block] sets the property; $event is the element's AnswerFormSubmitEvent. -->
        <answer-block [block]="block" (answer-form-submit)="onSubmit($event)"></answer-block>
        <p role="status" id="submitted">
          @if (submitted(); as detail) {
            Inspection of {{ detail.blockId }} scheduled for crew {{ detail.values['crew'] }}.
          } @else {
            No inspection scheduled yet.
          }
        </p>
      </section>

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading">A conversation</h2>
        <agent-thread api="/api/chat" style="height: 26rem"></agent-thread>
      </section>
    </main>
  `,
})
export class AppComponent {
  protected readonly languages = languages;
  protected readonly block = pumpBlock;
  protected readonly locale = signal('en');
  protected readonly submitted = signal<FormSubmitDetail | undefined>(undefined);

  constructor() {
    effect(() => {
      const next = this.locale();
      void setAnswerLocale(next).then(() => {
        document.documentElement.lang = next;
        document.documentElement.dir = localeDirection(next);
      });
    });
  }

  protected onSubmit(event: AnswerFormSubmitEvent) {
    this.submitted.set(event.detail);
  }
}
