// The analysis as a colour map: each empty cell's value for the side to move (from
// GET /api/games/{id}/analysis) becomes a tone (win, draw, loss, or unknown), a short label
// ("W5", "D", "L4", "?") and a strength (a near win or a near loss is stronger than a far
// one), which the board paints. Colour is never alone: the label and the cell's name for
// screen readers say it too. Pure, so node's test runner checks it.

import { indexOf } from './geometry.js';
import { outcomeWords } from './texts.js';

/** The tones of the colour map, one per solver value. */
export const TONES = ['win', 'draw', 'loss', 'unknown'];

/** The tone of a solver value; anything unexpected is 'unknown'. */
export function toneOf(value) {
  return TONES.includes(value) ? value : 'unknown';
}

/** A cell's short label: "W5" (a win in 5 plies), "D", "L4", "?" (or "W" when unmeasured). */
export function cellLabelOf({ value, plies }) {
  const tone = toneOf(value);
  if (tone === 'draw') return 'D';
  if (tone === 'unknown') return '?';
  const letter = tone === 'win' ? 'W' : 'L';
  return Number.isInteger(plies) ? `${letter}${plies}` : letter;
}

/**
 * How strongly a cell is coloured, from 0.35 to 1: a proven win or loss the nearer, the
 * stronger (the move that matters most stands out); a draw is even; unknown is faint.
 */
export function strengthOf({ value, plies }) {
  const tone = toneOf(value);
  if (tone === 'unknown') return 0.35;
  if (tone === 'draw') return 0.6;
  if (!Number.isInteger(plies)) return 0.6;
  return Math.max(0.35, 1 - (plies - 1) * 0.06);
}

/**
 * The colour map of an analysis (`{cells: [{row, col, value, plies}]}`) on a board `cols`
 * wide: a Map from cell index to `{ tone, label, strength, words }`, where `words` is what
 * the cell leads to for screen readers ("win in 5 plies").
 */
export function valueMap(analysis, cols) {
  const map = new Map();
  for (const cell of analysis.cells) {
    map.set(indexOf(cell, cols), {
      tone: toneOf(cell.value),
      label: cellLabelOf(cell),
      strength: strengthOf(cell),
      words: outcomeWords(cell.value, cell.plies),
    });
  }
  return map;
}
