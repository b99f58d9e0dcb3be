// Unit tests of the analysis board's model (static/study.js): stones placed freely or a game
// stepped through, the addresses that share them, pasted positions, and the lines' words.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ghostsOf, graphLine, marksOf, newStudy, nextMark, notation, parsePosition, place, stepTo,
  streamPath, studyAddress, studyFromAddress, studyOfMarks, undo, valueText, whyNotAnalysable,
  lastStone, defaultK, pointText,
} from '../../static/study.js';
import { routeOf } from '../../static/route.js';

const moves = [{ row: 1, col: 1 }, { row: 0, col: 0 }, { row: 2, col: 2 }];

describe('placing stones', () => {
  test('in turn by default, or one colour as chosen; a taken cell is refused', () => {
    let s = newStudy({ rows: 3, cols: 3, k: 3 });
    assert.equal(nextMark(s, 'alternate'), 'X');
    s = place(s, 4, nextMark(s, 'alternate'));
    assert.equal(nextMark(s, 'alternate'), 'O');
    s = place(s, 0, 'X');
    assert.equal(notation(s), 'X../.X./...');
    assert.equal(place(s, 4, 'O'), null);
    assert.match(whyNotAnalysable(s), /X has 2 stones and O 0/);
    s = undo(s);
    assert.equal(whyNotAnalysable(s), '');
    assert.equal(notation(s), '.../.X./...');
  });

  test("a game's moves step back and forth; placing a stone leaves the game", () => {
    let s = newStudy({ rows: 3, cols: 3, k: 3, moves, ply: 1 });
    assert.deepEqual(marksOf(s), ['', '', '', '', 'X', '', '', '', '']);
    s = stepTo(s, 3);
    assert.equal(notation(s), 'O../.X./..X');
    assert.equal(stepTo(s, 9).ply, 3);
    s = undo(s);
    assert.equal(s.ply, 2);
    const free = place(s, 8, 'X');
    assert.equal(free.game, null);
    assert.equal(notation(free), 'O../.X./..X');
  });
});

describe('addresses', () => {
  test("a game's address opens the same study", () => {
    const path = studyAddress({ rows: 15, cols: 15, k: 5, rule: 'renju', moves, ply: 2 });
    assert.equal(routeOf(path.split('?')[0]).view, 'study');
    const s = studyFromAddress(path.split('?')[1], 19);
    assert.deepEqual([s.rows, s.cols, s.k, s.rule, s.ply, s.game.length], [15, 15, 5, 'renju', 2, 3]);
    assert.equal(studyFromAddress('rows=40', 19), null);
    assert.equal(studyFromAddress('rows=3&moves=5.5', 19), null);
    assert.equal(studyFromAddress('', 19), null);
  });

  test('the stream names the position, K, rule and lines', () => {
    const s = newStudy({ rows: 3, cols: 3, k: 3, moves });
    const q = new URLSearchParams(streamPath(s, 5).split('?')[1]);
    assert.deepEqual(Object.fromEntries(q), { position: 'O../.X./..X', k: '3', rule: 'freestyle', lines: '5' });
  });
});

describe('pasted positions', () => {
  test('rows by / or new lines, cells in either case', () => {
    const read = parsePosition('x.o\n.X-\n...', 19);
    assert.deepEqual(read, { rows: 3, cols: 3, marks: ['X', '', 'O', '', 'X', '', '', '', ''] });
    const pasted = studyOfMarks(read, 3, 'freestyle');
    assert.equal(notation(pasted), 'X.O/.X./...');
    // Their order is not known: no stone is the last one, until one is placed.
    assert.equal(lastStone(pasted), -1);
    assert.equal(lastStone(place(pasted, 8, 'O')), 8);
    assert.equal(defaultK(15, 15), 5);
    assert.equal(defaultK(3, 4), 4);
  });

  test('what is wrong is said', () => {
    assert.match(parsePosition('', 19).error, /Paste a position/);
    assert.match(parsePosition('XX/O', 19).error, /Row 2 has 1 cell, row 1 has 2 cells/);
    assert.match(parsePosition('X?/..', 19).error, /Row 1 has "\?"/);
    assert.match(parsePosition('.'.repeat(20), 19).error, /up to 19/);
  });
});

describe('lines', () => {
  test('their words and ghost stones', () => {
    const line = { move: { row: 0, col: 1 }, score: 21, win_probability: 0.509, result: null, proven: false, pv: [{ row: 0, col: 1 }, { row: 1, col: 1 }] };
    assert.equal(valueText(line), '+21 · 51%');
    assert.equal(valueText({ ...line, result: 'win', plies: 3, proven: true, exact: true }), 'win in 3 plies (proven)');
    assert.equal(valueText({ ...line, result: 'win', plies: 9, proven: true, exact: false }), 'win within 9 plies (proven)');
    assert.equal(valueText({ ...line, result: 'draw', plies: 9, proven: true, exact: true }), 'draw (proven)');
    assert.equal(valueText({ ...line, result: 'loss', plies: 1, proven: false }), 'loss in 1 ply (found)');
    assert.deepEqual([...ghostsOf(line, 'O', 3)], [[1, { mark: 'O', n: 1 }], [4, { mark: 'X', n: 2 }]]);
  });

  test('a point says its chance, or its proven result', () => {
    assert.equal(pointText({ x: 0.534, proven: false }), 'X 53%');
    assert.equal(pointText({ x: 0.5, proven: true }), 'a draw (proven)');
    assert.equal(pointText({ x: 0, proven: true }), 'O wins (proven)');
    assert.equal(valueText({ move: {}, result: 'win', plies: null, proven: true, exact: false, pv: [] }), 'win (proven; length not measured)');
  });

  test("the graph's path runs left to right, X up", () => {
    assert.equal(graphLine([{ ply: 1, x: 1 }, { ply: 0, x: 0.5 }], 2, 100, 10), 'M0.0,5.0 L50.0,0.0');
  });
});
