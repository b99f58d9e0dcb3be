// Unit tests of the page's pacing (static/pacing.js): how long a computer's move is shown
// thinking, and how soon a dropped live connection is tried again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COMPUTER_PAUSE_MS, computerPause, reconnectDelay, RECONNECT_FIRST_MS, RECONNECT_MAX_MS,
} from '../../static/pacing.js';
import { computer, gameState, human } from './fixtures.mjs';

test('against a human a computer always pauses the same', () => {
  const players = [human('Ann'), computer('easy')];
  assert.equal(computerPause(gameState({ players })), COMPUTER_PAUSE_MS);
  assert.equal(computerPause(gameState({ rows: 15, cols: 15, players })), COMPUTER_PAUSE_MS);
});

test('two computers go faster on bigger boards, down to a floor', () => {
  const players = [computer('easy'), computer('hard')];
  assert.equal(computerPause(gameState({ players })), COMPUTER_PAUSE_MS);
  assert.equal(computerPause(gameState({ rows: 6, cols: 7, players })), 6000 / 42);
  assert.equal(computerPause(gameState({ rows: 19, cols: 19, players })), 40);
});

test('a dropped connection is tried again soon, then less often, never more than the cap', () => {
  assert.equal(reconnectDelay(0), RECONNECT_FIRST_MS);
  assert.equal(reconnectDelay(1), 2 * RECONNECT_FIRST_MS);
  assert.equal(reconnectDelay(30), RECONNECT_MAX_MS);
  for (let i = 1; i < 10; i++) assert.ok(reconnectDelay(i) >= reconnectDelay(i - 1));
});
