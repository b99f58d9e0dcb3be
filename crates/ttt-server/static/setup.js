// The setup, checked before it is sent: the new-game request from what the form holds, with a
// message saying what to fix when it cannot be one, and the form's fields back from a request
// saved earlier. The limits and levels are the server's (GET /api/config); this module only
// applies them, so that a mistake is explained at once instead of after a round trip. Pure:
// it sees plain values, never the DOM.

import { defaultName, OPENING_NAMES, RULE_NAMES } from './texts.js';

/** The board-size choice that is not a named board. */
export const CUSTOM = 'custom';

/**
 * The fields of the setup form, as strings and booleans the way the form holds them:
 * `{ players: [{ human, remote, name, level }, { human, remote, name, level }], rows, cols, k,
 * rule, opening }` (`remote`: a person on another device, invited by link; `rule` and
 * `opening`, gomoku's, count with five in a row only).
 * @typedef {object} Fields
 */

function wholeNumber(text) {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed === '' || !Number.isInteger(value) ? null : value;
}

/** Whether a board of `k` in a row is offered gomoku's rules and openings. */
export function offersRules(k) {
  return k === 5;
}

/**
 * The new-game request from `fields`, checked against the server's `limits`:
 * `{ request: {rows, cols, k, players} }` (with `rule` and `opening` on a board of five in a
 * row), or `{ error }` with a sentence saying what to fix. A human with no name is sent
 * with an empty one: the server makes them a guest.
 */
export function checkSetup(fields, limits) {
  const players = fields.players.map((p, i) => {
    if (p.human && p.remote) return { kind: 'friend' };
    return p.human
      ? { kind: 'human', name: p.name.trim() }
      : { kind: 'computer', level: p.level };
  });
  const friends = players.filter((p) => p.kind === 'friend').length;
  if (friends === 2) {
    return { error: 'One player plays at this screen: only the other can be on another device.' };
  }
  if (friends === 1 && players.some((p) => p.kind === 'computer')) {
    return { error: 'A friend on another device plays a person at this screen, not the computer.' };
  }
  const dims = {};
  for (const [key, label] of [['rows', 'Rows'], ['cols', 'Columns'], ['k', 'In a row']]) {
    dims[key] = wholeNumber(fields[key]);
    if (dims[key] === null) return { error: `${label} must be a whole number.` };
  }
  const { rows, cols, k } = dims;
  const max = limits.max_side;
  if (rows < 1 || rows > max || cols < 1 || cols > max) {
    return { error: `Rows and columns must each be between 1 and ${max}.` };
  }
  if (k < 1 || k > Math.max(rows, cols)) {
    return { error: `In a row must be between 1 and ${Math.max(rows, cols)} on this board.` };
  }
  if (players[0].kind === 'human' && players[1].kind === 'human' && players[0].name
      && players[0].name.toLowerCase() === players[1].name.toLowerCase()) {
    return { error: 'Give the two players different names.' };
  }
  const clock = CLOCKS[fields.clock]?.control ?? null;
  const timed = clock ? { clock } : {};
  if (!offersRules(k)) return { request: { rows, cols, k, players, ...timed } };
  const rule = fields.rule || 'freestyle';
  const opening = fields.opening || 'none';
  const engine = (p) => p.kind === 'computer' && String(p.level || '').startsWith('engine:');
  if (opening !== 'none' && players.some(engine)) {
    return {
      error: `The ${OPENING_NAMES[opening]} opening is played by people and the computer's `
        + 'levels, not by an outside engine: choose a level, or No opening.',
    };
  }
  return {
    request: {
      rows, cols, k, rule, opening, players, ...timed,
    },
  };
}

/** The clocks the setup offers, by the value of its choice: their label (the short name
 * the lobby's rows and quick pairing use, then in words) and the time control the server
 * takes. */
export const CLOCKS = {
  none: { label: 'No clock', control: null },
  '1+0': { label: '1+0 · 1 min', control: { initial: 60, increment: 0 } },
  '3+2': { label: '3+2 · 3 min + 2 s a move', control: { initial: 180, increment: 2 } },
  '5+3': { label: '5+3 · 5 min + 3 s a move', control: { initial: 300, increment: 3 } },
  '10+5': { label: '10+5 · 10 min + 5 s a move', control: { initial: 600, increment: 5 } },
  '30s': { label: '30s · 30 s a move', control: { per_move: 30 } },
  '1d': { label: '1 day a move', control: { days: 1 } },
  '3d': { label: '3 days a move', control: { days: 3 } },
};

/**
 * The fields to fill from a request saved earlier (read back from storage, so anything at all),
 * or `null` when it is not one. Only what it holds validly is given: a player's `name` or
 * `level` and a board's `rows`, `cols` and `k` may be missing, and the form keeps what it
 * has there. A default name is left out so the field shows its placeholder again.
 */
export function fieldsFromSaved(saved, levels) {
  if (!saved || !Array.isArray(saved.players) || saved.players.length !== 2) return null;
  const fields = {
    players: saved.players.map((p, i) => {
      const remote = p?.kind === 'friend';
      const player = { human: p?.kind === 'human' || remote, remote };
      if (p?.kind === 'human' && typeof p.name === 'string') {
        // Older pages saved a blank name as "Player 1" or "Player 2".
        player.name = p.name === defaultName(i + 1) ? '' : p.name;
      }
      if (p?.kind === 'computer' && levels.includes(p.level)) player.level = p.level;
      return player;
    }),
  };
  for (const key of ['rows', 'cols', 'k']) {
    if (Number.isInteger(saved[key])) fields[key] = String(saved[key]);
  }
  if (Object.hasOwn(RULE_NAMES, saved.rule ?? '')) fields.rule = saved.rule;
  if (Object.hasOwn(OPENING_NAMES, saved.opening ?? '')) fields.opening = saved.opening;
  const clock = saved.clock === undefined ? null : clockChoice(saved.clock);
  if (clock) fields.clock = clock;
  return fields;
}

/** The request that would start a game like `state` (the server's view of a game) afresh:
 * its people in the order they sat down (an opening may have changed their seats since). */
export function setupFromState(state) {
  const players = state.players.map((p) => (p.kind === 'human'
    ? { kind: 'human', name: p.name }
    : { kind: 'computer', level: p.level }));
  if (state.first === 'O') players.reverse();
  const request = {
    rows: state.rows, cols: state.cols, k: state.k, players,
  };
  if (state.rule && state.rule !== 'freestyle') request.rule = state.rule;
  if (state.opening && state.opening !== 'none') request.opening = state.opening;
  if (state.clock) request.clock = state.clock.control;
  return request;
}

/** The setup's clock choice for a request's time control (as saved), or null. */
export function clockChoice(control) {
  if (!control) return 'none';
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  return Object.keys(CLOCKS).find((key) => same(CLOCKS[key].control, control)) ?? null;
}

/**
 * The named board whose size the fields `rows`, `cols` and `k` (strings, as typed) spell
 * exactly, or CUSTOM.
 */
export function presetMatching({ rows, cols, k }, presets) {
  const match = presets.find((p) => String(p.rows) === rows && String(p.cols) === cols
    && String(p.k) === k);
  return match ? match.name : CUSTOM;
}
