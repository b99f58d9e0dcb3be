// The opening of a gomoku game (swap, swap2), as the page sees it: whether one is going on,
// which of the game's first moves are its stones, and the stones a person picks on the board
// before Place sends them. The server decides who acts and what they may do (the state's
// `opening_phase`, whose `actor` is an index in `players`); this module only reads it. Pure,
// so node's test runner checks it.

import { MARKS, sideOf } from './geometry.js';

/** What a person may choose in an opening, in the order the page offers them. */
export const CHOICES = ['take_x', 'take_o', 'place_two'];

/** The opening's phase in `game` (`{actor, may, stones_to_place}`), or null once colours are
 * settled (and always without an opening). */
export function phaseOf(game) {
  return game?.status === 'in_progress' ? game.opening_phase ?? null : null;
}

/** Whether an opening is going on in `game`: nobody moves until it is over. */
export function isInOpening(game) {
  return phaseOf(game) !== null;
}

/**
 * How many of `game`'s first moves are the opening's stones once it is over (as the server
 * counts them: they are never taken back). While it goes on, every move is one.
 */
export function openingStones(game) {
  if (isInOpening(game)) return game.moves.length;
  const choices = game.opening_choices || [];
  if (game.opening === 'swap') return 3;
  if (game.opening === 'swap2') return choices.includes('place_two') ? 5 : 3;
  return 0;
}

/** Whether the move at `ply` of `game` is an opening stone (placed, not played). */
export function isOpeningStone(game, ply) {
  return ply < openingStones(game);
}

/** The mark of the next stone to place, with `picked` stones picked but not yet sent. */
export function stoneMark(game, picked = 0) {
  return MARKS[sideOf(game.moves.length + picked)];
}

/**
 * The picked stones after a click on cell `index`: a picked cell is let go (the later picks
 * keep their order), another one is added while stones are left to place.
 */
export function pick(picked, index, left) {
  if (picked.includes(index)) return picked.filter((i) => i !== index);
  return picked.length < left ? [...picked, index] : picked;
}

/** The picked stones by cell, with the mark each will be: X and O in turn from the next. */
export function pickedMarks(game, picked) {
  return new Map(picked.map((index, i) => [index, stoneMark(game, i)]));
}
