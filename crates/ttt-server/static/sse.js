// Server-sent events, read by hand. A player's live updates need its seat token in a header,
// which EventSource cannot send, so the page reads the stream with fetch and this module
// turns its text into events, as the HTML standard's "event stream interpretation" does:
// lines end with LF, CR or CRLF; `event:` names the event, `data:` lines are joined with
// newlines; a blank line dispatches; a line starting with ':' is a comment (the server's
// keep-alive). Pure, so node's test runner checks it; the chunks may split anywhere.

/** Turns the text of an event stream, chunk by chunk, into `{ event, data }` objects. */
export class EventStreamParser {
  constructor() {
    this.buffer = '';
    this.started = false;
    this.type = '';
    this.data = [];
  }

  /** Takes the next chunk of text; returns the events it completed, oldest first. */
  push(chunk) {
    this.buffer += chunk;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.startsWith('\uFEFF')) this.buffer = this.buffer.slice(1);
    }
    const events = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end < 0) break;
      // A CR at the very end may be the first half of a CRLF split between chunks.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      const skip = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      this.buffer = this.buffer.slice(end + skip);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** One line: a field, a comment, or the blank line that dispatches. */
  line(line) {
    if (line === '') {
      const event = this.data.length > 0
        ? { event: this.type || 'message', data: this.data.join('\n') }
        : null;
      this.type = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}
