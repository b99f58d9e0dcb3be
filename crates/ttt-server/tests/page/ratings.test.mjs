import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  boardTitle, chartLine, gameLine, ratingText, replayCells,
} from '../../static/ratings.js';

test('a provisional rating is marked', () => {
  assert.equal(ratingText({ rating: 1523.4, provisional: true }), '1523?');
  assert.equal(ratingText({ rating: 1800, provisional: false }), '1800');
});

test('boards read as people say them', () => {
  assert.equal(boardTitle('gomoku-renju'), 'gomoku (renju)');
  assert.equal(boardTitle('four-by-four'), 'four-by-four');
});

test('a history becomes a line from 1500, over its board only', () => {
  const history = [
    { board: 'classic', rating: 1662 },
    { board: 'gomoku', rating: 1300 },
    { board: 'classic', rating: 1580 },
  ];
  const line = chartLine(history, 'classic', 600, 200, 20);
  assert.equal(line.points.length, 3);
  assert.deepEqual(line.points.map((p) => p.rating), [1500, 1662, 1580]);
  assert.equal(line.points[0].x, 20);
  assert.equal(line.points[2].x, 580);
  // The highest rating is at the top.
  assert.equal(line.points[1].y, 20);
  assert.equal(line.points[0].y, 180);
  assert.ok(line.path.startsWith('M20 180 L'));
  assert.equal(chartLine(history, 'five-by-five', 600, 200), null);
});

test('a replay shows the moves up to a ply', () => {
  const moves = [{ row: 1, col: 1 }, { row: 0, col: 0 }, { row: 2, col: 2 }];
  assert.deepEqual(replayCells(moves, 2, 3, 3), ['O', '', '', '', 'X', '', '', '', '']);
  assert.equal(replayCells(moves, 3, 3, 3)[8], 'X');
  assert.equal(replayCells(moves, 0, 3, 3).join(''), '');
});

test('a game reads from the player\'s side', () => {
  const game = {
    x: { kind: 'human', name: 'Alice' },
    o: { kind: 'computer', level: 'hard' },
    result: 'o_wins', rows: 3, cols: 3, k: 3, rule: 'freestyle', rated: true,
  };
  assert.equal(gameLine(game, 'alice'), 'Lost to Computer (hard) (3×3, 3 in a row, rated)');
  assert.equal(gameLine({ ...game, result: 'draw', rated: false }, 'Alice'),
    'Drew with Computer (hard) (3×3, 3 in a row)');
});
