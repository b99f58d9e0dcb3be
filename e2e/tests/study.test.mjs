// The analysis board in real headless Chromium against the real `ttt serve`: stones placed
// by hand, the engine's lines streamed and shown as ghost stones, a proven win stepped through,
// renju's forbidden points, a game stepped through with its evaluation graph, and a finished
// game opened there from its page; then the big board on a phone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expectText, newPage, serverAndBrowser } from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

/** The analysis board's cell at `row`, `col` of a 15-wide board. */
const at = (page, row, col) => page.locator(`#study-board td[id="${row * 15 + col}"]`);

/** With TTT_SHOTS=DIR, saves `page` as DIR/NAME.png to be looked at. */
async function shot(page, name) {
  if (process.env.TTT_SHOTS) await page.screenshot({ path: join(process.env.TTT_SHOTS, `${name}.png`), fullPage: true });
}

/** Opens the analysis board at `query` and waits until its board is built. */
async function openStudy(page, query = '') {
  await page.goto(`${server.url}analysis${query}`);
  await page.locator('#study-board td').first().waitFor();
}

/** A 15 x 15 position with X's and O's stones at these (row, col). */
function position(x, o) {
  const rows = Array.from({ length: 15 }, () => Array(15).fill('.'));
  for (const [r, c] of x) rows[r][c] = 'X';
  for (const [r, c] of o) rows[r][c] = 'O';
  return rows.map((r) => r.join('')).join('/');
}

async function paste(page, text) {
  await page.locator('#study-paste').fill(text);
  await page.getByRole('button', { name: 'Set up' }).click();
}

describe('the analysis board', () => {
  test('stones placed by hand, the lines as the engine deepens, shown on the board', async () => {
    const page = await newPage(browser);
    await openStudy(page);
    // A 15 x 15 board numbers its rows and columns.
    assert.equal(await page.locator('#study-board th.coord').count(), 31);
    await at(page, 7, 7).click();
    await at(page, 7, 8).click();
    await at(page, 8, 8).click();
    assert.deepEqual(
      await Promise.all([[7, 7], [7, 8], [8, 8]].map(([r, c]) => at(page, r, c).textContent())),
      ['X', 'O', 'X'],
    );
    await expectText(page.locator('#study-status'), /O to move\. Thinking: depth \d+/);
    await page.locator('#study-lines li').nth(2).waitFor();
    const first = await page.locator('#study-lines li').first().textContent();
    assert.match(first, /^\(\d+, \d+\)[+-]?\d+ · \d+%/);
    // The depth grows as it thinks on.
    const depth = async () => Number((await page.locator('#study-status').textContent()).match(/depth (\d+)/)[1]);
    const before = await depth();
    await page.waitForFunction((d) => Number(document.querySelector('#study-status').textContent.match(/depth (\d+)/)?.[1]) > d, before, { timeout: 20_000 });
    // Pointing at a line draws its moves as numbered ghost stones, the first where it starts.
    await page.locator('#study-lines li').first().hover();
    const ghosts = page.locator('#study-board td.ghost');
    assert.ok(await ghosts.count() >= 1);
    const pv = (await page.locator('#study-lines li .study-pv').first().textContent()).split(') (');
    assert.equal(await ghosts.count(), pv.length);
    assert.equal(await page.locator('#study-board td.ghost-o', { hasText: /^1$/ }).count(), 1);
    await shot(page, 'study-lines');
    // Undo takes the last stone off.
    await page.getByRole('button', { name: 'Undo' }).click();
    assert.equal(await at(page, 8, 8).textContent(), '');
    await expectText(page.locator('#study-status'), /X to move/);
    assert.deepEqual(page.errors, []);
    // Closing the page ends its stream, and frees the server's analysis thread.
    await page.context().close();
  });

  test('a proven win is first and steps move by move; renju marks X\'s forbidden points', async () => {
    const page = await newPage(browser);
    await openStudy(page);
    // From tic-tac-toe's board, a pasted gomoku position is played with five.
    await page.locator('#study-size').selectOption({ index: 0 });
    await expectText(page.locator('#study-board-label'), /^3 × 3, 3 in a row/);
    // X's closed threes meet at (7, 6): a four-four there wins in three plies.
    await paste(page, position(
      [[7, 3], [7, 4], [7, 5], [4, 6], [5, 6], [6, 6]],
      [[7, 2], [3, 6], [0, 0], [0, 14], [14, 0], [14, 14]],
    ));
    await expectText(page.locator('#study-board-label'), '15 × 15, 5 in a row, Free-style');
    assert.equal(await page.locator('#study-board td.last').count(), 0);
    const first = page.locator('#study-lines li').first();
    await expectText(first, /^\(8, 7\)win (in|within) 3 plies \(proven\)/);
    await expectText(page.locator('#study-status'), /Every line shown is proven|X to move wins: the first line is proven|Thinking/);
    await first.getByRole('button', { name: 'Step through the win' }).click();
    await expectText(page.locator('#study-win-text'), 'The win, move 1 of 3: (8, 7)');
    assert.equal(await page.locator('#study-board td.ghost').count(), 1);
    await page.getByRole('button', { name: 'The next move' }).click();
    await page.getByRole('button', { name: 'The next move' }).click();
    await expectText(page.locator('#study-win-text'), /move 3 of 3/);
    assert.equal(await page.locator('#study-board td.ghost').count(), 3);
    await shot(page, 'study-win');
    await page.getByRole('button', { name: 'Done' }).click();
    assert.equal(await page.locator('#study-board td.ghost').count(), 0);

    // Renju: X's twos cross at (7, 7), a double-three.
    await page.locator('#study-rule').selectOption('renju');
    await paste(page, position([[7, 5], [7, 6], [5, 7], [6, 7]], [[0, 0], [0, 14], [14, 0], [14, 14]]));
    await page.locator('#study-board td.forbidden').first().waitFor();
    assert.deepEqual(
      await page.locator('#study-board td.forbidden').evaluateAll((tds) => tds.map((td) => td.id)),
      [String(7 * 15 + 7)],
    );
    await page.locator('#study-lines li').first().waitFor();
    const moves = await page.locator('#study-lines .study-move').allTextContents();
    assert.ok(!moves.includes('(8, 8)'), moves.join(' '));
    // A position no game reaches is not analysed, and says why.
    await paste(page, position([[7, 7], [7, 8], [7, 9]], []));
    await expectText(page.locator('#study-status'), /X has 3 stones and O 0/);
    await paste(page, 'XX/O');
    await expectText(page.locator('#study-paste-error'), 'Row 2 has 1 cell, row 1 has 2 cells.');
    assert.deepEqual(page.errors, []);
    // Closing the page ends its stream, and frees the server's analysis thread.
    await page.context().close();
  });

  test('a finished game opens on the board: stepping through it with its graph', async () => {
    const page = await newPage(browser);
    // A game as the player page's replay links to it, after four of its five moves.
    await openStudy(page, '?rows=15&cols=15&k=5&rule=freestyle&moves=7.7,7.8,8.8,6.6,8.7&ply=4');
    await expectText(page.locator('#study-ply'), 'Move 4 of 5');
    assert.equal(await page.locator('#study-board td.x, #study-board td.o').count(), 4);
    await page.waitForFunction(() => (document.querySelector('#study-graph-line').getAttribute('d').match(/L/g) || []).length === 5, null, { timeout: 20_000 });
    await expectText(page.locator('#study-graph-text'), /After move 4: X \d+%/);
    await page.getByRole('button', { name: 'One move on' }).click();
    await expectText(page.locator('#study-ply'), 'Move 5 of 5');
    assert.equal(await at(page, 8, 7).textContent(), 'X');
    await page.getByRole('button', { name: 'The start' }).click();
    await expectText(page.locator('#study-ply'), 'Move 0 of 5');
    assert.equal(await page.locator('#study-board td.x, #study-board td.o').count(), 0);
    await expectText(page.locator('#study-status'), /X to move\. Thinking/);
    await shot(page, 'study-game');
    // Tic-tac-toe's positions are all settled: every point of the graph is proven.
    await openStudy(page, '?rows=3&cols=3&k=3&moves=1.1,0.0,2.2,0.2,0.1,2.1,1.0,1.2,2.0');
    await page.waitForFunction(() => document.querySelectorAll('#study-graph-proven circle').length === 10, null, { timeout: 20_000 });
    await expectText(page.locator('#study-graph-text'), 'After move 9: a draw (proven)');
    assert.deepEqual(page.errors, []);
    // Closing the page ends its stream, and frees the server's analysis thread.
    await page.context().close();
  });

  test('on a phone the big board says it pans, and zooms to fit', async () => {
    const page = await newPage(browser, { width: 360, height: 740 });
    await openStudy(page);
    const note = page.locator('#study-board-wrap .zoom-note');
    await expectText(note, /bigger than the screen/);
    const wrap = page.locator('#study-board-wrap');
    const overflows = () => wrap.evaluate((w) => w.scrollWidth > w.clientWidth + 2);
    assert.equal(await overflows(), true);
    await page.getByRole('button', { name: 'Fit the whole board in sight' }).click();
    await page.waitForFunction(() => {
      const w = document.querySelector('#study-board-wrap');
      return w.scrollWidth <= w.clientWidth + 2;
    });
    assert.equal(await note.isHidden(), true);
    await shot(page, 'study-phone');
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    assert.equal(await overflows(), true);
    await page.getByRole('button', { name: 'Back to the usual size' }).click();
    assert.equal(await page.locator('#study-board').evaluate((t) => t.style.getPropertyValue('--cell')), '');
    assert.deepEqual(page.errors, []);
    // Closing the page ends its stream, and frees the server's analysis thread.
    await page.context().close();
  });
});
