// What the players do, as requests to the server: a move (shown at once, confirmed or put
// back by the answer), Undo or a takeback question and its answer, a hint, Play Again (the
// rematch, or following the players to it), and copying a link. Each answer goes back to
// game.js to be shown: paced one move at a time in a game played here, merged by version in
// a live one. A request names its seat with the token where the page holds one.

import * as api from './api.js';
import {
  closeAnalysis, closeDialog, drawPicked, enterGame, onPlay, openAnalysis, openGame, present,
  receive, refresh, restartGame, setBusy, showPending, state,
} from './game.js';
import { cellAt } from './geometry.js';
import { phaseOf, pick } from './opening.js';
import * as openingView from './opening-view.js';
import * as render from './render.js';
import { canHint, undoOffer } from './roles.js';
import { fullUrl, gamePath } from './route.js';
import { setupFromState } from './setup.js';
import {
  canPickAt, canPlayAt, isCurrent, isForbidden,
} from './state.js';
import * as storage from './storage.js';
import * as texts from './texts.js';
import { copyLink } from './together-view.js';

const $ = (id) => document.getElementById(id);

/** The seat token this page sends, if it holds one: its seat's in a friend game, else the
 * one of the seats played at this screen. */
function token() {
  return state.seat?.token ?? state.screen ?? null;
}

/** Shows a request's failure under the board. */
function failed(e) {
  render.setError('game-error', e.status === 404 ? texts.GAME_GONE : e.message);
}

/** A click (or Enter) on cell `index`: an opening stone picked (or let go) if one may be,
 * else a move, if it may be one (state.js's `canPickAt` and `canPlayAt`). */
export async function playAt(index) {
  if (canPickAt(state, index)) {
    state.picked = pick(state.picked, index, phaseOf(state.game).stones_to_place);
    render.setError('game-error', '');
    drawPicked();
    return;
  }
  if (!canPlayAt(state, index)) return;
  const before = state.game;
  const ply = before.moves.length;
  const mine = state.generation;
  // One of X's forbidden points under renju: the server says why, and nothing is shown
  // played meanwhile.
  const forbidden = isForbidden(before, index);
  setBusy(true);
  render.setError('game-error', '');
  // Show the move at once; the server's answer confirms it (or puts the board back).
  if (!forbidden) showPending(index);
  const { row, col } = cellAt(index, before.cols);
  try {
    const game = await api.playMove(before.id, row, col, token());
    if (!isCurrent(state, mine)) return;
    if (state.role === 'local') {
      state.shown = Math.min(ply + 1, game.moves.length);
      await present(game, mine);
    } else {
      receive(game, mine);
    }
  } catch (e) {
    if (!isCurrent(state, mine)) return;
    if (state.role === 'local') {
      state.game = before;
      state.shown = before.moves.length;
    }
    refresh();
    if (forbidden && e.status === 422) render.setError('game-error', texts.forbiddenText(e.message));
    else failed(e);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

/** Sends an opening's step (`{place}` or `{choose}`); the answer is shown as any state. */
async function openingStep(step) {
  if (!state.game || state.busy) return;
  const mine = state.generation;
  setBusy(true);
  render.setError('game-error', '');
  try {
    const game = await api.openingStep(state.game.id, step, token());
    if (!isCurrent(state, mine)) return;
    state.picked = [];
    if (state.role === 'local') await present(game, mine);
    else receive(game, mine);
  } catch (e) {
    if (isCurrent(state, mine)) failed(e);
  } finally {
    if (isCurrent(state, mine)) {
      setBusy(false);
      refresh();
    }
  }
}

/** Place: the opening stones picked on the board, in the order picked. */
export function placeStones() {
  const { game } = state;
  if (!game || state.picked.length === 0) return;
  void openingStep({ place: state.picked.map((index) => cellAt(index, game.cols)) });
}

/** Take X, Take O or Place two. */
export function choose(choice) {
  void openingStep({ choose: choice });
}

/** Undo (here, or against the computer) or ask the friend to take the last move back. */
export async function takeBack() {
  const offer = state.game && undoOffer(state);
  if (!offer?.enabled) return;
  const mine = state.generation;
  setBusy(true);
  render.setError('game-error', '');
  try {
    const game = await api.takeBack(state.game.id, token());
    if (!isCurrent(state, mine)) return;
    state.hint = null;
    if (state.role === 'local') await present(game, mine);
    else receive(game, mine);
  } catch (e) {
    if (isCurrent(state, mine)) failed(e);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

/** Accepts or declines the other player's takeback question. */
export async function answerTakeback(accept) {
  if (!state.game?.takeback || state.role !== 'player') return;
  const mine = state.generation;
  setBusy(true);
  render.setError('game-error', '');
  try {
    const game = await api.answerTakeback(state.game.id, accept, token());
    if (isCurrent(state, mine)) receive(game, mine);
  } catch (e) {
    if (isCurrent(state, mine)) failed(e);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

/** Asks the server for the best move and shows it on the board, with what it leads to. */
export async function askHint() {
  if (!canHint(state) || state.hinting) return;
  const mine = state.generation;
  const at = state.game.moves.length;
  state.hinting = true;
  refresh();
  render.setError('game-error', '');
  try {
    const hint = await api.hint(state.game.id, token());
    if (!isCurrent(state, mine) || state.game.moves.length !== at) return;
    state.hint = hint;
    render.announce(texts.hintText(hint));
  } catch (e) {
    if (isCurrent(state, mine)) failed(e);
  } finally {
    if (isCurrent(state, mine)) {
      state.hinting = false;
      refresh();
    }
  }
}

/**
 * Play Again: the rematch, marks swapped (the same one if the other player started it
 * already); a spectator follows the players to it.
 */
export async function playAgain() {
  const old = state.game;
  if (!old || old.status === 'in_progress') return;
  if (state.role === 'spectator') {
    if (old.rematch) void openGame(old.rematch);
    return;
  }
  const { role, seat } = state;
  const mine = state.generation;
  closeDialog();
  setBusy(true);
  try {
    const next = await api.rematch(old.id, token());
    if (!isCurrent(state, mine)) return;
    const held = next.seats?.[0] ?? null;
    const screen = role === 'local' ? held?.token ?? state.screen : null;
    if (held && role === 'player') storage.saveSeats(next.id, next.seats);
    if (screen) storage.saveScreen(next.id, screen);
    if (role === 'local') state.setup = setupFromState(next);
    await enterGame(next, {
      seat: role === 'player' ? held ?? seat : null,
      local: role === 'local',
      screen,
    });
  } catch (e) {
    if (!isCurrent(state, mine)) return;
    failed(e);
    setBusy(false);
  }
}

/** Copies this game's address, for someone to watch it. */
export function copyWatchLink() {
  if (!state.game) return;
  const field = document.createElement('input');
  field.value = fullUrl(location.origin, gamePath(state.game.id));
  // A field off screen to select from, where the clipboard is not allowed.
  field.className = 'visually-hidden';
  field.setAttribute('aria-hidden', 'true');
  field.tabIndex = -1;
  document.body.append(field);
  void copyLink(field, $('copy-watch')).finally(() => field.remove());
}

/** Wires the game view's buttons, the end dialog's and the board's clicks to the requests. */
export function wire() {
  onPlay((index) => { void playAt(index); });
  $('reset').addEventListener('click', restartGame);
  $('hint').addEventListener('click', () => { void askHint(); });
  $('undo').addEventListener('click', () => { void takeBack(); });
  $('takeback-accept').addEventListener('click', () => { void answerTakeback(true); });
  $('takeback-decline').addEventListener('click', () => { void answerTakeback(false); });
  $('rematch').addEventListener('click', () => { void playAgain(); });
  $('play-again').addEventListener('click', () => { void playAgain(); });
  $('analyse').addEventListener('click', openAnalysis);
  $('end-analyse').addEventListener('click', openAnalysis);
  $('analysis-close').addEventListener('click', closeAnalysis);
  $('copy-invite').addEventListener('click', () => {
    void copyLink($('invite-link'), $('copy-invite'));
  });
  $('copy-watch').addEventListener('click', copyWatchLink);
  openingView.wire(placeStones, choose);
  $('resign').addEventListener('click', resign);
  $('abort').addEventListener('click', abort);
  $('draw').addEventListener('click', () => draw(true));
  $('draw-decline').addEventListener('click', () => draw(false));
  $('claim').addEventListener('click', claim);
}

/** How long Resign waits for the second click that confirms it. */
const CONFIRM_MS = 4000;
let resignArmed = 0;

/** Sends one of the requests that end a game (`api.resign`, `api.abort`, `api.claim`, or a
 * draw offer or answer), and shows the answer. */
async function ending(send) {
  if (!state.game) return;
  const mine = state.generation;
  setBusy(true);
  render.setError('game-error', '');
  try {
    const game = await send(state.game.id, token());
    if (!isCurrent(state, mine)) return;
    if (state.role === 'local') await present(game, mine);
    else receive(game, mine);
  } catch (e) {
    if (isCurrent(state, mine)) failed(e);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

/** Resign: the first click asks to click again, the second resigns. */
export function resign() {
  const button = $('resign');
  if (!resignArmed) {
    button.textContent = texts.RESIGN_CONFIRM;
    resignArmed = window.setTimeout(() => {
      resignArmed = 0;
      button.textContent = texts.RESIGN_LABEL;
    }, CONFIRM_MS);
    return;
  }
  window.clearTimeout(resignArmed);
  resignArmed = 0;
  button.textContent = texts.RESIGN_LABEL;
  void ending(api.resign);
}

/** Offers a draw, or accepts the other's offer (`accept`), or declines it. */
export function draw(accept) {
  void ending((id, t) => api.draw(id, accept, t));
}

export function abort() {
  void ending(api.abort);
}

export function claim() {
  void ending(api.claim);
}
