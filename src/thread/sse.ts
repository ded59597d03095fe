/**
 * Incremental Server-Sent Events parser. Feed it decoded text in chunks of
 * any size; it returns the `data` payload of each complete event. Lines may
 * end in LF, CR or CRLF, also when the CR and LF arrive in different chunks.
 */
export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private skipLineFeed = false;

  push(chunk: string): string[] {
    const events: string[] = [];
    let text = chunk;
    if (this.skipLineFeed && text.startsWith('\n')) text = text.slice(1);
    this.skipLineFeed = false;
    // The carried-over buffer holds no line break: scan only the new text.
    let i = this.buffer.length;
    this.buffer += text;
    let start = 0;
    for (; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer.slice(start, i), events);
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.skipLineFeed = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer) this.line(this.buffer, events);
    this.buffer = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: string[]) {
    if (line === '') {
      if (this.data.length) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.data.push(value);
  }
}
