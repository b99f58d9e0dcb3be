// Board geometry: cells are numbered row-major from 0 (the ids of the board's cells, and how
// the server's {row, col} map onto them), and what the board shows after some of a game's
// moves. Pure, so node's test runner checks it without a browser.

/** Each side's mark, by side: 0 is X, who moves first, 1 is O. */
export const MARKS = ['X', 'O'];

/** The side (0 for X, 1 for O) that makes the move at `ply`, counted from 0. */
export function sideOf(ply) {
  return ply % 2;
}

/** The index of the cell `{row, col}` on a board `cols` wide. */
export function indexOf(cell, cols) {
  return cell.row * cols + cell.col;
}

/** The `{row, col}` of the cell at `index` on a board `cols` wide. */
export function cellAt(index, cols) {
  return { row: Math.floor(index / cols), col: index % cols };
}

/** The marks after the first `ply` moves of a game's state, as an array of 'X' | 'O' | ''. */
export function marksAfter(state, ply) {
  if (ply >= state.moves.length) {
    return state.position.replaceAll('/', '').split('').map((ch) => (ch === '.' ? '' : ch));
  }
  const marks = new Array(state.rows * state.cols).fill('');
  state.moves.slice(0, ply).forEach((move, i) => {
    marks[indexOf(move, state.cols)] = MARKS[sideOf(i)];
  });
  return marks;
}

/**
 * What the board shows after `ply` moves: the marks, the winning cells (only once every move
 * is shown), the index of the last move shown (-1 before the first) and whether it shows the
 * end of the game.
 */
export function boardAfter(state, ply) {
  const complete = ply >= state.moves.length;
  const win = new Set(complete && state.winning_line
    ? state.winning_line.map((cell) => indexOf(cell, state.cols))
    : []);
  const lastMove = state.moves[Math.min(ply, state.moves.length) - 1];
  return {
    marks: marksAfter(state, ply),
    win,
    last: lastMove ? indexOf(lastMove, state.cols) : -1,
    over: complete && state.status !== 'in_progress',
  };
}

/**
 * The cell that `key` moves the keyboard focus to from `index` on a board of `rows` x `cols`:
 * the arrow keys step and stop at the edges, Home and End go to the ends of the row (of the
 * board with Ctrl). `null` for any other key.
 */
export function neighbour(index, key, { rows, cols }, ctrl = false) {
  let { row, col } = cellAt(index, cols);
  switch (key) {
    case 'ArrowUp': row = Math.max(0, row - 1); break;
    case 'ArrowDown': row = Math.min(rows - 1, row + 1); break;
    case 'ArrowLeft': col = Math.max(0, col - 1); break;
    case 'ArrowRight': col = Math.min(cols - 1, col + 1); break;
    case 'Home':
      col = 0;
      if (ctrl) row = 0;
      break;
    case 'End':
      col = cols - 1;
      if (ctrl) row = rows - 1;
      break;
    default:
      return null;
  }
  return row * cols + col;
}
