// Every sentence the page shows or reads out, built from the server's game state: players'
// names, turns, results, the board's labels for screen readers and the setup's choices. Pure,
// so node's test runner checks the wording without a browser; the views put these strings in
// with textContent, so a name is never read as HTML.

import { MARKS, sideOf } from './geometry.js';

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
];

/** Small numbers as words ("five in a row"), larger ones as digits. */
export function numberWord(n) {
  return NUMBER_WORDS[n] ?? String(n);
}

/** A computer level as the page shows it: `easy` is "Easy". */
export function levelLabel(level) {
  return level ? level[0].toUpperCase() + level.slice(1) : level;
}

/** A named board as the setup offers it: "Gomoku: 15 × 15, five in a row". */
export function presetLabel(preset) {
  const size = `${preset.rows} × ${preset.cols}, ${numberWord(preset.k)} in a row`;
  return preset.title ? `${preset.title}: ${size}` : size;
}

/** The board-size choice for a board that is not a named one. */
export const CUSTOM_LABEL = 'Custom';

/** The name a human player gets when the name field is left empty. */
export function defaultName(n) {
  return `Player ${n}`;
}

/**
 * How a player of `state` (0 for X, 1 for O) is named: a human by name, a computer by level,
 * and by mark too when both are computers.
 */
export function displayName(state, index) {
  const p = state.players[index];
  if (p.kind === 'human') return p.name;
  const level = levelLabel(p.level);
  const bothComputers = state.players.every((q) => q.kind === 'computer');
  return bothComputers ? `Computer ${p.mark} (${level})` : `Computer (${level})`;
}

/** The result of a finished game: "Alice wins!" or "Tie game!". */
export function resultText(state) {
  if (state.status === 'x_wins') return `${displayName(state, 0)} wins!`;
  if (state.status === 'o_wins') return `${displayName(state, 1)} wins!`;
  return 'Tie game!';
}

/** What the message row says over a player's side while it is their turn. */
export function turnText(state, index) {
  return state.players[index].kind === 'human'
    ? `${displayName(state, index)}'s turn`
    : `${displayName(state, index)} is thinking…`;
}

/** A cell for people: counted from 1, rows first. */
export function cellName(cell) {
  return `row ${cell.row + 1}, column ${cell.col + 1}`;
}

/** What is read out when player `index` has played `move`. */
export function movePlayed(state, index, move) {
  return `${displayName(state, index)} played ${MARKS[index]} at ${cellName(move)}.`;
}

/** What is read out when it is human player `index`'s turn. */
export function turnAnnouncement(state, index) {
  return `${turnText(state, index)}, ${state.to_move}.`;
}

/**
 * The message row after `ply` moves of `state`: the texts over each side, and in the centre
 * either the mark to move (with `toMove`, the side whose text is shown) or, once the game is
 * over and every move is shown, the result (with `over` and neither side's text shown).
 */
export function messageRow(state, ply) {
  const row = { left: turnText(state, 0), right: turnText(state, 1) };
  if (ply >= state.moves.length && state.status !== 'in_progress') {
    return { ...row, centre: resultText(state), over: true, toMove: null };
  }
  const toMove = sideOf(ply);
  return { ...row, centre: MARKS[toMove], over: false, toMove };
}

/** The end-of-game dialog's sentence under the result. */
export function endMessage(state) {
  const k = state.k;
  if (state.status === 'draw') return `The board is full and nobody got ${k} in a row.`;
  const winner = state.status === 'x_wins' ? 0 : 1;
  const loser = 1 - winner;
  const [w, l] = [state.players[winner], state.players[loser]];
  if (w.kind === 'computer' && l.kind === 'human') {
    return `${displayName(state, winner)} got ${k} in a row. Better luck next time, ${l.name}!`;
  }
  return `${displayName(state, winner)} got ${k} in a row. Well played!`;
}

/** The board's name for screen readers. */
export function boardLabel(rows, cols) {
  return `Board, ${rows} rows by ${cols} columns`;
}

/** A board cell's name for screen readers: where it is, what is on it, and if it won. */
export function cellLabel(cell, mark, winning) {
  const label = `${cellName(cell)}, ${mark || 'empty'}`;
  return winning ? `${label}, winning line` : label;
}

/** A score panel's mark, for screen readers. */
export function playsLabel(mark) {
  return `Plays ${mark}`;
}

/** A score panel's name, for screen readers. */
export function scoresLabel(name) {
  return `${name}: scores`;
}

/** The tallies a human's score panel shows, as [key of the player's record, label]. */
export const TALLIES = [['wins', 'Wins'], ['losses', 'Losses'], ['ties', 'Ties']];

/** A computer's score panel says this instead of tallies. */
export const NO_SCORES = 'Scores are kept for human players.';

/** Why a move got no answer when the server no longer has the game (404). */
export const GAME_GONE = 'This game is no longer on the server (was it restarted?). Start a new one with Restart Game.';

/** The error under the board when the scores could not be read. */
export function scoresFailed(message) {
  return `Scores could not be loaded: ${message}`;
}

/** The error on the setup when the server's choices could not be read. */
export function configFailed(message) {
  return `The game could not be set up: ${message} Reload the page to try again.`;
}

/** What the leaderboard says when it has no one to show. */
export function leaderboardEmpty(search) {
  return search ? `No player's name contains "${search}".` : 'No one has played yet.';
}

/** Where a page of the leaderboard is: `Players 51 to 100 of 230`. */
export function leaderboardPage(offset, shown, total) {
  if (shown === 0) return '';
  return `Players ${offset + 1} to ${offset + shown} of ${total}`;
}
