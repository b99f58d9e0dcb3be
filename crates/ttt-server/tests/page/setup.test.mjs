// Unit tests of the page's setup checks (static/setup.js): what the form may send, what it
// explains instead, and how a saved setup fills the form again.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkSetup, CUSTOM, fieldsFromSaved, presetMatching, setupFromState,
} from '../../static/setup.js';
import { computer, gameState, human } from './fixtures.mjs';

const limits = { max_side: 19, max_name_chars: 40 };
const LEVELS = ['easy', 'medium', 'hard', 'perfect'];
const PRESETS = [
  { name: 'classic', title: 'Classic', rows: 3, cols: 3, k: 3 },
  { name: 'six-by-seven', title: null, rows: 6, cols: 7, k: 3 },
];

/** The form's fields: Ann (human) against a medium computer on 3 x 3, changed by `change`. */
function fields(change = {}) {
  return {
    players: [
      { human: true, name: 'Ann', level: 'medium' },
      { human: false, name: '', level: 'medium' },
    ],
    rows: '3',
    cols: '3',
    k: '3',
    ...change,
  };
}

describe('checkSetup', () => {
  test('a good setup becomes the request', () => {
    assert.deepEqual(checkSetup(fields(), limits), {
      request: {
        rows: 3,
        cols: 3,
        k: 3,
        players: [{ kind: 'human', name: 'Ann' }, { kind: 'computer', level: 'medium' }],
      },
    });
  });

  test('names are trimmed, and an empty one is sent empty: a guest', () => {
    const players = [
      { human: true, name: '  ', level: 'easy' },
      { human: true, name: ' Bo ', level: 'easy' },
    ];
    assert.deepEqual(checkSetup(fields({ players }), limits).request.players,
      [{ kind: 'human', name: '' }, { kind: 'human', name: 'Bo' }]);
  });

  test('two guests may play at one screen', () => {
    const players = [
      { human: true, name: '', level: 'easy' },
      { human: true, name: ' ', level: 'easy' },
    ];
    assert.deepEqual(checkSetup(fields({ players }), limits).request.players,
      [{ kind: 'human', name: '' }, { kind: 'human', name: '' }]);
  });

  test('sizes must be whole numbers', () => {
    assert.deepEqual(checkSetup(fields({ rows: '' }), limits), { error: 'Rows must be a whole number.' });
    assert.deepEqual(checkSetup(fields({ cols: '2.5' }), limits),
      { error: 'Columns must be a whole number.' });
    assert.deepEqual(checkSetup(fields({ k: ' ' }), limits), { error: 'In a row must be a whole number.' });
    assert.equal(checkSetup(fields({ rows: ' 4 ' }), limits).request.rows, 4);
  });

  test("sides stay within the server's limit", () => {
    const tooBig = { error: 'Rows and columns must each be between 1 and 19.' };
    assert.deepEqual(checkSetup(fields({ rows: '25' }), limits), tooBig);
    assert.deepEqual(checkSetup(fields({ cols: '0' }), limits), tooBig);
    assert.equal(checkSetup(fields({ rows: '19', cols: '19' }), limits).request.rows, 19);
    assert.deepEqual(checkSetup(fields({ rows: '8' }), { max_side: 7 }),
      { error: 'Rows and columns must each be between 1 and 7.' });
  });

  test('K fits the board', () => {
    assert.deepEqual(checkSetup(fields({ rows: '3', cols: '5', k: '6' }), limits),
      { error: 'In a row must be between 1 and 5 on this board.' });
    assert.deepEqual(checkSetup(fields({ k: '0' }), limits),
      { error: 'In a row must be between 1 and 3 on this board.' });
    assert.equal(checkSetup(fields({ rows: '3', cols: '5', k: '5' }), limits).request.k, 5);
  });

  test('two humans need two names', () => {
    const players = [
      { human: true, name: 'Ann', level: 'easy' },
      { human: true, name: 'Ann ', level: 'easy' },
    ];
    assert.deepEqual(checkSetup(fields({ players }), limits),
      { error: 'Give the two players different names.' });
    // "Ann" and "ann" are one player.
    players[1].name = 'ann';
    assert.deepEqual(checkSetup(fields({ players }), limits),
      { error: 'Give the two players different names.' });
  });

  test('a friend on another device plays a person here, who may move first or second', () => {
    const here = { human: true, name: 'Ann', level: 'easy' };
    const away = { human: true, remote: true, name: 'ignored', level: 'easy' };
    assert.deepEqual(checkSetup(fields({ players: [here, away] }), limits).request.players,
      [{ kind: 'human', name: 'Ann' }, { kind: 'friend' }]);
    assert.deepEqual(checkSetup(fields({ players: [away, here] }), limits).request.players,
      [{ kind: 'friend' }, { kind: 'human', name: 'Ann' }]);
    assert.match(checkSetup(fields({ players: [away, away] }), limits).error, /only the other/);
    const machine = { human: false, remote: true, level: 'easy' };
    assert.equal(checkSetup(fields({ players: [machine, away] }), limits).error,
      'A friend on another device plays a person at this screen, not the computer.');
  });
});

describe('a saved setup', () => {
  test('fills the form again, a default name left to the placeholder', () => {
    const saved = {
      rows: 6,
      cols: 7,
      k: 3,
      players: [{ kind: 'human', name: 'Player 1' }, { kind: 'computer', level: 'hard' }],
    };
    assert.deepEqual(fieldsFromSaved(saved, LEVELS), {
      players: [{ human: true, remote: false, name: '' }, { human: false, remote: false, level: 'hard' }],
      rows: '6',
      cols: '7',
      k: '3',
    });
  });

  test('gives only what it holds validly', () => {
    const saved = {
      rows: '6',
      k: 2.5,
      players: [{ kind: 'human', name: 7 }, { kind: 'computer', level: 'godlike' }],
    };
    assert.deepEqual(fieldsFromSaved(saved, LEVELS), {
      players: [{ human: true, remote: false }, { human: false, remote: false }],
    });
  });

  test('is nothing when it is not a setup', () => {
    for (const saved of [null, 42, 'x', {}, { players: [] }, { players: [{}, {}, {}] }]) {
      assert.equal(fieldsFromSaved(saved, LEVELS), null);
    }
    assert.deepEqual(fieldsFromSaved({ players: [null, 3] }, LEVELS),
      { players: [{ human: false, remote: false }, { human: false, remote: false }] });
  });

  test('a friend invited by link comes back as a person on another device', () => {
    const saved = { players: [{ kind: 'friend' }, { kind: 'human', name: 'Ann' }] };
    assert.deepEqual(fieldsFromSaved(saved, LEVELS).players, [
      { human: true, remote: true }, { human: true, remote: false, name: 'Ann' },
    ]);
  });

  test("a game's state gives back the request that started it", () => {
    const game = gameState({ rows: 4, cols: 5, k: 4, players: [computer('easy'), human('Bo')] });
    assert.deepEqual(setupFromState(game), {
      rows: 4,
      cols: 5,
      k: 4,
      players: [{ kind: 'computer', level: 'easy' }, { kind: 'human', name: 'Bo' }],
    });
  });
});

describe('presetMatching', () => {
  test('names the board typed in, or says custom', () => {
    assert.equal(presetMatching({ rows: '6', cols: '7', k: '3' }, PRESETS), 'six-by-seven');
    assert.equal(presetMatching({ rows: '7', cols: '6', k: '3' }, PRESETS), CUSTOM);
    assert.equal(presetMatching({ rows: '03', cols: '3', k: '3' }, PRESETS), CUSTOM);
    assert.equal(presetMatching({ rows: '3', cols: '3', k: '3' }, []), CUSTOM);
  });
});
