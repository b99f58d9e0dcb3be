// The lobby as the page keeps it: the open seeks, changed by the server's events, and the
// words that describe a seek. Pure, so node's test runner checks it.

import { RULE_NAMES } from './texts.js';

/** The seeks after the event `name` with `data`: `seeks` (all of them), `seek` (one more),
 * `gone` (`{id}`). Other events leave them as they are. */
export function applyEvent(seeks, name, data) {
  if (name === 'seeks') return data;
  if (name === 'seek') return [...seeks.filter((s) => s.id !== data.id), data];
  if (name === 'gone') return seeks.filter((s) => s.id !== data.id);
  return seeks;
}

/** What is played: `3 × 3`, `15 × 15 · Renju · Swap2`. */
export function gameLabel(seek) {
  const parts = [`${seek.rows} × ${seek.cols}`];
  if (seek.k !== Math.min(seek.rows, seek.cols) && !(seek.rows === 15 && seek.k === 5)) {
    parts.push(`${seek.k} in a row`);
  }
  if (seek.rule && seek.rule !== 'freestyle') parts.push(RULE_NAMES[seek.rule] || seek.rule);
  else if (seek.k === 5) parts.push('Free-style');
  if (seek.opening && seek.opening !== 'none') {
    parts.push(seek.opening === 'swap2' ? 'Swap2' : 'Swap');
  }
  return parts.join(' · ');
}

/** The seeker, with their rating where they have one: `Ann (1612)`, `Ann (1612?)` while
 * provisional. */
export function seekerLabel(seek) {
  const { name, rating, provisional } = seek.seeker;
  if (rating === null || rating === undefined) return name;
  return `${name} (${rating}${provisional ? '?' : ''})`;
}

/** The clock: `5+3`, or `No clock`. */
export function clockLabel(seek) {
  return seek.clock_text || 'No clock';
}

/** Rated or casual, and the mark the seeker plays. */
export function modeLabel(seek) {
  const mode = seek.rated ? 'Rated' : 'Casual';
  if (seek.quick) return `${mode} · quick pairing`;
  return seek.color === 'random' ? mode : `${mode} · seeker plays ${seek.color}`;
}

/** The quick pairing pools the lobby offers, by name. */
export const POOLS = [
  { pool: 'classic', label: '3 × 3 · 1+0' },
  { pool: 'gomoku', label: 'Gomoku · Standard · Swap2 · 5+3' },
  { pool: 'renju', label: 'Renju · 10+5' },
];
