// Unit tests of who the page is in a game and what it may do (static/roles.js).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actsFor, awaySide, canHint, isFriendGame, isWaitingForFriend, roleOf, takebackAnswer,
  takebackQuestion, undoOffer,
} from '../../static/roles.js';
import { createState } from '../../static/state.js';
import {
  computer, friend, gameState, human,
} from './fixtures.mjs';

/** A page in `role` showing every move of `game`, holding `seat` (a mark) if a player. */
function page(game, role, mark = null) {
  return {
    ...createState(),
    view: 'game',
    game,
    shown: game.moves.length,
    role,
    seat: mark && { mark, token: 't' },
  };
}

const friends = (moves = [], extra = {}) => gameState({
  moves, players: [human('Ann'), friend('Bo', true)], ...extra,
});

describe('roles', () => {
  test('a seat token makes a player; this tab\'s own game is local; anyone else watches', () => {
    const local = gameState();
    assert.equal(roleOf(local, { local: true }), 'local');
    assert.equal(roleOf(local, {}), 'spectator');
    assert.equal(roleOf(friends(), { seat: { mark: 'X', token: 't' } }), 'player');
    // A friend game is never played without a seat, even from the tab that made it.
    assert.equal(roleOf(friends(), { local: true }), 'spectator');
    assert.equal(isFriendGame(friends()), true);
    assert.equal(isFriendGame(local), false);
  });

  test('each page moves only for its own side', () => {
    const game = friends();
    assert.equal(actsFor(page(game, 'player', 'X'), 0), true);
    assert.equal(actsFor(page(game, 'player', 'X'), 1), false);
    assert.equal(actsFor(page(game, 'player', 'O'), 1), true);
    assert.equal(actsFor(page(game, 'spectator'), 0), false);
    const versus = gameState({ players: [human('Ann'), computer('easy')] });
    assert.equal(actsFor(page(versus, 'local'), 0), true);
    assert.equal(actsFor(page(versus, 'local'), 1), false);
  });

  test('nobody moves until the invited friend has joined', () => {
    const waiting = gameState({ players: [human('Ann'), friend()] });
    assert.equal(isWaitingForFriend(waiting), true);
    assert.equal(actsFor(page(waiting, 'player', 'X'), 0), false);
    assert.equal(isWaitingForFriend(friends()), false);
  });
});

describe('takeback', () => {
  test('Undo against the computer once the person has moved; at one screen once anyone has', () => {
    const versus = (moves) => page(gameState({ moves, players: [computer('easy'), human('Ann')] }), 'local');
    assert.deepEqual(undoOffer(versus([[1, 1]])), { kind: 'undo', enabled: false });
    assert.deepEqual(undoOffer(versus([[1, 1], [0, 0], [2, 2]])), { kind: 'undo', enabled: true });
    const humans = (moves) => page(gameState({ moves }), 'local');
    assert.deepEqual(undoOffer(humans([])), { kind: 'undo', enabled: false });
    assert.deepEqual(undoOffer(humans([[1, 1]])), { kind: 'undo', enabled: true });
    assert.equal(undoOffer(page(gameState({ players: [computer('easy'), computer('hard')] }), 'local')), null);
  });

  test('no takeback once the game is over, or while waiting for the server', () => {
    const over = gameState({ moves: [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]], status: 'x_wins' });
    assert.equal(undoOffer(page(over, 'local')).enabled, false);
    assert.equal(undoOffer({ ...page(gameState({ moves: [[0, 0]] }), 'local'), busy: true }).enabled, false);
  });

  test('a friend asks, once, after moving; spectators have no button', () => {
    assert.deepEqual(undoOffer(page(friends([[1, 1]]), 'player', 'X')), { kind: 'ask', enabled: true });
    assert.deepEqual(undoOffer(page(friends([[1, 1]]), 'player', 'O')), { kind: 'ask', enabled: false });
    const asked = friends([[1, 1], [0, 0]], { takeback: 'O' });
    assert.equal(undoOffer(page(asked, 'player', 'O')).enabled, false);
    assert.equal(undoOffer(page(asked, 'spectator')), null);
  });

  test('the question: the asker waits, the other answers, spectators see it', () => {
    const asked = friends([[1, 1], [0, 0]], { takeback: 'O' });
    assert.deepEqual(takebackQuestion(page(asked, 'player', 'O')), { kind: 'waiting', asker: 1 });
    assert.deepEqual(takebackQuestion(page(asked, 'player', 'X')), { kind: 'answer', asker: 1 });
    assert.deepEqual(takebackQuestion(page(asked, 'spectator')), { kind: 'watching', asker: 1 });
    assert.equal(takebackQuestion(page(friends([[1, 1]]), 'player', 'X')), null);
  });

  test('the answer, told from the states before and after', () => {
    const asked = friends([[1, 1], [0, 0]], { takeback: 'O', version: 3 });
    const accepted = friends([[1, 1]], { version: 4 });
    const declined = friends([[1, 1], [0, 0]], { version: 4 });
    assert.equal(takebackAnswer(asked, accepted, 'O'), 'accepted');
    assert.equal(takebackAnswer(asked, declined, 'O'), 'declined');
    assert.equal(takebackAnswer(asked, declined, 'X'), null);
    assert.equal(takebackAnswer(null, declined, 'O'), null);
    assert.equal(takebackAnswer(asked, { ...asked, version: 4 }, 'O'), null);
  });
});

describe('hints and presence', () => {
  test('a hint on this page\'s own turn only', () => {
    assert.equal(canHint(page(friends(), 'player', 'X')), true);
    assert.equal(canHint(page(friends(), 'player', 'O')), false);
    assert.equal(canHint(page(friends(), 'spectator')), false);
    assert.equal(canHint({ ...page(friends(), 'player', 'X'), busy: true }), false);
    const versus = gameState({ moves: [[1, 1]], players: [computer('easy'), human('Ann')] });
    assert.equal(canHint(page(versus, 'local')), true);
  });

  test('the other player is away when their live updates say so', () => {
    assert.equal(awaySide(page(friends(), 'player', 'X')), -1);
    const gone = gameState({ players: [human('Ann', true), friend('Bo', false)] });
    assert.equal(awaySide(page(gone, 'player', 'X')), 1);
    assert.equal(awaySide(page(gone, 'player', 'O')), -1);
    assert.equal(awaySide(page(gone, 'spectator')), -1);
    // Not joined yet: waited for, not away.
    const waiting = gameState({ players: [human('Ann'), friend(null, false)] });
    assert.equal(awaySide(page(waiting, 'player', 'X')), -1);
  });
});
