// Unit tests of the event-stream reader (static/sse.js): the live updates as the server sends
// them, split anywhere between chunks.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventStreamParser } from '../../static/sse.js';

const STREAM = ': keep-alive\n\nevent: state\ndata: {"version":1}\n\nevent: state\ndata: {"version":2}\n\n';

describe('EventStreamParser', () => {
  test('events as axum sends them, comments skipped', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push(STREAM), [
      { event: 'state', data: '{"version":1}' },
      { event: 'state', data: '{"version":2}' },
    ]);
  });

  test('chunks may split anywhere, even one character at a time', () => {
    const parser = new EventStreamParser();
    const events = [];
    for (const ch of STREAM) events.push(...parser.push(ch));
    assert.deepEqual(events.map((e) => e.data), ['{"version":1}', '{"version":2}']);
  });

  test('an event is complete only at its blank line', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('event: state\ndata: {"a":1}\n'), []);
    assert.deepEqual(parser.push('\n'), [{ event: 'state', data: '{"a":1}' }]);
  });

  test('CRLF and CR end lines too, even split between chunks', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('event: state\r'), []);
    assert.deepEqual(parser.push('\ndata: x\r\n\r'), []);
    assert.deepEqual(parser.push('\n'), [{ event: 'state', data: 'x' }]);
    // A CR last may be half a CRLF: the line ends when the next chunk says how.
    assert.deepEqual(parser.push('data: y\r\r'), []);
    assert.deepEqual(parser.push('d'), [{ event: 'message', data: 'y' }]);
  });

  test('data lines join with newlines; one leading space is dropped; other fields ignored', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('id: 7\nretry: 10\ndata:a\ndata:  b\ndata\n\n'),
      [{ event: 'message', data: 'a\n b\n' }]);
  });

  test('a blank line with no data dispatches nothing, and forgets the event name', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('event: state\n\ndata: z\n\n'), [{ event: 'message', data: 'z' }]);
  });

  test('a byte order mark at the start is skipped', () => {
    const parser = new EventStreamParser();
    assert.deepEqual(parser.push('\uFEFFdata: q\n\n'), [{ event: 'message', data: 'q' }]);
  });
});
