// Unit tests of the page's addresses (static/route.js): what each address shows, and the
// links people share.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fullUrl, gamePath, routeOf } from '../../static/route.js';

describe('routeOf', () => {
  test('the setup, an invitation, a game', () => {
    assert.deepEqual(routeOf('/'), { view: 'home' });
    assert.deepEqual(routeOf('/join/ab12'), { view: 'join', code: 'ab12' });
    assert.deepEqual(routeOf('/games/f00d'), { view: 'game', id: 'f00d' });
    assert.deepEqual(routeOf('/games/f00d/'), { view: 'game', id: 'f00d' });
  });

  test('anything else is the setup', () => {
    for (const path of ['', '/join', '/join/', '/games//x', '/games/a/b', '/other/a', '/games/%E0%A4%A']) {
      assert.deepEqual(routeOf(path), { view: 'home' }, path);
    }
  });

  test('segments are decoded', () => {
    assert.deepEqual(routeOf('/games/a%20b'), { view: 'game', id: 'a b' });
  });
});

describe('links', () => {
  test("a game's address and the full link to share", () => {
    assert.equal(gamePath('f00d'), '/games/f00d');
    assert.equal(gamePath('a/b'), '/games/a%2Fb');
    assert.equal(fullUrl('http://127.0.0.1:8080', '/join/c0de'), 'http://127.0.0.1:8080/join/c0de');
    assert.equal(fullUrl('https://ttt.example', gamePath('x')), 'https://ttt.example/games/x');
  });
});
