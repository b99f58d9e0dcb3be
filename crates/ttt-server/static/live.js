// A game's live updates: the server-sent events of GET /api/games/{id}/events, read with
// fetch (a player's stream names its seat with the token in a header, which EventSource
// cannot send) and parsed by sse.js. Every `state` event is handed on whole. When the stream
// drops (the network, a server restart) it is opened again after a growing pause
// (pacing.js); its first event catches up on whatever was missed.

import { eventsPath, headers } from './api.js';
import { reconnectDelay } from './pacing.js';
import { EventStreamParser } from './sse.js';

export class LiveGame {
  /**
   * Opens game `id`'s live updates, as the player holding `token` (or as a spectator, with
   * none). `onState(state)` gets each state; `onLink(status)` hears 'connecting', 'open'
   * and 'lost'. `onGone(message)` is called, and nothing retried, when the server refuses
   * (no such game, or a token that is not a seat of it).
   */
  constructor(id, token, { onState, onLink, onGone }) {
    this.id = id;
    this.token = token;
    this.handlers = { onState, onLink, onGone };
    this.abort = null;
    this.closed = false;
    this.attempt = 0;
    this.retry = 0;
    onLink('connecting');
    void this.run();
  }

  /** Stops for good. */
  close() {
    this.closed = true;
    window.clearTimeout(this.retry);
    this.abort?.abort();
  }

  async run() {
    this.abort = new AbortController();
    try {
      const response = await fetch(eventsPath(this.id), {
        headers: headers(this.token, 'text/event-stream'),
        signal: this.abort.signal,
        cache: 'no-store',
      });
      if (response.status >= 400 && response.status < 500) {
        // No game, or a token that is not its seat's: asking again would not change that.
        const data = await response.json().catch(() => null);
        this.closed = true;
        this.handlers.onGone(data?.error || `The server answered with status ${response.status}.`);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
      await this.read(response.body);
    } catch {
      // Dropped, refused or unreachable: tried again below.
    }
    if (this.closed) return;
    this.handlers.onLink('lost');
    this.retry = window.setTimeout(() => { void this.run(); }, reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  async read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new EventStreamParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done || this.closed) return;
      for (const event of parser.push(value)) {
        if (event.event !== 'state') continue;
        let state;
        try {
          state = JSON.parse(event.data);
        } catch {
          continue;
        }
        // The stream is up and has caught up: the next drop starts the backoff afresh.
        this.attempt = 0;
        this.handlers.onLink('open');
        this.handlers.onState(state);
      }
    }
  }
}
