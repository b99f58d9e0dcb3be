// Game states shaped as the server sends them (GET /api/games/{id}), shared by the page's
// unit tests so each test says only what differs.

/** A game's state after `moves` ([row, col] pairs, X first) on a board of `rows` x `cols`. */
export function gameState({
  rows = 3, cols = 3, k = 3, moves = [], status = 'in_progress', winningLine = null,
  players = [{ kind: 'human', name: 'Alice' }, { kind: 'human', name: 'Bob' }],
  takeback = null, version = moves.length, id = 'g1',
} = {}) {
  const cells = Array.from({ length: rows }, () => new Array(cols).fill('.'));
  moves.forEach(([row, col], i) => { cells[row][col] = i % 2 === 0 ? 'X' : 'O'; });
  const over = status !== 'in_progress';
  return {
    id,
    rows,
    cols,
    k,
    position: cells.map((row) => row.join('')).join('/'),
    to_move: over ? null : ['X', 'O'][moves.length % 2],
    status,
    winning_line: winningLine && winningLine.map(([row, col]) => ({ row, col })),
    moves: moves.map(([row, col]) => ({ row, col })),
    players: players.map((p, i) => ({ ...p, mark: ['X', 'O'][i] })),
    takeback,
    hints: { x: 0, o: 0 },
    rematch: null,
    version,
  };
}

/** X X X / O O . / . . . : Alice (X) has won along the top row. */
export function aliceWins(players) {
  return gameState({
    moves: [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]],
    status: 'x_wins',
    winningLine: [[0, 0], [0, 1], [0, 2]],
    players,
  });
}

export const computer = (level) => ({ kind: 'computer', level });
export const human = (name, connected) => (connected === undefined
  ? { kind: 'human', name }
  : { kind: 'human', name, connected });
export const friend = (name = null, connected) => (connected === undefined
  ? { kind: 'friend', name }
  : { kind: 'friend', name, connected });
