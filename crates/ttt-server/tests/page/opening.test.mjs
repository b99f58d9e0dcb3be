// Unit tests of gomoku's rules and openings in the page: the opening's stones and picks
// (static/opening.js), who acts in an opening and which mark a seat plays after the seats
// changed places (roles.js), forbidden points and picks on the board (state.js), the setup's
// rule and opening (setup.js) and their words (texts.js).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isInOpening, isOpeningStone, openingStones, pick, pickedMarks, stoneMark,
} from '../../static/opening.js';
import {
  actsFor, actsInOpening, mySide, seatMark, undoOffer,
} from '../../static/roles.js';
import { checkSetup, fieldsFromSaved, setupFromState } from '../../static/setup.js';
import { canPickAt, canPlayAt, createState, isForbidden } from '../../static/state.js';
import {
  messageRow, movePlayed, openingText, rulesLine,
} from '../../static/texts.js';
import { friend, gameState, human } from './fixtures.mjs';

/** A swap2 game on the gomoku board between Ann (first) and Bo, after `moves`, with the
 * server's `phase` and `choices`. */
function swap2(moves, phase, choices = [], extra = {}) {
  return {
    ...gameState({
      rows: 15, cols: 15, k: 5, moves, players: [human('Ann'), friend('Bo', true)],
    }),
    rule: 'renju',
    opening: 'swap2',
    opening_choices: choices,
    opening_phase: phase,
    first: 'X',
    forbidden: [],
    to_move: phase ? null : ['X', 'O'][moves.length % 2],
    ...extra,
  };
}

const THREE = [[7, 7], [7, 8], [8, 8]];
const FIVE = [...THREE, [6, 6], [9, 9]];

function page(game, role, mark = null) {
  return {
    ...createState(), view: 'game', game, shown: game.moves.length, role,
    seat: mark && { mark, token: 't' },
  };
}

describe('openings', () => {
  test('the opening\'s stones, and the marks of the next ones', () => {
    const placing = swap2(THREE.slice(0, 1), { actor: 0, may: ['place'], stones_to_place: 2 });
    assert.equal(isInOpening(placing), true);
    assert.equal(openingStones(placing), 1);
    assert.equal(stoneMark(placing), 'O');
    assert.equal(stoneMark(placing, 1), 'X');
    const over = swap2([...FIVE, [0, 0]], null, ['place_two', 'take_o']);
    assert.equal(isInOpening(over), false);
    assert.equal(openingStones(over), 5);
    assert.equal(isOpeningStone(over, 4), true);
    assert.equal(isOpeningStone(over, 5), false);
    assert.equal(openingStones(swap2(THREE, null, ['take_x'])), 3);
    assert.equal(openingStones(gameState()), 0);
    assert.equal(movePlayed(over, 0, { row: 7, col: 7 }, 0), 'Opening stone X placed at row 8, column 8.');
    assert.equal(movePlayed(over, 1, { row: 0, col: 0 }, 5), 'Bo played O at row 1, column 1.');
  });

  test('stones are picked in order, let go by a second click, never more than are left', () => {
    assert.deepEqual(pick([], 4, 3), [4]);
    assert.deepEqual(pick([4, 5], 4, 3), [5]);
    assert.deepEqual(pick([1, 2, 3], 9, 3), [1, 2, 3]);
    const game = swap2([], { actor: 0, may: ['place'], stones_to_place: 3 });
    assert.deepEqual([...pickedMarks(game, [10, 20, 30])], [[10, 'X'], [20, 'O'], [30, 'X']]);
  });

  test('only the person the phase names acts, and nobody moves meanwhile', () => {
    const first = swap2([], { actor: 0, may: ['place'], stones_to_place: 3 });
    assert.equal(actsInOpening(page(first, 'player', 'X')), true);
    assert.equal(actsInOpening(page(first, 'player', 'O')), false);
    assert.equal(actsInOpening(page(first, 'spectator')), false);
    assert.equal(actsFor(page(first, 'player', 'X'), 0), false, 'no moves in the opening');
    assert.equal(canPickAt(page(first, 'player', 'X'), 0), true);
    assert.equal(canPickAt(page(first, 'player', 'O'), 0), false);
    assert.equal(canPlayAt(page(first, 'player', 'X'), 0), false);
    const choosing = swap2(THREE, { actor: 1, may: ['take_x', 'take_o', 'place_two'], stones_to_place: 0 });
    assert.equal(actsInOpening(page(choosing, 'player', 'O')), true);
    assert.equal(canPickAt(page(choosing, 'player', 'O'), 0), false, 'a choice is due');
    assert.equal(undoOffer(page(choosing, 'player', 'O')).enabled, false);
    const local = { ...choosing, players: [human('Ann'), human('Bo')] };
    assert.equal(actsInOpening(page(local, 'local')), true);
  });

  test('when the second took X the seats changed places: each page knows its mark now', () => {
    // Ann opened (her seat was X); she took O after Bo placed two.
    const game = swap2(FIVE, null, ['place_two', 'take_o'], {
      first: 'O', players: [friend('Bo', true), human('Ann')],
    });
    const ann = page(game, 'player', 'X');
    assert.equal(seatMark(ann), 'O');
    assert.equal(mySide(ann), 1);
    assert.equal(actsFor(ann, 1), true, 'O is to move after five stones');
    assert.equal(undoOffer(ann).enabled, false, 'the opening\'s stones stay');
    const later = { ...game, moves: [...game.moves, { row: 0, col: 0 }], to_move: 'X' };
    assert.equal(undoOffer(page(later, 'player', 'X')).enabled, true, 'Ann has moved since');
    assert.equal(seatMark(page(game, 'player', 'O')), 'X');
    assert.equal(seatMark({ ...ann, game: { ...game, first: 'X' } }), 'X');
  });

  test('forbidden points are the state\'s', () => {
    const game = swap2(FIVE, null, ['place_two', 'take_o'], { forbidden: [{ row: 7, col: 9 }] });
    assert.equal(isForbidden(game, 7 * 15 + 9), true);
    assert.equal(isForbidden(game, 0), false);
    assert.equal(isForbidden(gameState(), 0), false);
  });
});

describe('rules in the setup and the words', () => {
  const limits = { max_side: 19 };
  const fields = (p2, extra = {}) => ({
    players: [{ human: true, remote: false, name: 'Ann', level: 'easy' }, p2],
    rows: '15', cols: '15', k: '5', rule: 'renju', opening: 'swap2', ...extra,
  });
  const bo = { human: true, remote: false, name: 'Bo', level: 'easy' };

  test('five in a row takes a rule and an opening; other boards neither', () => {
    const { request } = checkSetup(fields(bo), limits);
    assert.equal(request.rule, 'renju');
    assert.equal(request.opening, 'swap2');
    const classic = checkSetup(fields(bo, { rows: '3', cols: '3', k: '3' }), limits).request;
    assert.equal('rule' in classic || 'opening' in classic, false);
    const cpu = checkSetup(fields({ human: false, remote: false, name: '', level: 'easy' }), limits);
    assert.equal(cpu.request.opening, 'swap2', 'the computer\'s levels play openings');
    const engine = checkSetup(
      fields({ human: false, remote: false, name: '', level: 'engine:house' }),
      limits,
    );
    assert.match(engine.error, /not by an outside engine/);
    const noOpening = checkSetup(
      fields({ human: false, remote: false, name: '', level: 'easy' }, { opening: 'none' }),
      limits,
    );
    assert.equal(noOpening.request.rule, 'renju');
    const saved = fieldsFromSaved({ ...request, rule: 'caro', opening: 'bogus' }, ['easy']);
    assert.equal(saved.rule, 'caro');
    assert.equal(saved.opening, undefined);
  });

  test('a game restarted keeps its rule, opening and the people\'s order', () => {
    const game = swap2(FIVE, null, ['place_two', 'take_o'], {
      first: 'O', players: [human('Bo'), human('Ann')],
    });
    const again = setupFromState(game);
    assert.deepEqual(again.players.map((p) => p.name), ['Ann', 'Bo']);
    assert.equal(again.rule, 'renju');
    assert.equal(again.opening, 'swap2');
  });

  test('the header, the message row and the opening\'s panel', () => {
    const game = swap2(THREE, { actor: 1, may: ['take_x', 'take_o', 'place_two'], stones_to_place: 0 });
    assert.equal(rulesLine(game), 'Gomoku · Renju · Swap2 opening');
    assert.equal(rulesLine(gameState()), '');
    assert.equal(rulesLine({ ...gameState(), rated: true }), 'Rated: no hints or takebacks');
    assert.equal(rulesLine({ ...gameState({ k: 5 }), rule: 'caro', opening: 'none' }), 'Gomoku · Caro');
    const row = messageRow(game, 3);
    assert.deepEqual(
      [row.left, row.right, row.centre, row.toMove],
      ['', 'Bo chooses', 'Swap2', 1],
    );
    assert.equal(openingText(game, true), 'Your choice: Take X, Take O or Place two.');
    assert.equal(openingText(game, false), 'Bo chooses: Take X, Take O or Place two.');
    const placing = swap2([], { actor: 0, may: ['place'], stones_to_place: 3 });
    assert.equal(openingText(placing, false), 'Ann places the opening\'s stones: three stones to go.');
    assert.match(openingText(placing, true, 1), /^Pick two stones on the board \(next: O\)/);
    assert.equal(openingText(placing, true, 3), 'Picked: three stones. Press Place 3 stones.');
  });
});
