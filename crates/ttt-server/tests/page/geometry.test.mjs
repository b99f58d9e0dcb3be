// Unit tests of the page's board geometry (static/geometry.js): cells and indices, the marks
// after some of a game's moves, and where the arrow keys lead.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boardAfter, cellAt, indexOf, MARKS, marksAfter, neighbour, sideOf,
} from '../../static/geometry.js';
import { aliceWins, gameState } from './fixtures.mjs';

describe('cells', () => {
  test('are numbered row-major, and an index maps back to its cell', () => {
    assert.equal(indexOf({ row: 0, col: 0 }, 7), 0);
    assert.equal(indexOf({ row: 2, col: 1 }, 7), 15);
    for (let index = 0; index < 42; index++) {
      assert.equal(indexOf(cellAt(index, 7), 7), index);
    }
    assert.deepEqual(cellAt(41, 7), { row: 5, col: 6 });
  });

  test('X makes the even plies, O the odd ones', () => {
    assert.deepEqual([0, 1, 2, 3].map((ply) => MARKS[sideOf(ply)]), ['X', 'O', 'X', 'O']);
  });
});

describe('marksAfter', () => {
  const game = gameState({ rows: 2, cols: 3, moves: [[0, 0], [1, 2], [0, 1]] });

  test('every move: the position the server sent', () => {
    assert.deepEqual(marksAfter(game, 3), ['X', 'X', '', '', '', 'O']);
    assert.deepEqual(marksAfter(game, 10), marksAfter(game, 3));
  });

  test('fewer moves: the board as it was then', () => {
    assert.deepEqual(marksAfter(game, 0), ['', '', '', '', '', '']);
    assert.deepEqual(marksAfter(game, 2), ['X', '', '', '', '', 'O']);
  });
});

describe('boardAfter', () => {
  test('the winning line and the end show only once every move is shown', () => {
    const won = aliceWins();
    assert.deepEqual(boardAfter(won, 5), {
      marks: ['X', 'X', 'X', 'O', 'O', '', '', '', ''],
      win: new Set([0, 1, 2]),
      last: 2,
      over: true,
    });
    const before = boardAfter(won, 4);
    assert.deepEqual(before.win, new Set());
    assert.equal(before.last, 4);
    assert.equal(before.over, false);
  });

  test('no move yet: no last move', () => {
    assert.equal(boardAfter(gameState(), 0).last, -1);
  });
});

describe('neighbour', () => {
  const board = { rows: 3, cols: 4 };

  test('arrow keys step, and stop at the edges', () => {
    assert.equal(neighbour(5, 'ArrowUp', board), 1);
    assert.equal(neighbour(5, 'ArrowDown', board), 9);
    assert.equal(neighbour(5, 'ArrowLeft', board), 4);
    assert.equal(neighbour(5, 'ArrowRight', board), 6);
    assert.equal(neighbour(1, 'ArrowUp', board), 1);
    assert.equal(neighbour(9, 'ArrowDown', board), 9);
    assert.equal(neighbour(4, 'ArrowLeft', board), 4);
    assert.equal(neighbour(7, 'ArrowRight', board), 7);
  });

  test('Home and End go to the ends of the row, with Ctrl to the corners', () => {
    assert.equal(neighbour(6, 'Home', board), 4);
    assert.equal(neighbour(6, 'End', board), 7);
    assert.equal(neighbour(6, 'Home', board, true), 0);
    assert.equal(neighbour(6, 'End', board, true), 11);
  });

  test('other keys are not moves', () => {
    for (const key of ['Enter', ' ', 'a', 'Tab']) assert.equal(neighbour(6, key, board), null);
  });
});
