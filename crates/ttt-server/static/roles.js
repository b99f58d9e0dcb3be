// Who this page is in a game, and so what it may do. A game with only people at this screen
// and the computer is played here ('local': this tab made it); in a game with a friend
// invited by link the page holds one seat's token ('player'); anyone else who opens a game's
// address watches ('spectator'). From the role and the server's state follow the offers:
// which side's moves this page makes, Undo or "Ask to take back", the takeback question,
// hints, and what a rematch looks like. Pure, so node's test runner checks it.

import { MARKS, sideOf } from './geometry.js';
import { isInOpening, openingStones, phaseOf } from './opening.js';

/** Whether `game` has a seat for a friend on another device (its seats have tokens). */
export function isFriendGame(game) {
  return game.players.some((p) => p.kind === 'friend');
}

/**
 * The page's role in `game`: 'player' with a seat token (`seat`, `{mark, token}`), 'local'
 * for a game without a friend's seat that this tab made (`local`), else 'spectator'.
 */
export function roleOf(game, { seat = null, local = false } = {}) {
  if (seat) return 'player';
  if (local && !isFriendGame(game)) return 'local';
  return 'spectator';
}

/** The side (0 for X, 1 for O) that plays `mark`. */
export function sideOfMark(mark) {
  return MARKS.indexOf(mark);
}

/**
 * The mark this page's seat plays now: the seat's `mark` as the server gave it, unless an
 * opening gave X to the second person since, when the two seats changed places (the state's
 * `first` is then 'O'). Null without a seat.
 */
export function seatMark(state) {
  const mark = state.seat?.mark;
  if (!mark) return null;
  return state.game?.first === 'O' ? MARKS[1 - sideOfMark(mark)] : mark;
}

/** The side whose seat the page holds as a 'player', else -1. */
export function mySide(state) {
  return state.role === 'player' && state.seat ? sideOfMark(seatMark(state)) : -1;
}

/** Whether the invited friend has not taken their seat yet. */
export function isWaitingForFriend(game) {
  return game.players.some((p) => p.kind === 'friend' && !p.name);
}

/** Whether this page makes side `side`'s moves (not a computer's: the server makes those).
 * Nobody moves during an opening. */
export function actsFor(state, side) {
  if (isInOpening(state.game)) return false;
  const p = state.game?.players[side];
  if (!p || p.kind === 'computer') return false;
  if (state.role === 'local') return p.kind === 'human';
  if (state.role === 'player') return side === mySide(state) && !isWaitingForFriend(state.game);
  return false;
}

/** Whether this page acts now in the opening: its person is the one the phase names. */
export function actsInOpening(state) {
  const phase = phaseOf(state.game);
  if (!phase) return false;
  const p = state.game.players[phase.actor];
  if (state.role === 'local') return p?.kind === 'human';
  if (state.role === 'player') {
    return phase.actor === mySide(state) && !isWaitingForFriend(state.game);
  }
  return false;
}

/** Whether side `side` has made a move in `game` since the opening's stones (which stay). */
function hasMoved(game, side) {
  const first = openingStones(game);
  return game.moves.length > first + ((side - first) % 2 + 2) % 2;
}

/**
 * The takeback button: `{ kind: 'undo' | 'ask', enabled }`, or `null` where there is none
 * (a spectator, two computers). Undo at one screen and against the computer (the person's
 * last move, with the computer's reply); against a friend, a question. A finished game's
 * result is never taken back, and one question at a time.
 */
export function undoOffer(state) {
  const { game } = state;
  if (!game) return null;
  const going = game.status === 'in_progress' && state.shown === game.moves.length;
  if (state.role === 'local') {
    const people = [0, 1].filter((side) => game.players[side].kind === 'human');
    if (people.length === 0) return null;
    const undoable = people.length === 2
      ? game.moves.length > openingStones(game) : hasMoved(game, people[0]);
    return { kind: 'undo', enabled: going && undoable && !state.busy && !isInOpening(game) };
  }
  if (state.role === 'player') {
    const side = mySide(state);
    const enabled = going && !state.busy && game.takeback === null
      && !isWaitingForFriend(game) && !isInOpening(game) && hasMoved(game, side);
    return { kind: 'ask', enabled };
  }
  return null;
}

/**
 * The takeback question, as this page sees it: `null`, or `{ kind, asker }` with `asker` the
 * side that asked and `kind` 'waiting' (this page asked), 'answer' (this page answers) or
 * 'watching' (a spectator).
 */
export function takebackQuestion(state) {
  const asked = state.game?.takeback;
  if (!asked) return null;
  const asker = sideOfMark(asked);
  if (state.role !== 'player') return { kind: 'watching', asker };
  return { kind: asker === mySide(state) ? 'waiting' : 'answer', asker };
}

/**
 * What became of this page's takeback question between states `before` and `after` of one
 * game: 'accepted' (its last move went), 'declined' (nothing changed), or `null` (no
 * question of `mark`'s was answered).
 */
export function takebackAnswer(before, after, mark) {
  if (!before || before.id !== after.id || before.takeback !== mark || after.takeback !== null) {
    return null;
  }
  if (after.moves.length < before.moves.length) return 'accepted';
  if (after.moves.length === before.moves.length) return 'declined';
  return null;
}

/** Whether the page may ask for a hint: its own turn, every move shown, nothing awaited. */
export function canHint(state) {
  const { game } = state;
  if (!game || state.busy || game.status !== 'in_progress') return false;
  if (state.shown !== game.moves.length) return false;
  return actsFor(state, sideOf(game.moves.length));
}

/** Whether this page plays in `game` (and may start a rematch): not a spectator's. */
export function isPlaying(state) {
  return state.role === 'local' || state.role === 'player';
}

/** The side of the player this page plays against in a friend game, else -1. */
export function opponentSide(state) {
  const side = mySide(state);
  return side < 0 ? -1 : 1 - side;
}

/**
 * The opponent who has the game open nowhere: their side, or -1. Only a friend game's live
 * updates say who is connected, and a friend not yet joined is waited for, not away.
 */
export function awaySide(state) {
  const side = opponentSide(state);
  if (side < 0 || state.game.status !== 'in_progress') return -1;
  const p = state.game.players[side];
  if (!p.name || p.connected !== false) return -1;
  return side;
}
