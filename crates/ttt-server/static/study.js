// The analysis board's model: a position of stones placed freely or a game's moves stepped
// through, the address that shares it, the text of the engine's lines and the evaluation
// graph's shape. Pure, so node's test runner checks it without a browser.

import { MARKS, indexOf } from './geometry.js';

/** The analysis board's address: the page opens it with the board, rule and moves it names. */
export const STUDY_PATH = '/analysis';

/** The most lines the page asks for. */
export const MOST_LINES = 10;

/**
 * A new study: an empty board of `rows` x `cols`, `k` in a row under `rule`, and, when
 * `moves` (`{row, col}`, X first) are given, those moves as a game to step through, shown
 * after `ply` of them (all by default).
 */
export function newStudy({ rows, cols, k, rule = 'freestyle', moves = [], ply = moves.length }) {
  return {
    rows,
    cols,
    k,
    rule,
    // Each stone: its cell's index and mark, in the order placed.
    stones: moves.slice(0, ply).map((m, i) => ({ index: indexOf(m, cols), mark: MARKS[i % 2] })),
    game: moves.length > 0 ? moves.map((m) => ({ row: m.row, col: m.col })) : null,
    ply: moves.length > 0 ? Math.min(Math.max(ply, 0), moves.length) : 0,
  };
}

/** The marks on the board: 'X', 'O' or '' a cell. */
export function marksOf(study) {
  const marks = new Array(study.rows * study.cols).fill('');
  for (const s of study.stones) marks[s.index] = s.mark;
  return marks;
}

/** The mark that `mode` places next: 'X' or 'O' as chosen, or, alternating, the side to move. */
export function nextMark(study, mode) {
  if (mode === 'X' || mode === 'O') return mode;
  const x = study.stones.filter((s) => s.mark === 'X').length;
  const o = study.stones.length - x;
  return x > o ? 'O' : 'X';
}

/** The study with a stone placed on the empty cell `index`; a game being stepped through
 * becomes a free position from there. `null` if the cell is taken. */
export function place(study, index, mark) {
  if (study.stones.some((s) => s.index === index)) return null;
  return { ...study, stones: [...study.stones, { index, mark }], game: null, ply: 0, pasted: false };
}

/** The study without its last stone (or the game one move back). */
export function undo(study) {
  if (study.game) return stepTo(study, study.ply - 1);
  return { ...study, stones: study.stones.slice(0, -1), pasted: false };
}

/** The game shown after `ply` of its moves. */
export function stepTo(study, ply) {
  if (!study.game) return study;
  const to = Math.min(Math.max(ply, 0), study.game.length);
  const stones = study.game.slice(0, to).map((m, i) => ({
    index: indexOf(m, study.cols),
    mark: MARKS[i % 2],
  }));
  return { ...study, stones, ply: to };
}

/** The position in the notation the server reads: rows top to bottom separated by `/`. */
export function notation(study) {
  const marks = marksOf(study);
  const rows = [];
  for (let r = 0; r < study.rows; r++) {
    rows.push(marks.slice(r * study.cols, (r + 1) * study.cols).map((m) => m || '.').join(''));
  }
  return rows.join('/');
}

/**
 * Reads a pasted position: rows separated by `/` or new lines, cells X, O or `.` (`x`, `o`,
 * `-` and `_` too). `{ rows, cols, marks }`, or `{ error }` saying what is wrong.
 */
export function parsePosition(text, maxSide) {
  const lines = text.trim().split(/[\/\n]+/).map((l) => l.replace(/\s+/g, '')).filter(Boolean);
  if (lines.length === 0) return { error: 'Paste a position: rows of X, O and . separated by /.' };
  const cols = lines[0].length;
  if (lines.length > maxSide || cols > maxSide) {
    return { error: `That board is ${lines.length} x ${cols}: sides go up to ${maxSide}.` };
  }
  const marks = [];
  for (const [r, line] of lines.entries()) {
    if (line.length !== cols) {
      const cells = (n) => `${n} cell${n === 1 ? '' : 's'}`;
      return { error: `Row ${r + 1} has ${cells(line.length)}, row 1 has ${cells(cols)}.` };
    }
    for (const ch of line) {
      const up = ch.toUpperCase();
      if (up === 'X' || up === 'O') marks.push(up);
      else if ('.-_'.includes(ch)) marks.push('');
      else return { error: `Row ${r + 1} has ${JSON.stringify(ch)}: cells are X, O or .` };
    }
  }
  return { rows: lines.length, cols, marks };
}

/** A study of the pasted marks, placed X's first then O's: their order is not known, so no
 * stone is shown as the last one (`pasted`). */
export function studyOfMarks({ rows, cols, marks }, k, rule) {
  const stones = [];
  for (const mark of MARKS) {
    marks.forEach((m, index) => { if (m === mark) stones.push({ index, mark }); });
  }
  return { rows, cols, k, rule, stones, game: null, ply: 0, pasted: true };
}

/** K for a board of `rows` x `cols`: five (gomoku) where it fits, else the longest side. */
export function defaultK(rows, cols) {
  return Math.min(5, Math.max(rows, cols));
}

/** The last stone placed, by index, or -1 when it is not known (a pasted position). */
export function lastStone(study) {
  if (study.pasted) return -1;
  return study.stones.at(-1)?.index ?? -1;
}

/** Why the engine cannot analyse the study's position, or '' if it can: a game reaches it
 * only with X as many stones as O, or one more. */
export function whyNotAnalysable(study) {
  const x = study.stones.filter((s) => s.mark === 'X').length;
  const o = study.stones.length - x;
  if (x === o || x === o + 1) return '';
  return `X has ${x} stone${x === 1 ? '' : 's'} and O ${o}: a game has X as many as O, or one `
    + 'more (X moves first). Place or remove a stone for the engine to think.';
}

/** The address of the stream of the engine's lines for the study's position. */
export function streamPath(study, lines) {
  const q = new URLSearchParams({
    position: notation(study), k: String(study.k), rule: study.rule, lines: String(lines),
  });
  return `/api/analysis/stream?${q}`;
}

/** The moves as the graph's query writes them: `row.col`, comma-separated. */
export function movesParam(moves) {
  return moves.map((m) => `${m.row}.${m.col}`).join(',');
}

/** The address of the evaluation graph's points for the study's game. */
export function graphPath(study) {
  const q = new URLSearchParams({
    rows: String(study.rows), cols: String(study.cols), k: String(study.k), rule: study.rule,
    moves: movesParam(study.game || []),
  });
  return `/api/analysis/graph?${q}`;
}

/** The analysis board's address for a game: `/analysis?rows=..&moves=..&ply=..`. */
export function studyAddress({ rows, cols, k, rule, moves, ply }) {
  const q = new URLSearchParams({
    rows: String(rows), cols: String(cols), k: String(k), rule: rule || 'freestyle',
  });
  if (moves && moves.length > 0) q.set('moves', movesParam(moves));
  if (ply !== undefined && moves && ply < moves.length) q.set('ply', String(ply));
  return `${STUDY_PATH}?${q}`;
}

/** Reads the analysis board's address (`location.search`): the study it names, or `null`
 * for the default board. */
export function studyFromAddress(search, maxSide) {
  const q = new URLSearchParams(search);
  const rows = Number(q.get('rows'));
  const cols = Number(q.get('cols') || rows);
  const side = (n) => Number.isInteger(n) && n >= 1 && n <= maxSide;
  if (!side(rows) || !side(cols)) return null;
  const k = Number(q.get('k')) || Math.min(5, Math.max(rows, cols));
  const rule = q.get('rule') || 'freestyle';
  const moves = [];
  for (const text of (q.get('moves') || '').split(',').filter(Boolean)) {
    const [row, col] = text.split('.').map(Number);
    if (!(row >= 0 && row < rows && col >= 0 && col < cols)) return null;
    moves.push({ row, col });
  }
  const ply = q.has('ply') ? Number(q.get('ply')) : moves.length;
  return newStudy({ rows, cols, k, rule, moves, ply: Number.isInteger(ply) ? ply : moves.length });
}

/** `(8, 7)`: a cell as the page and `ttt analyze` name it, counted from 1. */
export function cellName(cell) {
  return `(${cell.row + 1}, ${cell.col + 1})`;
}

/** What a line is worth, for its move's player: `win in 7 plies (proven)`, `win within 9
 * plies (proven)` (by threats), `+21 · 51%`. */
export function valueText(line) {
  const plies = (n) => `${n} ${n === 1 ? 'ply' : 'plies'}`;
  // The solver's lengths are exact; a threat search's line bounds the length from above.
  const length = (n) => (line.proven && !line.exact ? `within ${plies(n)}` : `in ${plies(n)}`);
  const how = line.proven ? 'proven' : 'found';
  if ((line.result === 'win' || line.result === 'loss') && line.plies === null) {
    return `${line.result} (proven; length not measured)`;
  }
  if (line.result === 'win') return `win ${length(line.plies)} (${how})`;
  if (line.result === 'loss') return `loss ${length(line.plies)} (${how})`;
  if (line.result === 'draw') return 'draw (proven)';
  const sign = line.score > 0 ? '+' : '';
  return `${sign}${line.score} · ${Math.round(line.win_probability * 100)}%`;
}

/** The engine's progress: `depth 9 · 718k positions · 350k/s · 4.1 s`. */
export function progressText({ depth, nodes, nodes_per_second: speed, elapsed_ms: ms }) {
  const count = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n));
  return `depth ${depth} · ${count(nodes)} positions · ${count(speed)}/s · ${(ms / 1000).toFixed(1)} s`;
}

/** What a point of the graph says: `X 53%`, or a proven result. */
export function pointText(point) {
  if (point.proven && point.x === 1) return 'X wins (proven)';
  if (point.proven && point.x === 0) return 'O wins (proven)';
  if (point.proven && point.x === 0.5) return 'a draw (proven)';
  return `X ${Math.round(point.x * 100)}%`;
}

/** The ghost stones of a line: its moves numbered from 1, in turn from the side to move.
 * A Map of cell index to `{ mark, n }`. */
export function ghostsOf(line, toMove, cols) {
  const ghosts = new Map();
  const other = toMove === 'X' ? 'O' : 'X';
  line.pv.forEach((cell, i) => {
    ghosts.set(indexOf(cell, cols), { mark: i % 2 === 0 ? toMove : other, n: i + 1 });
  });
  return ghosts;
}

/**
 * The evaluation graph's line through `points` (`{ply, x}`, X's chance from 0 to 1) on a
 * `width` x `height` box for `plies` moves: an SVG path, X's chance up, 50% in the middle.
 */
export function graphLine(points, plies, width, height) {
  const step = width / Math.max(plies, 1);
  return [...points]
    .sort((a, b) => a.ply - b.ply)
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(p.ply * step).toFixed(1)},${((1 - p.x) * height).toFixed(1)}`)
    .join(' ');
}
