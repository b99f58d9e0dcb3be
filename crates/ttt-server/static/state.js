// The page's state, in one object: which view is up, the game being shown and how much of it,
// and whether an answer from the server is awaited. app.js owns the one instance and changes
// it; the views are handed what to show and keep no game state of their own. The rules that
// read it (may this click be a move? is this answer still about the current game?) live here,
// pure, so node's test runner checks them.

import { marksAfter, sideOf } from './geometry.js';
import { phaseOf } from './opening.js';
import { actsFor, actsInOpening } from './roles.js';

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
    /** Who the page is in the game (roles.js): 'local', 'player' or 'spectator'. */
    role: 'local',
    /** The seat this page holds in a friend game, `{mark, token}`, or null. */
    seat: null,
    /** The token of the seats played at this screen in a game this browser made, or null. */
    screen: null,
    /** The live updates' connection: 'off' (none needed), 'connecting', 'open' or 'lost'. */
    link: 'off',
    /** The hint shown on the board, `{row, col, value, plies}`, until the next move. */
    hint: null,
    /** A hint is being found. */
    hinting: false,
    /** The latest news under the board (a takeback's answer, a rematch), until the next move. */
    note: '',
    // When (performance.now()) the opponent on another device was last seen going away, or
    // null while they are there.
    awaySince: null,
    /** The opening stones picked on the board (cell indices, in order) until Place sends
     * them. */
    picked: [],
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
 * move shown, a side this page plays for to move (roles.js), and the cell empty.
 */
export function canPlayAt(state, index) {
  const { game } = state;
  if (state.busy || !game || game.status !== 'in_progress') return false;
  const ply = game.moves.length;
  if (state.shown !== ply || !actsFor(state, sideOf(ply))) return false;
  return marksAfter(game, ply)[index] === '';
}

/**
 * Whether a click on cell `index` picks (or lets go) an opening stone: an opening with
 * stones to place by this page's person, nothing awaited, every move shown, the cell empty.
 */
export function canPickAt(state, index) {
  const { game } = state;
  const phase = phaseOf(game);
  if (state.busy || !phase || !phase.may.includes('place') || !actsInOpening(state)) return false;
  if (state.shown !== game.moves.length) return false;
  return marksAfter(game, game.moves.length)[index] === '';
}

/** Whether cell `index` is one of X's forbidden points now (renju, X to move). */
export function isForbidden(game, index) {
  return Boolean(game?.forbidden?.some((c) => c.row * game.cols + c.col === index));
}

/**
 * The state to keep when `incoming` arrives from the server (an answer to a request, or a live
 * update: they come in any order) while the page has `game`, or `null` to keep `game` as it
 * is. Only the same game's, at its highest version: an older one is dropped. Live updates
 * also say who is watching and connected, which changes without a new version; an answer
 * to a request does not say it, and the last known is kept.
 */
export function mergeState(game, incoming) {
  if (!game) return incoming;
  if (incoming.id !== game.id || incoming.version < game.version) return null;
  const live = incoming.watchers !== undefined;
  if (live) return incoming;
  if (incoming.version === game.version) return null;
  return {
    ...incoming,
    watchers: game.watchers,
    players: incoming.players.map((p, i) => (game.players[i].connected === undefined
      ? p
      : { ...p, connected: game.players[i].connected })),
  };
}
