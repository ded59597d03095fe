import { expect } from '@open-wc/testing';
import type { AssistantTurn, ThreadMessage, UserMessage } from '../../conversation/index.js';
import { deserializeMessage, serializeMessage } from '../../store/index.js';
import { mergeSaved, type ShownMessages } from './merge-saved.chunk.js';

/*
 * What the reader sees once a thread's saved records have loaded while the
 * page already shows messages: the store's order and copies, except where
 * this page's copy is still changing; what this page added goes last; what
 * another page removed goes; unreadable records keep their places.
 */

const question = (id: string, text = `Question ${id}`): UserMessage => ({ role: 'user', id, text });

const answer = (id: string, text = `Answer ${id}`, streaming = false): AssistantTurn => ({
  role: 'assistant',
  id,
  items: [{ kind: 'text', key: 't', parts: [text], done: !streaming }],
  status: streaming ? 'streaming' : 'complete',
  closed: !streaming,
});

/** A record as the store holds it. */
const record = (position: number, message: ThreadMessage) => ({
  position,
  message: serializeMessage(message),
});

/** The page: where it saved (or loaded) each message it shows, and which of its copies are live. */
function page(saved: [ThreadMessage, number][], live: ThreadMessage[] = []): ShownMessages {
  const positions = new Map(saved);
  const changing = new Set(live);
  return {
    positionOf: (message) => positions.get(message),
    isLive: (message) => changing.has(message),
  };
}

/** The page before it has saved or loaded anything. */
const blankPage = page([]);

const merge = (
  records: { position: number; message: unknown }[],
  shown: ThreadMessage[],
  known: ShownMessages,
) => mergeSaved(records, shown, deserializeMessage, known);

/** What the reader reads, message by message. */
const read = (messages: readonly ThreadMessage[]) =>
  messages.map((message) =>
    message.role === 'user'
      ? message.text
      : message.items.map((item) => (item.kind === 'text' ? item.parts.join('') : '')).join(''),
  );

describe('mergeSaved', () => {
  describe('an empty store', () => {
    it('shows nothing on a page that shows nothing, and the first message goes at position 0', () => {
      const merged = merge([], [], blankPage);
      expect(merged.messages).to.deep.equal([]);
      expect(merged.next).to.equal(0);
      expect(merged.unreadable).to.equal(0);
      expect([...merged.positions]).to.deep.equal([]);
    });

    it('keeps what the page sent while the records loaded, and an answer still streaming', () => {
      const sent = question('u0');
      const streaming = answer('a0', 'Half an ans', true);
      const merged = merge([], [sent, streaming], page([[streaming, 0]], [sent, streaming]));
      expect(merged.messages).to.deep.equal([sent, streaming]);
      expect(merged.next).to.equal(0);
    });

    it('drops what the page had saved and another page has since cleared', () => {
      const u0 = question('u0');
      const a0 = answer('a0');
      const merged = merge(
        [],
        [u0, a0],
        page([
          [u0, 0],
          [a0, 1],
        ]),
      );
      expect(merged.messages).to.deep.equal([]);
    });
  });

  it('shows the saved messages in the order of their positions, each placed where it is saved, and new ones go after the last', () => {
    const records = [
      record(0, question('u0')),
      record(1, answer('a0')),
      record(4, question('u1')),
      record(5, answer('a1')),
    ];
    const merged = merge(records, [], blankPage);
    expect(read(merged.messages)).to.deep.equal([
      'Question u0',
      'Answer a0',
      'Question u1',
      'Answer a1',
    ]);
    expect(merged.messages.map((message) => merged.positions.get(message))).to.deep.equal([
      0, 1, 4, 5,
    ]);
    expect(merged.next).to.equal(6);
    expect(merged.unreadable).to.equal(0);
  });

  it('shows messages another page added in their place, before the ones this page has not saved yet', () => {
    const u0 = question('u0');
    const a0 = answer('a0');
    const unsaved = question('u2', 'Sent while the records loaded');
    const records = [
      record(0, u0),
      record(1, a0),
      record(2, question('u1', 'Asked in another tab')),
      record(3, answer('a1', 'Answered in another tab')),
    ];
    const merged = merge(
      records,
      [u0, a0, unsaved],
      page(
        [
          [u0, 0],
          [a0, 1],
        ],
        [unsaved],
      ),
    );
    expect(read(merged.messages)).to.deep.equal([
      'Question u0',
      'Answer a0',
      'Asked in another tab',
      'Answered in another tab',
      'Sent while the records loaded',
    ]);
    expect(merged.messages.at(-1)).to.equal(unsaved);
    expect(merged.positions.get(merged.messages[2]!)).to.equal(2);
    expect(merged.next).to.equal(4);
  });

  it('takes the saved copy over a finished one the page shows (another page changed it)', () => {
    const u0 = question('u0');
    const a0 = answer('a0', 'Answer, as this page last saw it');
    const records = [record(0, u0), record(1, answer('a0', 'Answer, as another page left it'))];
    const merged = merge(
      records,
      [u0, a0],
      page([
        [u0, 0],
        [a0, 1],
      ]),
    );
    expect(read(merged.messages)).to.deep.equal(['Question u0', 'Answer, as another page left it']);
    // Saved again, it goes back where it came from.
    expect(merged.positions.get(merged.messages[1]!)).to.equal(1);
  });

  describe("the page's live copy wins over the saved one", () => {
    it('an answer still streaming stays as it streams, not as its last checkpoint (which reads back as interrupted)', () => {
      const u0 = question('u0');
      const streaming = answer('a0', 'The answer so far, and more', true);
      const records = [record(0, u0), record(1, answer('a0', 'The answer so', true))];
      const merged = merge(
        records,
        [u0, streaming],
        page(
          [
            [u0, 0],
            [streaming, 1],
          ],
          [streaming],
        ),
      );
      expect(merged.messages).to.have.length(2);
      expect(merged.messages[1]).to.equal(streaming);
      expect(read(merged.messages)[1]).to.equal('The answer so far, and more');
      expect((merged.messages[1] as AssistantTurn).status).to.equal('streaming');
    });

    it('a change on its way to the store is not undone by the older saved copy', () => {
      const u0 = question('u0');
      const edited = answer('a0', 'Answer, with the form this page just sent');
      const records = [record(0, u0), record(1, answer('a0', 'Answer, before the form was sent'))];
      const merged = merge(
        records,
        [u0, edited],
        page(
          [
            [u0, 0],
            [edited, 1],
          ],
          [edited],
        ),
      );
      expect(merged.messages[1]).to.equal(edited);
    });

    it('an answer this page resumed, which another page saved, shows once, and is saved over that record', () => {
      const u0 = question('u0');
      const resumed = answer('a0', 'Resumed here, and going on', true);
      const records = [record(0, u0), record(1, answer('a0', 'Resumed here', true))];
      const merged = merge(records, [u0, resumed], page([[u0, 0]], [resumed]));
      expect(merged.messages).to.have.length(2);
      expect(merged.messages[1]).to.equal(resumed);
      expect(merged.positions.get(resumed)).to.equal(1);
    });

    it('an answer regenerated here takes the place of the saved one it replaces', () => {
      const u0 = question('u0');
      const old = answer('a0', 'The old answer');
      // The fresh answer has an id of its own and the old one's position.
      const fresh = answer('a0-again', 'The new answer, streaming', true);
      const merged = merge(
        [record(0, u0), record(1, old)],
        [u0, fresh],
        page(
          [
            [u0, 0],
            [fresh, 1],
          ],
          [fresh],
        ),
      );
      expect(read(merged.messages)).to.deep.equal(['Question u0', 'The new answer, streaming']);
      expect(merged.messages[1]).to.equal(fresh);
    });
  });

  describe('what another page removed or replaced', () => {
    const u0 = question('u0');
    const a0 = answer('a0');
    const u1 = question('u1');
    const a1 = answer('a1', 'The answer the other page regenerated');
    const shown = [u0, a0, u1, a1];
    const saved = page([
      [u0, 0],
      [a0, 1],
      [u1, 2],
      [a1, 3],
    ]);

    it('goes: messages cut from the store (a question edited there) leave the page', () => {
      const merged = merge([record(0, u0), record(1, a0)], shown, saved);
      expect(read(merged.messages)).to.deep.equal(['Question u0', 'Answer a0']);
      expect(merged.next).to.equal(2);
    });

    it('is replaced: the other page’s new answer shows instead of the one this page saw', () => {
      const records = [
        record(0, u0),
        record(1, a0),
        record(2, u1),
        record(3, answer('a1-again', 'The regenerated answer')),
      ];
      const merged = merge(records, shown, saved);
      expect(read(merged.messages)).to.deep.equal([
        'Question u0',
        'Answer a0',
        'Question u1',
        'The regenerated answer',
      ]);
      expect(merged.messages.map((message) => message.id)).not.to.include('a1');
    });
  });

  it('shows an answer two pages both saved (each resumed it) once', () => {
    const records = [record(0, question('u0')), record(1, answer('a0')), record(2, answer('a0'))];
    const merged = merge(records, [], blankPage);
    expect(read(merged.messages)).to.deep.equal(['Question u0', 'Answer a0']);
    expect(merged.unreadable, 'a duplicate is not damage').to.equal(0);
    expect(merged.next, 'nothing is written over either copy').to.equal(3);
  });

  describe('unreadable records', () => {
    it('are counted and left out, the rest shows in order, and new messages go after them', () => {
      const records = [
        record(0, question('u0')),
        { position: 1, message: { id: 'damaged' } },
        record(2, answer('a0')),
        // Saved by a newer version, with a role this one does not know.
        { position: 3, message: { role: 'tool', id: 't0', result: 42 } },
      ];
      const unsaved = question('u1', 'Sent while the records loaded');
      const merged = merge(records, [unsaved], page([], [unsaved]));
      expect(read(merged.messages)).to.deep.equal([
        'Question u0',
        'Answer a0',
        'Sent while the records loaded',
      ]);
      expect(merged.unreadable).to.equal(2);
      expect(merged.next, 'the unreadable last record is not written over').to.equal(4);
      expect(merged.positions.get(merged.messages[1]!)).to.equal(2);
    });

    it('all of them: nothing shows, and their positions stay taken', () => {
      const records = [
        { position: 0, message: null },
        { position: 1, message: 'not a message' },
      ];
      const merged = merge(records, [], blankPage);
      expect(merged.messages).to.deep.equal([]);
      expect(merged.unreadable).to.equal(2);
      expect(merged.next).to.equal(2);
    });
  });
});
