// Unit tests of the lobby's model (static/lobby.js).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyEvent, clockLabel, gameLabel, modeLabel, seekerLabel,
} from '../../static/lobby.js';
import { routeOf } from '../../static/route.js';

const seek = (id, over = {}) => ({
  id, rows: 15, cols: 15, k: 5, rule: 'renju', opening: 'swap2', clock_text: '10+5', rated: true,
  quick: false, color: 'random', seeker: { name: 'Ann', account: true, rating: 1612 }, ...over,
});

describe('the lobby', () => {
  test('follows the events', () => {
    let seeks = applyEvent([], 'seeks', [seek('a')]);
    seeks = applyEvent(seeks, 'seek', seek('b'));
    assert.deepEqual(seeks.map((s) => s.id), ['a', 'b']);
    seeks = applyEvent(seeks, 'gone', { id: 'a' });
    assert.deepEqual(seeks.map((s) => s.id), ['b']);
    assert.equal(applyEvent(seeks, 'accepted', {}), seeks);
  });

  test('describes a seek', () => {
    assert.equal(gameLabel(seek('a')), '15 × 15 · Renju · Swap2');
    assert.equal(gameLabel(seek('a', { rows: 3, cols: 3, k: 3, rule: 'freestyle', opening: 'none' })), '3 × 3');
    assert.equal(seekerLabel(seek('a')), 'Ann (1612)');
    const provisional = { name: 'Fay', account: true, rating: 1742, provisional: true };
    assert.equal(seekerLabel(seek('a', { seeker: provisional })), 'Fay (1742?)');
    assert.equal(seekerLabel(seek('a', { seeker: { name: 'Guest', rating: null } })), 'Guest');
    assert.equal(clockLabel(seek('a', { clock_text: null })), 'No clock');
    assert.equal(modeLabel(seek('a', { color: 'O', rated: false })), 'Casual · seeker plays O');
    assert.equal(modeLabel(seek('a', { quick: true, rated: false })), 'Casual · quick pairing');
    assert.deepEqual(routeOf('/lobby'), { view: 'lobby' });
  });
});
