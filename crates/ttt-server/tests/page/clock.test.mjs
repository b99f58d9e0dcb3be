// Unit tests of the clocks and the endings as the page shows them (static/clock.js), and of
// the setup's clock choice (static/setup.js).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clockText, endingResult, endingSentence, endOffers, timeLeft,
} from '../../static/clock.js';
import { checkSetup, clockChoice, fieldsFromSaved, setupFromState } from '../../static/setup.js';

const names = (side) => ['Ann', 'Bo'][side];

function friendGame(over = {}) {
  return {
    id: 'g', status: 'in_progress', moves: [{ row: 1, col: 1 }, { row: 0, col: 0 }],
    opening: 'none', opening_choices: [], opening_phase: null, first: 'X', to_move: 'X',
    players: [{ kind: 'human', name: 'Ann', mark: 'X' }, { kind: 'friend', name: 'Bo', mark: 'O' }],
    draw_offer: null, seen_ms: { x: 0, o: 0 }, ...over,
  };
}

describe('clocks', () => {
  test('read as people read them', () => {
    assert.equal(clockText(293_000), '4:53');
    assert.equal(clockText(9_400), '0:09.4');
    assert.equal(clockText(-5), '0:00.0');
    assert.equal(clockText(3_723_000), '1:02:03');
    assert.equal(clockText(2 * 86_400_000 + 3 * 3_600_000), '2 d 3 h');
  });

  test('only the running side counts down', () => {
    const clock = { x_ms: 10_000, o_ms: 20_000, running: 'O' };
    assert.equal(timeLeft(clock, 'O', 1_500), 18_500);
    assert.equal(timeLeft(clock, 'X', 1_500), 10_000);
    assert.equal(timeLeft(clock, 'O', 99_000), 0);
  });
});

describe('endings', () => {
  test('each says what happened', () => {
    const g = (reason, loser) => ({ ending: { reason, loser } });
    assert.equal(endingResult(g('timeout', 'O'), names), 'Ann wins!');
    assert.equal(endingSentence(g('timeout', 'O'), names), 'Bo ran out of time.');
    assert.equal(endingResult(g('timeout', null), names), 'Draw on time');
    assert.match(endingSentence(g('timeout', null), names), /could no longer make a line/);
    assert.equal(endingSentence(g('resign', 'X'), names), 'Ann resigned.');
    assert.equal(endingResult(g('draw_agreed', null), names), 'Draw agreed');
    assert.equal(endingSentence(g('abandoned', 'O'), names), 'Bo left the game, and Ann claimed the win.');
    assert.equal(endingResult(g('aborted', null), names), 'Game aborted');
    assert.equal(endingResult({ ending: { reason: 'line', loser: 'O' } }, names), 'Ann wins!');
    assert.equal(endingSentence({ ending: { reason: 'line', loser: 'O' } }, names), null);
    assert.equal(endingResult({ ending: null }, names), null);
  });

  test('what a player is offered', () => {
    const player = (game, mark = 'X') => ({ game, role: 'player', seat: { mark } });
    const early = endOffers(player(friendGame({ moves: [{ row: 1, col: 1 }] })), 0, 60_000);
    assert.deepEqual(early, { resign: false, abort: true, draw: null, claim: false });
    const going = endOffers(player(friendGame()), 0, 60_000);
    assert.deepEqual(going, { resign: true, abort: false, draw: 'offer', claim: false });
    assert.equal(endOffers(player(friendGame({ draw_offer: 'O' })), 0, 60_000).draw, 'accept');
    assert.equal(endOffers(player(friendGame({ draw_offer: 'X' })), 0, 60_000).draw, 'offered');
    // O to move, away for 61 s: X may claim; O may not; not before the wait.
    const away = friendGame({ to_move: 'O', moves: [{ row: 1, col: 1 }, { row: 0, col: 0 }, { row: 2, col: 2 }] });
    assert.equal(endOffers(player(away), 61_000, 60_000).claim, true);
    assert.equal(endOffers(player(away), 59_000, 60_000).claim, false);
    assert.equal(endOffers(player(away, 'O'), 61_000, 60_000).claim, false);
    assert.deepEqual(endOffers({ game: friendGame(), role: 'spectator' }, 0, 1).resign, false);
    assert.equal(endOffers(player(friendGame({ status: 'x_wins' })), 0, 1).resign, false);
    // Two people at one screen agree a draw at once; against the computer there is none.
    const local = { game: friendGame({ players: [{ kind: 'human' }, { kind: 'human' }] }), role: 'local' };
    assert.equal(endOffers(local, 0, 1).draw, 'agree');
    const cpu = { game: friendGame({ players: [{ kind: 'human' }, { kind: 'computer' }] }), role: 'local' };
    assert.deepEqual(endOffers(cpu, 0, 1), { resign: true, abort: false, draw: null, claim: false });
  });
});

describe('the setup clock', () => {
  const fields = (clock) => ({
    players: [{ human: true, name: 'A' }, { human: false, level: 'easy' }],
    rows: '3', cols: '3', k: '3', clock,
  });
  test('a choice is a time control in the request, and comes back from a saved one', () => {
    const limits = { max_side: 19 };
    assert.deepEqual(checkSetup(fields('5+3'), limits).request.clock, { initial: 300, increment: 3 });
    assert.equal(checkSetup(fields('none'), limits).request.clock, undefined);
    assert.equal(clockChoice({ days: 3 }), '3d');
    assert.equal(clockChoice(null), 'none');
    assert.equal(clockChoice({ initial: 7 }), null);
    const saved = checkSetup(fields('30s'), limits).request;
    assert.equal(fieldsFromSaved(saved, ['easy']).clock, '30s');
    const again = setupFromState({ ...friendGame(), rows: 3, cols: 3, k: 3, rule: 'freestyle', clock: { control: { per_move: 30 } } });
    assert.deepEqual(again.clock, { per_move: 30 });
  });
});
