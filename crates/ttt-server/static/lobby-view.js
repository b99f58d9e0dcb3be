// The lobby at /lobby: the open games people are looking for an opponent for, live
// (GET /api/lobby/events), each with a Play button that accepts it; a form that creates one
// (POST /api/seeks), after which this page follows it until someone accepts (and opens the
// game) or the page closes (and the seek goes); and quick pairing on the popular settings,
// asked again every few seconds while waiting, the rating range widening. What is decided
// without the DOM is lobby.js's.

import { ApiError, UNREACHABLE } from './api.js';
import { signedInName } from './account-view.js';
import * as game from './game.js';
import {
  applyEvent, clockLabel, gameLabel, modeLabel, POOLS, seekerLabel,
} from './lobby.js';
import { CLOCKS } from './setup.js';
import { EventStreamParser } from './sse.js';
import * as storage from './storage.js';
import { presetLabel, RULE_NAMES, OPENING_NAMES } from './texts.js';

const $ = (id) => document.getElementById(id);

/** How often quick pairing asks again while waiting. */
const QUICK_AGAIN_MS = 5000;

const lobby = {
  seeks: [],
  stream: null,
  // This page's own seek while it waits: `{ id, token, pool }` (pool for quick pairing).
  mine: null,
  quickTimer: 0,
  wired: false,
  presets: [],
};

async function send(method, path, body, token) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, data?.error || `The server answered with status ${response.status}.`);
  }
  return { status: response.status, data };
}

function setError(message) {
  $('lobby-error').textContent = message || '';
}

function draw() {
  const rows = lobby.seeks.map((seek) => {
    const tr = document.createElement('tr');
    const who = document.createElement('th');
    who.scope = 'row';
    who.textContent = seekerLabel(seek);
    const what = document.createElement('td');
    what.textContent = gameLabel(seek);
    const clock = document.createElement('td');
    clock.textContent = clockLabel(seek);
    const mode = document.createElement('td');
    mode.textContent = modeLabel(seek);
    const act = document.createElement('td');
    if (seek.id === lobby.mine?.id) {
      act.textContent = 'Yours';
    } else {
      const play = document.createElement('button');
      play.type = 'button';
      play.className = 'small primary';
      play.textContent = 'Play';
      play.setAttribute('aria-label', `Play ${seekerLabel(seek)}: ${gameLabel(seek)}, ${clockLabel(seek)}`);
      play.addEventListener('click', () => { void accept(seek); });
      act.append(play);
    }
    tr.append(who, what, clock, mode, act);
    return tr;
  });
  $('seek-list').tBodies[0].replaceChildren(...rows);
  $('seek-empty').hidden = rows.length > 0;
  $('lobby-waiting').hidden = !lobby.mine;
  $('seek-form').hidden = Boolean(lobby.mine);
}

/** Follows the lobby, as this page's own seek's page when it has one. */
function follow() {
  lobby.stream?.abort();
  const abort = new AbortController();
  lobby.stream = abort;
  const mine = lobby.mine;
  const path = mine ? `/api/lobby/events?seek=${encodeURIComponent(mine.id)}` : '/api/lobby/events';
  const headers = { Accept: 'text/event-stream' };
  if (mine) headers.Authorization = `Bearer ${mine.token}`;
  void (async () => {
    try {
      const response = await fetch(path, { headers, signal: abort.signal, cache: 'no-store' });
      if (!response.ok || !response.body) {
        const data = await response.json().catch(() => null);
        setError(data?.error || `The server answered with status ${response.status}.`);
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new EventStreamParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          let data;
          try {
            data = JSON.parse(event.data);
          } catch {
            continue;
          }
          if (event.event === 'accepted' && mine) {
            void matched(data.game, { mark: data.mark, token: mine.token });
            return;
          }
          lobby.seeks = applyEvent(lobby.seeks, event.event, data);
          draw();
        }
      }
    } catch {
      // Closed by the page, or dropped: a new stream starts with the next change.
    }
    if (lobby.stream === abort && !abort.signal.aborted) {
      window.setTimeout(() => { if (lobby.stream === abort) follow(); }, 2000);
    }
  })();
}

/** Leaves the lobby for game `id`, played at `seat`. */
async function matched(id, seat) {
  stopWaiting();
  storage.saveSeats(id, [seat]);
  lobby.stream?.abort();
  lobby.stream = null;
  await game.openGame(id);
}

function stopWaiting() {
  window.clearTimeout(lobby.quickTimer);
  lobby.quickTimer = 0;
  lobby.mine = null;
}

function name() {
  return signedInName() ? undefined : $('lobby-name').value.trim();
}

async function accept(seek) {
  setError('');
  try {
    const { data } = await send('POST', `/api/seeks/${encodeURIComponent(seek.id)}/accept`, { name: name() });
    storage.saveSeats(data.id, data.seats);
    lobby.stream?.abort();
    lobby.stream = null;
    await game.enterGame(data, { seat: data.seats[0] });
  } catch (e) {
    setError(e.message);
  }
}

/** Waits for an opponent on this page's own seek. */
function wait(mine, text) {
  lobby.mine = mine;
  $('lobby-waiting-text').textContent = text;
  draw();
  follow();
}

async function create(event) {
  event.preventDefault();
  setError('');
  const preset = lobby.presets.find((p) => p.name === $('seek-board').value) || lobby.presets[0];
  const body = {
    rows: preset.rows, cols: preset.cols, k: preset.k, name: name(),
    color: $('seek-color').value,
    rated: !$('seek-rated-row').hidden && $('seek-rated').checked,
  };
  if (preset.k === 5) {
    body.rule = $('seek-rule').value;
    body.opening = $('seek-opening').value;
  }
  const clock = CLOCKS[$('seek-clock').value]?.control;
  if (clock) body.clock = clock;
  try {
    const { data } = await send('POST', '/api/seeks', body);
    wait({ id: data.id, token: data.token }, `Waiting for an opponent: ${gameLabel(data)}, ${clockLabel(data)}. Leaving this page takes the game off the list.`);
  } catch (e) {
    setError(e.message);
  }
}

async function quick(pool) {
  setError('');
  const mine = lobby.mine;
  try {
    const { status, data } = await send(
      'POST', '/api/lobby/quick', { pool, name: name(), seek: mine?.id }, mine?.token,
    );
    if (status === 201) {
      stopWaiting();
      storage.saveSeats(data.id, data.seats);
      lobby.stream?.abort();
      lobby.stream = null;
      await game.enterGame(data, { seat: data.seats[0] });
      return;
    }
    if (status === 200) {
      await matched(data.game, { mark: data.mark, token: mine.token });
      return;
    }
    const label = POOLS.find((p) => p.pool === pool)?.label ?? pool;
    const text = `Looking for an opponent: ${label}, ratings within ${data.range}, wider as you wait.`;
    if (mine?.id !== data.seek.id) wait({ id: data.seek.id, token: data.token, pool }, text);
    else $('lobby-waiting-text').textContent = text;
    lobby.quickTimer = window.setTimeout(() => { void quick(pool); }, QUICK_AGAIN_MS);
  } catch (e) {
    setError(e.message);
  }
}

async function cancel() {
  const mine = lobby.mine;
  stopWaiting();
  if (mine) {
    try {
      await send('DELETE', `/api/seeks/${encodeURIComponent(mine.id)}`, undefined, mine.token);
    } catch (e) {
      // Accepted meanwhile: its game goes on without this page.
      if (e.status !== 409) setError(e.message);
    }
  }
  draw();
  follow();
}

function option(value, label) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

function wire(config) {
  lobby.presets = config.presets;
  $('seek-board').replaceChildren(...config.presets.map((p) => option(p.name, presetLabel(p))));
  $('seek-rule').replaceChildren(...Object.entries(RULE_NAMES).map(([v, l]) => option(v, l)));
  $('seek-opening').replaceChildren(...Object.entries(OPENING_NAMES).map(([v, l]) => option(v, l)));
  $('seek-clock').replaceChildren(...Object.entries(CLOCKS).map(([v, { label }]) => option(v, label)));
  $('seek-clock').value = '5+3';
  const rules = () => {
    const preset = lobby.presets.find((p) => p.name === $('seek-board').value);
    $('seek-rules').hidden = preset?.k !== 5;
  };
  $('seek-board').addEventListener('change', rules);
  rules();
  $('seek-form').addEventListener('submit', (event) => { void create(event); });
  $('lobby-cancel').addEventListener('click', () => { void cancel(); });
  $('quick-buttons').replaceChildren(...POOLS.map(({ pool, label }) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', () => {
      if (lobby.mine) return;
      void quick(pool);
    });
    return b;
  }));
}

/** Opens the lobby with the server's `config`. */
export function showLobby(config) {
  if (!lobby.wired) {
    lobby.wired = true;
    wire(config);
  }
  const signed = signedInName();
  $('lobby-name-row').hidden = Boolean(signed);
  $('seek-rated-row').hidden = !signed;
  $('lobby-as').textContent = signed ? `You play as ${signed}.` : 'Sign in to play rated games; a blank name plays as a guest.';
  draw();
  if (!lobby.stream) follow();
}

/** Leaves the lobby: its stream closes, and with it this page's seek. */
export function closeLobby() {
  stopWaiting();
  lobby.stream?.abort();
  lobby.stream = null;
}
