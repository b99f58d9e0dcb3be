// The page's state, in one object: which view is up, the game being shown and how much of it,
// and whether an answer from the server is awaited. app.js owns the one instance and changes
// it; the views are handed what to show and keep no game state of their own. The rules that
// read it (may this click be a move? is this answer still about the current game?) live here,
// pure, so node's test runner checks them.

import { marksAfter, sideOf } from './geometry.js';

/** A fresh page: the setup shown, no game. */
export function createState() {
  return {
    /** The view shown: 'setup', 'game' or 'leaderboard'. */
    view: 'setup',
    /** The request that started the current game, reused by Restart Game and Play Again. */
    setup: null,
    /** The server's latest state of the current game, or null. */
    game: null,
    /** How many of the game's moves the board shows: a computer's appear one by one. */
    shown: 0,
    /** Waiting for the server, or showing a computer's reply: clicks on the board wait. */
    busy: false,
    /** Counts games started and left: an answer for an older count is dropped. */
    generation: 0,
  };
}

/** Starts a new game or leaves one: answers about what came before are dropped from now on.
 * Returns the new generation, for the caller to compare with later. */
export function nextGeneration(state) {
  state.generation += 1;
  return state.generation;
}

/** Whether work started at generation `mine` is still about the current game. */
export function isCurrent(state, mine) {
  return mine === state.generation;
}

/**
 * Whether a click on cell `index` is a move to send: a game in play, nothing awaited, every
 * move shown, a human to move, and the cell empty.
 */
export function canPlayAt(state, index) {
  const { game } = state;
  if (state.busy || !game || game.status !== 'in_progress') return false;
  const ply = game.moves.length;
  if (state.shown !== ply || game.players[sideOf(ply)].kind !== 'human') return false;
  return marksAfter(game, ply)[index] === '';
}
