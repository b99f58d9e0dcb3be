// Unit tests of the analysis's colour map (static/analysis.js).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cellLabelOf, strengthOf, toneOf, valueMap,
} from '../../static/analysis.js';

describe('colour map', () => {
  test('tones, labels and words for each value', () => {
    assert.equal(toneOf('win'), 'win');
    assert.equal(toneOf('bogus'), 'unknown');
    assert.equal(cellLabelOf({ value: 'win', plies: 5 }), 'W5');
    assert.equal(cellLabelOf({ value: 'loss', plies: 4 }), 'L4');
    assert.equal(cellLabelOf({ value: 'win', plies: null }), 'W');
    assert.equal(cellLabelOf({ value: 'draw', plies: 9 }), 'D');
    assert.equal(cellLabelOf({ value: 'unknown', plies: null }), '?');
  });

  test('a nearer win or loss is stronger; draws are even; unknown is faint', () => {
    assert.ok(strengthOf({ value: 'win', plies: 1 }) > strengthOf({ value: 'win', plies: 7 }));
    assert.ok(strengthOf({ value: 'loss', plies: 2 }) > strengthOf({ value: 'loss', plies: 8 }));
    assert.equal(strengthOf({ value: 'win', plies: 99 }), 0.35);
    assert.equal(strengthOf({ value: 'draw', plies: 9 }), strengthOf({ value: 'draw', plies: 3 }));
    assert.ok(strengthOf({ value: 'unknown', plies: null }) < strengthOf({ value: 'draw', plies: 3 }));
  });

  test('each empty cell by its index on the board', () => {
    const map = valueMap({
      cells: [{ row: 0, col: 2, value: 'win', plies: 3 }, { row: 1, col: 0, value: 'loss', plies: 2 }],
    }, 3);
    assert.deepEqual([...map.keys()], [2, 3]);
    assert.deepEqual(map.get(2), { tone: 'win', label: 'W3', strength: 0.88, words: 'win in 3 plies' });
    assert.equal(map.get(3).words, 'loss in 2 plies');
  });
});
