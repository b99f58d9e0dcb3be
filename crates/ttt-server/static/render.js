// What the page shows outside the board and the setup form: which view is up, the message row
// over the board, the score panels beside it, the leaderboard, errors, the end-of-game dialog
// and what screen readers hear. It writes the DOM and keeps no game state: each function is
// handed what to show, and the words come from texts.js. Text goes in with textContent, never
// as HTML, so a player's name is always just text.

import { later, Timer } from './timers.js';
import { ANNOUNCE_GAP_MS } from './pacing.js';
import { dialogPlacement } from './placement.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

const SECTIONS = {
  setup: 'setup-view',
  join: 'join-view',
  game: 'game-view',
  leaderboard: 'leaderboard-view',
  account: 'account-view',
  player: 'player-view',
  study: 'study-view',
  lobby: 'lobby-view',
};
const NAV = [
  ['nav-setup', 'setup'], ['nav-lobby', 'lobby'], ['nav-leaderboard', 'leaderboard'],
  ['nav-study', 'study'],
  ['nav-account', 'account'],
];
const HEADINGS = {
  setup: 'setup-heading',
  join: 'join-heading',
  leaderboard: 'leaderboard-heading',
  account: 'account-heading',
  player: 'player-heading',
  study: 'study-heading',
  lobby: 'lobby-heading',
};
/** Each side's score panel, by side: 0 is X, 1 is O. */
const PANEL_SIDES = ['x', 'o'];

/** Shows the view `name` ('setup', 'join', 'game' or 'leaderboard') and marks it in the
 * navigation. */
export function showSection(name) {
  for (const [key, id] of Object.entries(SECTIONS)) $(id).hidden = key !== name;
  for (const [id, view] of NAV) {
    if (name === view) $(id).setAttribute('aria-current', 'page');
    else $(id).removeAttribute('aria-current');
  }
}

/** Puts the focus on a view's heading (the setup's, the invitation's or the leaderboard's). */
export function focusHeading(name) {
  if (HEADINGS[name]) $(HEADINGS[name]).focus({ preventScroll: true });
}

/** Shows `message` in the error line `id`, or clears it. */
export function setError(id, message) {
  $(id).textContent = message || '';
}

function setShown(element, visible) {
  element.classList.toggle('is-hidden', !visible);
  element.setAttribute('aria-hidden', visible ? 'false' : 'true');
}

/** The message row for the board after `ply` moves of `game`; while a finished game is
 * replayed (`replay`), only the mark to move, as nobody is to play. */
export function messages(game, ply, { replay = false } = {}) {
  const row = texts.messageRow(game, ply);
  const left = $('left-msg');
  const right = $('right-msg');
  const centre = $('center-msg');
  left.textContent = row.left;
  right.textContent = row.right;
  centre.textContent = row.centre;
  $('player-msg').classList.toggle('is-over', row.over);
  centre.className = row.over
    ? 'center-msg result'
    : `center-msg mark mark-${row.centre.toLowerCase()}`;
  setShown(left, !replay && row.toMove === 0);
  setShown(right, !replay && row.toMove === 1);
}

/** Has screen readers read `text` out. */
export function announce(text) {
  const live = $('announcer');
  // A change of text is what gets read out; clear first so a repeat is read too.
  live.textContent = '';
  later(ANNOUNCE_GAP_MS, () => {
    live.textContent = text;
  });
}

/** Whether a player has a record to show: a person with a name (not the computer, nor a
 * friend who has not joined yet). */
function hasRecord(p) {
  return p.kind === 'human' || (p.kind === 'friend' && Boolean(p.name));
}

/** Whether `p` plays as a guest (no name given): guests share one record, not theirs. */
function isGuest(p) {
  return p.kind === 'human' && p.name?.toLowerCase() === texts.GUEST.toLowerCase();
}

/** The score panels beside the board: each side's mark and name, and for a person the
 * tallies, empty until `scores` fills them in. */
export function scorePanels(game) {
  PANEL_SIDES.forEach((side, index) => {
    const panel = $(`scores-${side}`);
    const p = game.players[index];
    const name = texts.displayName(game, index);
    const mark = document.createElement('p');
    mark.className = `panel-mark mark mark-${side}`;
    mark.textContent = p.mark;
    mark.setAttribute('aria-label', texts.playsLabel(p.mark));
    const heading = document.createElement('h3');
    heading.className = 'panel-name';
    heading.textContent = name;
    panel.setAttribute('aria-label', texts.scoresLabel(name));
    if (!hasRecord(p) || isGuest(p)) {
      const note = document.createElement('p');
      note.className = 'muted';
      if (p.kind === 'friend' && !p.name) note.textContent = texts.NOT_JOINED;
      else note.textContent = isGuest(p) ? texts.GUEST_SCORES : texts.NO_SCORES;
      panel.replaceChildren(mark, heading, note);
      return;
    }
    const tally = document.createElement('dl');
    tally.className = 'tally';
    for (const [key, label] of texts.TALLIES) {
      const item = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.id = `score-${side}-${key}`;
      dd.textContent = '–';
      item.append(dt, dd);
      tally.append(item);
    }
    panel.replaceChildren(mark, heading, tally);
  });
}

/** Fills the human players' tallies from their records (`records[i]` for player i; `null`
 * for a newcomer, not saved before their first finished game, who has nothing to show but
 * zeros). */
export function scores(game, records) {
  game.players.forEach((p, index) => {
    if (!hasRecord(p) || isGuest(p)) return;
    const side = PANEL_SIDES[index];
    const stats = records[index] || { wins: 0, losses: 0, ties: 0 };
    for (const [key] of texts.TALLIES) {
      const dd = $(`score-${side}-${key}`);
      if (dd) dd.textContent = String(stats[key]);
    }
  });
}

/** A page of the leaderboard (`{players, total}`, from the `offset`th player on), best
 * first as the server sends it, each player with their rank among all. */
export function leaderboard(page, offset, size, search) {
  const { players, total } = page;
  const rows = players.map((p) => {
    const tr = document.createElement('tr');
    const rank = document.createElement('td');
    rank.textContent = String(p.rank);
    const name = document.createElement('th');
    name.scope = 'row';
    name.append(playerLink(p.name));
    tr.append(rank, name);
    for (const key of ['wins', 'losses', 'ties', 'games']) {
      const td = document.createElement('td');
      td.textContent = String(p[key]);
      tr.append(td);
    }
    return tr;
  });
  $('leaderboard').tBodies[0].replaceChildren(...rows);
  const empty = $('leaderboard-empty');
  empty.hidden = rows.length > 0;
  empty.textContent = texts.leaderboardEmpty(search);
  $('leaderboard-page').textContent = texts.leaderboardPage(offset, players.length, total);
  $('leaderboard-previous').disabled = offset === 0;
  $('leaderboard-next').disabled = offset + players.length >= total;
  $('leaderboard-previous').closest('nav').hidden = total <= size;
}

/** A link to the page of the player called `name` (text, never HTML). */
export function playerLink(name) {
  const a = document.createElement('a');
  a.href = `/players/${encodeURIComponent(name)}`;
  a.className = 'player-link';
  a.textContent = name;
  return a;
}

/** The end-of-game dialog (Play Again, Analyse, Quit), opened a moment after the game ends,
 * beside the winning line rather than over it (placement.js). */
export class EndDialog {
  constructor() {
    this.element = $('end-dialog');
    this.opening = new Timer();
  }

  /** Opens after `ms` with `game`'s result, if `stillWanted()` says so then; `extras` as
   * for `open`, asked for then. */
  openAfter(ms, game, stillWanted, extras) {
    this.opening.start(ms, () => {
      if (stillWanted()) this.open(game, extras());
    });
  }

  /**
   * Shows `game`'s result, with the focus on its first button. `extras`: `note` (a line
   * under the result), `again` (Play Again's label, or null for none).
   */
  open(game, extras = {}) {
    $('end-title').textContent = texts.resultText(game);
    $('end-msg').textContent = texts.endMessage(game);
    this.update(extras);
    if (!this.element.open) this.element.showModal();
    this.place();
    const first = [...this.element.querySelectorAll('.actions button')].find((b) => !b.hidden);
    first?.focus({ preventScroll: true });
  }

  /** Changes the note and Play Again while the dialog is open (a rematch was started). */
  update({ note = '', again = texts.REMATCH_LABELS.start } = {}) {
    $('end-note').textContent = note;
    const button = $('play-again');
    button.hidden = !again;
    if (again) button.textContent = again;
  }

  /** Puts the dialog where it leaves the winning line in sight, scrolling the page if need be. */
  place() {
    const cells = [...document.querySelectorAll('#board td.win')]
      .map((td) => td.getBoundingClientRect());
    const line = cells.length === 0 ? null : {
      top: Math.min(...cells.map((r) => r.top)),
      bottom: Math.max(...cells.map((r) => r.bottom)),
    };
    this.element.classList.remove('at-top', 'at-bottom');
    const { edge, scroll } = dialogPlacement({
      viewport: window.innerHeight,
      dialog: this.element.getBoundingClientRect().height,
      line,
    });
    if (edge !== 'centre') this.element.classList.add(`at-${edge}`);
    if (scroll !== 0) window.scrollBy(0, scroll);
  }

  /** Whether it is shown. */
  get isOpen() {
    return this.element.open;
  }

  /** Closes the dialog, and calls off an opening still to come. */
  close() {
    this.opening.cancel();
    if (this.element.open) this.element.close();
  }

  /** Calls `handler` whenever the dialog closes, however it was closed. */
  onClose(handler) {
    this.element.addEventListener('close', handler);
  }
}
