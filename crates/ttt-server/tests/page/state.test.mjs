// Unit tests of the page's state (static/state.js): when a click is a move, and how answers
// about an earlier game are told apart.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canPlayAt, createState, isCurrent, mergeState, nextGeneration,
} from '../../static/state.js';
import { aliceWins, computer, gameState, human } from './fixtures.mjs';

/** A page showing every move of `game`, not waiting for anything. */
function showing(game) {
  return { ...createState(), view: 'game', game, shown: game.moves.length };
}

describe('canPlayAt', () => {
  const game = gameState({ moves: [[1, 1]] });

  test("an empty cell on a human's turn is a move", () => {
    assert.equal(canPlayAt(showing(game), 0), true);
  });

  test('a taken cell, or one off the board, is not', () => {
    assert.equal(canPlayAt(showing(game), 4), false);
    assert.equal(canPlayAt(showing(game), 9), false);
    assert.equal(canPlayAt(showing(game), -1), false);
  });

  test('nothing is a move without a game, while waiting, or before every move is shown', () => {
    assert.equal(canPlayAt(createState(), 0), false);
    assert.equal(canPlayAt({ ...showing(game), busy: true }, 0), false);
    assert.equal(canPlayAt({ ...showing(game), shown: 0 }, 0), false);
  });

  test("nothing is a move on a computer's turn, or once the game is over", () => {
    const versus = gameState({ moves: [[1, 1]], players: [human('Ann'), computer('hard')] });
    assert.equal(canPlayAt(showing(versus), 0), false);
    assert.equal(canPlayAt(showing(aliceWins()), 8), false);
  });
});

describe('generations', () => {
  test('an answer about an earlier game is no longer current', () => {
    const state = createState();
    const first = nextGeneration(state);
    assert.equal(isCurrent(state, first), true);
    const second = nextGeneration(state);
    assert.equal(isCurrent(state, first), false);
    assert.equal(isCurrent(state, second), true);
  });
});

describe('mergeState', () => {
  const at = (version, extra = {}) => ({ ...gameState({ moves: [[1, 1]] }), version, ...extra });

  test('the first state, and newer ones of the same game, are taken', () => {
    assert.equal(mergeState(null, at(1)).version, 1);
    assert.equal(mergeState(at(1), at(2)).version, 2);
  });

  test('an older version, or another game, is dropped', () => {
    assert.equal(mergeState(at(3), at(2)), null);
    assert.equal(mergeState(at(3), at(4, { id: 'other' })), null);
    // An answer at the version shown says nothing new.
    assert.equal(mergeState(at(3), at(3)), null);
  });

  test('a live update at the same version still brings who is watching and connected', () => {
    const live = at(3, { watchers: 2 });
    assert.equal(mergeState(at(3), live), live);
  });

  test('an answer to a request keeps the last known presence', () => {
    const live = {
      ...at(3, { watchers: 2 }),
      players: [human('Ann', true), human('Bo', false)].map((p, i) => ({ ...p, mark: 'XO'[i] })),
    };
    const merged = mergeState(live, at(4));
    assert.equal(merged.version, 4);
    assert.equal(merged.watchers, 2);
    assert.deepEqual(merged.players.map((p) => p.connected), [true, false]);
  });
});
