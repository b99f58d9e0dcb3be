// The buttons under the board, and which of them a page is offered: Hint and Undo (or "Ask
// to take back") while a game is played, Restart Game for a game played here, Play Again
// (a rematch, the marks swapped) and Analyse once it is over, and the way out. roles.js
// decides what applies to whom; this module only shows it.

import {
  canHint, isPlaying, opponentSide, undoOffer,
} from './roles.js';
import { endOffers } from './clock.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

/** What Play Again does for this page: 'start' a rematch, 'join' the one the other player
 * started, 'watch' it (a spectator), or null (nothing to offer). */
export function rematchKind(state) {
  const { game } = state;
  if (!game || game.status === 'in_progress') return null;
  if (state.role === 'spectator') return game.rematch ? 'watch' : null;
  if (state.role === 'player' && game.rematch) return 'join';
  return 'start';
}

/** The end dialog's extras for `state`: its note and Play Again's label (or null). */
export function endExtras(state) {
  const kind = rematchKind(state);
  const started = state.game?.rematch && state.role !== 'local';
  return {
    note: started ? texts.rematchStartedText(state.game, opponentSide(state)) : '',
    again: kind ? texts.REMATCH_LABELS[kind] : null,
  };
}

/** Shows the buttons `state` offers. */
export function show(state) {
  const hintBusy = state.hinting;
  const { game } = state;
  const over = Boolean(game) && game.status !== 'in_progress';
  const hint = $('hint');
  const person = Boolean(game) && game.players.some((p) => p.kind !== 'computer');
  // A rated game is played without help: no hints, no takebacks; so is a game with a clock,
  // and one between two who met in the lobby (each seat a device of its own).
  const rated = Boolean(game?.rated) || Boolean(game?.clock)
    || Boolean(game?.players.every((p) => p.kind === 'friend'));
  hint.hidden = !person || over || !isPlaying(state) || rated;
  hint.disabled = hintBusy || !canHint(state);
  hint.textContent = hintBusy ? texts.HINT_THINKING : 'Hint';

  const offer = game ? undoOffer(state) : null;
  const undo = $('undo');
  undo.hidden = !offer || over || rated;
  if (offer) {
    undo.textContent = texts.UNDO_LABELS[offer.kind];
    undo.disabled = !offer.enabled;
  }

  $('reset').hidden = state.role !== 'local' || over;
  const kind = rematchKind(state);
  const rematch = $('rematch');
  rematch.hidden = !kind;
  if (kind) rematch.textContent = texts.REMATCH_LABELS[kind];
  rematch.disabled = state.busy;
  $('analyse').hidden = !over;
  const awayFor = state.awaySince === null || state.awaySince === undefined
    ? 0 : performance.now() - state.awaySince;
  const ends = endOffers(state, awayFor, (state.claimAfterSeconds ?? 60) * 1000);
  $('resign').hidden = !ends.resign;
  $('abort').hidden = !ends.abort;
  const draw = $('draw');
  draw.hidden = !ends.draw;
  if (ends.draw) draw.textContent = texts.DRAW_LABELS[ends.draw];
  draw.disabled = ends.draw === 'offered' || state.busy;
  $('draw-decline').hidden = ends.draw !== 'accept';
  $('claim').hidden = !ends.claim;
  for (const id of ['resign', 'abort', 'draw-decline', 'claim']) $(id).disabled = state.busy;
  $('to-setup').textContent = state.role === 'local' ? 'Change players' : 'New game';
  $('keys-hint').hidden = !isPlaying(state);
}
