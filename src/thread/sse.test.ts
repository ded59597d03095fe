import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { EventStreamParser } from './sse.js';
import { fuzzRuns } from '../test-support/fuzz.js';

function parseAll(chunks: string[]): string[] {
  const parser = new EventStreamParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const stream = 'data: {"type":"start"}\n\n: keep-alive comment\n\ndata: {"type":"text-delta","id":"t","delta":"héllo 👋"}\r\n\r\nevent: ignored\ndata: line one\ndata: line two\n\ndata: [DONE]\n\n';
const expected = ['{"type":"start"}', '{"type":"text-delta","id":"t","delta":"héllo 👋"}', 'line one\nline two', '[DONE]'];

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
        const chunks = [0, ...points].map((start, i) => stream.slice(start, points[i] ?? stream.length));
        expect(parseAll(chunks)).to.deep.equal(expected);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
