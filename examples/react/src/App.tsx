import { useEffect, useState } from 'react';
import { localeDirection, setAnswerLocale, type FormSubmitDetail } from 'answer-ui';
import { languages, pumpBlock } from '../../shared/pump-block.js';

export function App() {
  const [locale, setLocale] = useState('en');
  const [submitted, setSubmitted] = useState<FormSubmitDetail>();

  useEffect(() => {
    void setAnswerLocale(locale).then(() => {
      document.documentElement.lang = locale;
      document.documentElement.dir = localeDirection(locale);
    });
  }, [locale]);

  return (
    <main>
      <header>
        <h1>answer-ui in React</h1>
        <label>
          Language{' '}
          <select value={locale} onChange={(event) => setLocale(event.target.value)}>
            {languages.map(({ locale, name }) => (
              <option key={locale} value={locale}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </header>

      <section aria-labelledby="block-heading">
        <h2 id="block-heading">A block</h2>
        {/* React 19 sets `block` as a property: the element has one. */}
        <answer-block
          block={pumpBlock}
          onanswer-form-submit={(event) => setSubmitted(event.detail)}
        ></answer-block>
        <p role="status" id="submitted">
          {submitted
            ? `Inspection of ${submitted.blockId} scheduled for crew ${String(submitted.values.crew)}.`
            : 'No inspection scheduled yet.'}
        </p>
      </section>

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading">A conversation</h2>
        <agent-thread api="/api/chat" style={{ height: '26rem' }}></agent-thread>
      </section>
    </main>
  );
}
