import { expect } from 'chai';
import fc from 'fast-check';
import { EventStreamParser, OVERSIZED_EVENT, type StreamEvent } from './sse.js';
import { fuzzRuns } from '../test-support/fuzz.js';

function parseAll(chunks: string[], maxEventLength?: number): StreamEvent[] {
  const parser = new EventStreamParser(maxEventLength);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const stream =
  'data: {"type":"start"}\n\n: keep-alive comment\n\ndata: {"type":"text-delta","id":"t","delta":"héllo 👋"}\r\n\r\nevent: ignored\ndata: line one\ndata: line two\n\ndata: [DONE]\n\n';
const expected = [
  '{"type":"start"}',
  '{"type":"text-delta","id":"t","delta":"héllo 👋"}',
  'line one\nline two',
  '[DONE]',
];

describe('EventStreamParser', () => {
  it('yields the data of each event; comments and other fields are skipped', () => {
    expect(parseAll([stream])).to.deep.equal(expected);
  });

  it('accepts CR, LF and CRLF line ends, also when CR and LF arrive apart', () => {
    expect(parseAll(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).to.deep.equal(['a\nb']);
    expect(parseAll(['data: a\r\rdata: b\n\n'])).to.deep.equal(['a', 'b']);
  });

  it('dispatches a last event that lacks its blank line', () => {
    expect(parseAll(['data: tail'])).to.deep.equal(['tail']);
  });

  it('gives the same events for any split of the stream', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 20 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, i) =>
          stream.slice(start, points[i] ?? stream.length),
        );
        expect(parseAll(chunks)).to.deep.equal(expected);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  describe('an event over the limit', () => {
    const big = 'x'.repeat(40);
    const around = (middle: string) => `data: before\n\n${middle}\n\ndata: after\n\n`;

    it('comes back as OVERSIZED_EVENT in its place, and the events around it are intact', () => {
      // One line too long, several lines too long together, and a line still open when it went over.
      for (const middle of [
        `data: ${big}`,
        `data: ${big.slice(0, 20)}\ndata: ${big.slice(0, 20)}`,
        `event: x\ndata: ${big}\r\ndata: more`,
      ]) {
        expect(parseAll([around(middle)], 32), middle).to.deep.equal([
          'before',
          OVERSIZED_EVENT,
          'after',
        ]);
      }
      const atLimit = around(`data: ${'x'.repeat(32)}`);
      for (let cut = 0; cut < atLimit.length; cut++) {
        expect(
          parseAll([atLimit.slice(0, cut), atLimit.slice(cut)], 32),
          `exactly at the limit, cut at ${cut}`,
        ).to.deep.equal(['before', 'x'.repeat(32), 'after']);
      }
    });

    it('drops the text of an endless line as it arrives, and says so when the stream ends', () => {
      const parser = new EventStreamParser(32);
      const events = [...parser.push('data: before\n\ndata: ')];
      for (let i = 0; i < 100; i++) events.push(...parser.push(big));
      expect(
        (parser as unknown as { buffer: string }).buffer.length,
        'nothing of the endless line is held',
      ).to.be.at.most(big.length + 6);
      events.push(...parser.end());
      expect(events).to.deep.equal(['before', OVERSIZED_EVENT]);
    });

    it('gives the same events for any split of the stream', () => {
      const text = around(`data: ${big}\r\ndata: ${big}`) + stream;
      fc.assert(
        fc.property(fc.array(fc.nat(text.length), { maxLength: 20 }), (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) =>
            text.slice(start, points[i] ?? text.length),
          );
          expect(parseAll(chunks, 60)).to.deep.equal([
            'before',
            OVERSIZED_EVENT,
            'after',
            ...expected,
          ]);
        }),
        { numRuns: fuzzRuns(300) },
      );
    });
  });
});
