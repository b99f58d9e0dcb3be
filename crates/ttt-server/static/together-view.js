// What the game view shows for playing together, around the board: the live bar (the
// connection, how many watch, who is away, the link to watch), the host's invitation until
// the friend joins (the link with a copy button), the takeback question with Accept and
// Decline, and the note under the board (a hint, an answer, a rematch). It writes the DOM
// and decides nothing: roles.js says what applies, texts.js the words; all text goes in with
// textContent.

import { isInOpening } from './opening.js';
import {
  awaySide, isWaitingForFriend, mySide, seatMark, takebackQuestion,
} from './roles.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

/** The live bar, shown for games with live updates (every role but 'local'). */
export function liveBar(state) {
  const bar = $('live-bar');
  bar.hidden = state.role === 'local' || !state.game;
  if (bar.hidden) return;
  const status = $('link-status');
  status.textContent = texts.LINK_TEXTS[state.link] || '';
  status.dataset.link = state.link;
  let seat = '';
  if (state.role === 'player' && state.seat) {
    seat = isInOpening(state.game)
      ? texts.openingSeatText(mySide(state))
      : texts.seatText(seatMark(state));
  }
  $('seat-note').textContent = seat;
  $('watchers').textContent = texts.watchersText(state.game.watchers);
  const away = awaySide(state);
  const note = state.role === 'spectator'
    ? texts.SPECTATING
    : (away >= 0 ? texts.awayText(texts.displayName(state.game, away)) : '');
  $('away').textContent = note;
  $('away').classList.toggle('is-away', away >= 0);
}

/** The host's invitation: the full link, until the friend has joined. */
export function invitation(state, link) {
  const waiting = Boolean(state.game) && isWaitingForFriend(state.game);
  const panel = $('invite');
  panel.hidden = !waiting;
  if (!waiting) return;
  const host = state.role === 'player' && link;
  $('invite-text').textContent = host ? texts.WAITING_FOR_FRIEND : texts.SPECTATOR_WAITING;
  $('invite-row').hidden = !host;
  if (host && $('invite-link').value !== link) $('invite-link').value = link;
}

/** The takeback question: the asker waits, the other player answers, spectators see it. */
export function question(state) {
  const q = state.game ? takebackQuestion(state) : null;
  $('takeback').hidden = !q;
  if (!q) return;
  $('takeback-text').textContent = texts.takebackQuestionText(state.game, q);
  $('takeback-answers').hidden = q.kind !== 'answer';
  for (const id of ['takeback-accept', 'takeback-decline']) $(id).disabled = state.busy;
}

/** The line under the board: the hint shown, else the latest news. */
export function note(state) {
  $('game-note').textContent = state.hint ? texts.hintText(state.hint) : state.note || '';
}

/**
 * Copies the text of the read-only field `input` with `button`, and says so on the button
 * for a moment. Where the clipboard is not allowed, selects the text for the person to copy.
 */
export async function copyLink(input, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(input.value);
    done = true;
  } catch {
    input.focus();
    input.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
  }
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  button.textContent = done ? texts.COPY_LABELS.done : texts.COPY_LABELS.failed;
  window.setTimeout(() => { button.textContent = label; }, 2000);
}
