// Ratings as the page shows them, and a finished game replayed: pure, so node's test runner
// checks them. A rating whose deviation is still large is provisional, shown "1523?"; a
// rating's history becomes the points of a line chart; a game's moves, up to a ply, become
// the cells of its board.

/** "1523", or "1523?" while provisional. */
export function ratingText(r) {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** A rated board's name as people read it: "gomoku-renju" is "gomoku (renju)". */
export function boardTitle(board) {
  const [preset, rule] = board.split(/-(standard|renju|caro)$/);
  return rule ? `${preset} (${rule})` : preset;
}

/**
 * The line of a rating's history on `board` in a `width` by `height` chart with `pad` around:
 * `{ path, points: [{x, y, rating}], low, high }`, or null with fewer than one point. The
 * first point is the rating before the first game (1500).
 */
export function chartLine(history, board, width, height, pad = 24) {
  const ratings = [1500, ...history.filter((p) => p.board === board).map((p) => p.rating)];
  if (ratings.length < 2) return null;
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 100) {
    const middle = (high + low) / 2;
    low = middle - 50;
    high = middle + 50;
  }
  const x = (i) => pad + (i * (width - 2 * pad)) / (ratings.length - 1);
  const y = (r) => height - pad - ((r - low) * (height - 2 * pad)) / (high - low);
  const points = ratings.map((rating, i) => ({ x: round(x(i)), y: round(y(rating)), rating }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { path, points, low: Math.round(low), high: Math.round(high) };
}

function round(v) {
  return Math.round(v * 10) / 10;
}

/** The cells of a `rows` x `cols` board after the first `ply` of `moves` (X moved first):
 * '', 'X' or 'O' for each cell, row by row. */
export function replayCells(moves, ply, rows, cols) {
  const cells = new Array(rows * cols).fill('');
  moves.slice(0, ply).forEach((m, i) => {
    cells[m.row * cols + m.col] = i % 2 === 0 ? 'X' : 'O';
  });
  return cells;
}

/** Who a side of a finished game was: a person's name, or the computer's level. */
export function sideName(side) {
  if (side.kind === 'human') return side.name;
  return side.level.startsWith('engine:') ? side.level.slice(7) : `Computer (${side.level})`;
}

/** A finished game in one line from `name`'s side: "Won against Computer (hard), classic". */
export function gameLine(game, name) {
  const key = name.toLowerCase();
  const isMe = (side) => side.kind === 'human' && side.name.toLowerCase() === key;
  const mine = isMe(game.x) ? 'x' : 'o';
  const other = sideName(mine === 'x' ? game.o : game.x);
  const outcome = game.result === 'draw'
    ? 'Drew with'
    : (game.result === `${mine}_wins` ? 'Won against' : 'Lost to');
  const board = `${game.rows}×${game.cols}, ${game.k} in a row`;
  const rule = game.rule && game.rule !== 'freestyle' ? `, ${game.rule}` : '';
  const rated = game.rated ? ', rated' : '';
  return `${outcome} ${other} (${board}${rule}${rated})`;
}
