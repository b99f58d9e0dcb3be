// Unit tests of where the end-of-game dialog goes (static/placement.js): never over the
// winning line.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dialogPlacement } from '../../static/placement.js';

/** Whether the line, once scrolled, is clear of the dialog placed as `placement` says. */
function clear({ viewport, dialog, line, margin = 12 }, { edge, scroll }) {
  const top = { centre: (viewport - dialog) / 2, top: margin, bottom: viewport - dialog - margin }[edge];
  const [a, b] = [line.top - scroll, line.bottom - scroll];
  return (b <= top || a >= top + dialog) && a >= 0 && b <= viewport;
}

describe('dialogPlacement', () => {
  test('in the middle when the line is clear of it, or there is no line', () => {
    assert.deepEqual(dialogPlacement({ viewport: 900, dialog: 200, line: { top: 100, bottom: 300 } }),
      { edge: 'centre', scroll: 0 });
    assert.deepEqual(dialogPlacement({ viewport: 900, dialog: 200, line: null }),
      { edge: 'centre', scroll: 0 });
  });

  test('at the bottom when the line is high, at the top when it is low, without scrolling', () => {
    const high = { viewport: 568, dialog: 220, line: { top: 150, bottom: 260 } };
    assert.deepEqual(dialogPlacement(high), { edge: 'bottom', scroll: 0 });
    const low = { viewport: 568, dialog: 220, line: { top: 330, bottom: 520 } };
    assert.deepEqual(dialogPlacement(low), { edge: 'top', scroll: 0 });
  });

  test('the page scrolls as little as it must to bring the line beside the dialog', () => {
    for (const line of [{ top: 200, bottom: 480 }, { top: 600, bottom: 700 }, { top: -80, bottom: 40 }]) {
      const sizes = { viewport: 568, dialog: 220, line };
      const placement = dialogPlacement(sizes);
      assert.ok(clear(sizes, placement), JSON.stringify({ line, placement }));
    }
    assert.deepEqual(dialogPlacement({ viewport: 568, dialog: 220, line: { top: 600, bottom: 700 } }),
      { edge: 'centre', scroll: 700 - 556 });
  });
});
