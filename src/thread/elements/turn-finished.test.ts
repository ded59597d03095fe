import { expect, fixture, html } from '@open-wc/testing';
import { $, $$ } from '../../test-support/dom.js';
import { settle } from '../../test-support/settle.js';
import '../define.js';
import type { AgentThread } from './thread.js';
import { harness } from '../../test-support/thread-harness.js';

/*
 * A finished answer's text is rendered for good, as plain DOM: the reader
 * sees exactly what they saw while it streamed, and can still copy it.
 */

const answer = `## Findings

The **pump station 4** ran at *92%*; see [report 4](https://example.com/r/4) and \`valve-4\`.

- Reading 4: pressure 6.8 bar
- Crew 0 on site

| Site | Flow |
|---|---:|
| P4 | 44 |

\`\`\`sql
select site from readings;
\`\`\`

> Note: the schedule changes next week.`;

/** The answer's elements as the reader gets them (tags, attributes, text), whatever the DOM keeps between them. */
function shown(markdown: Element): string[] {
  return [...markdown.shadowRoot!.querySelectorAll('.content *')].map(
    (el) =>
      `${el.localName} ${[...el.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}: ${el.textContent!.replace(/\s+/g, ' ').trim()}`,
  );
}

const withoutBlockBoxes = (lines: string[]) => lines.filter((line) => !/^div :/.test(line));

async function streamAnswer(thread: AgentThread) {
  thread.applyPart({ type: 'start' });
  thread.applyPart({ type: 'text-start', id: 't' });
  for (const delta of answer.match(/[\s\S]{1,6}/g)!) {
    thread.applyPart({ type: 'text-delta', id: 't', delta });
    await settle(thread);
  }
  await settle(thread);
  return $(thread, 'agent-turn');
}

describe('a finished answer', () => {
  it('shows what it showed while it streamed, its markdown element kept', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    const turn = await streamAnswer(thread);
    const markdown = $(turn, 'answer-markdown');
    const whileStreaming = shown(markdown);
    thread.applyPart({ type: 'finish' });
    await settle(thread);
    expect($(turn, 'answer-markdown'), 'the same element').to.equal(markdown);
    // Streaming, the blocks sit in several boxes (settled ones and the unfinished end); finished, in one.
    expect(withoutBlockBoxes(shown(markdown))).to.deep.equal(withoutBlockBoxes(whileStreaming));
    expect($$(markdown, 'h4').map((h) => h.textContent)).to.deep.equal(['Findings']);
    expect($$<HTMLAnchorElement>(markdown, 'a').map((a) => a.href)).to.deep.equal([
      'https://example.com/r/4',
    ]);
    await expect(markdown).to.be.accessible();
  });

  it('is copied as the markdown it was, with its disclosure and its mark', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    await streamAnswer(thread);
    thread.applyPart({ type: 'finish' });
    await settle(thread);
    const copied = await harness(thread).copyText();
    expect(copied.trim()).to.equal(
      `*AI-generated*\n\n${answer}\n\n[digital-source-type]: ` +
        '<http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia> "AI-generated"',
    );
  });

  it('arrived whole (as history does), shows every block', async () => {
    const thread = await fixture<AgentThread>(html`<agent-thread no-composer></agent-thread>`);
    for (let i = 0; i < 3; i++) {
      for (const part of [
        { type: 'start' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: answer },
        { type: 'finish' },
      ])
        thread.applyPart(part);
      await thread.send(`Question ${i}`);
    }
    await settle(thread);
    const markdowns = $$(thread, 'agent-turn').map((turn) => $(turn, 'answer-markdown'));
    expect(markdowns).to.have.length(3);
    for (const markdown of markdowns) {
      expect($$(markdown, 'h4, li, td, pre, blockquote').length).to.equal(7);
      expect(markdown.shadowRoot!.querySelector('.content')!.textContent)
        .to.include('select site from readings;')
        .and.include('Crew 0 on site');
    }
  });
});
