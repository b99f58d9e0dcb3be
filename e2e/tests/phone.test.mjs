// The page on phone-sized screens (320 and 390 CSS pixels wide) in real headless Chromium:
// nothing lies outside the viewport sideways, the score cards stack, the leaderboard shows
// every column, starting a game keeps the title in sight, cells on a big board stay at least
// 32 px (the board pans in its box), and the end dialog leaves the winning line in sight.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cell, expectText, friendGame, newPage, open, outsideViewport, play, serverAndBrowser,
  startGame,
} from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

/** Asserts that everything fits sideways, naming what does not. */
async function fits(page, what) {
  assert.deepEqual(await outsideViewport(page), [], `${what}: outside the viewport`);
}

/** The bounding box of `locator` in the viewport. */
function box(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  });
}

for (const [width, height] of [[320, 568], [390, 844]]) {
  describe(`a phone ${width} px wide`, () => {
    const viewport = { width, height };

    test('a computer\'s card keeps its name whole, and a touch screen gets no keyboard hint', async () => {
      const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await open(page, server.url);
      await startGame(page, { p2: { level: 'hard' } });
      const name = page.locator('#scores-o .panel-name');
      await expectText(name, 'Computer (Hard)');
      const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height
        / parseFloat(getComputedStyle(el).lineHeight)));
      assert.equal(lines, 1, 'the name is on one line');
      assert.equal(await page.locator('#keys-hint').isVisible(), false);
      await fits(page, 'a game against the computer');
      await context.close();
    });

    test('the setup, a game to its end, and the leaderboard fit', async () => {
      const page = await newPage(browser, viewport);
      await open(page, server.url);
      await fits(page, 'setup');
      // A long way down the form, then Play: the game starts with the title in sight.
      await page.locator('#p2-human').check();
      await page.locator('#p2-name').fill('Bernadette-Longname');
      await page.locator('#p1-name').fill('Alexandrina');
      await page.getByRole('button', { name: 'Play', exact: true }).scrollIntoViewIfNeeded();
      assert.ok(await page.evaluate(() => window.scrollY) > 0);
      await startGame(page, {});
      const title = await box(page.locator('#title'));
      assert.ok(title.top >= 0 && title.bottom <= height, `the title is in sight: ${JSON.stringify(title)}`);
      await fits(page, 'game');

      // The score cards stack, one above the other, each the width of the page or less.
      const [x, o] = [await box(page.locator('#scores-x')), await box(page.locator('#scores-o'))];
      assert.ok(x.bottom <= o.top, `stacked: ${JSON.stringify({ x, o })}`);
      assert.ok(x.right <= width && o.right <= width);

      // X X X / O O . / . . . : the dialog leaves the winning line in sight.
      for (const i of [0, 3, 1, 4, 2]) await play(page, i);
      await page.locator('#end-dialog').waitFor({ state: 'visible' });
      await page.waitForTimeout(100);
      const dialog = await box(page.locator('#end-dialog'));
      for (const i of [0, 1, 2]) {
        const c = await box(cell(page, i));
        const overlaps = c.bottom > dialog.top && c.top < dialog.bottom;
        assert.ok(!overlaps, `cell ${i} ${JSON.stringify(c)} is under the dialog ${JSON.stringify(dialog)}`);
        assert.ok(c.top >= 0 && c.bottom <= height, `cell ${i} is on screen: ${JSON.stringify(c)}`);
      }
      await fits(page, 'end dialog');

      // The analysis fits too.
      await page.locator('#end-dialog').getByRole('button', { name: 'Analyse' }).click();
      await expectText(page.locator('#analysis-summary'), /with best play/, 15_000);
      await fits(page, 'analysis');

      // The leaderboard shows every column.
      await page.getByRole('button', { name: 'Leaderboard' }).click();
      await page.locator('#leaderboard tbody tr').first().waitFor();
      await fits(page, 'leaderboard');
      const headers = await page.locator('#leaderboard th[scope="col"]').evaluateAll(
        (ths) => ths.map((th) => { const r = th.getBoundingClientRect(); return [th.textContent, r.left, r.right]; }),
      );
      assert.equal(headers.length, 6);
      for (const [name, left, right] of headers) {
        assert.ok(left >= 0 && right <= width, `${name} from ${left} to ${right}`);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });

    test('a big board keeps cells of 32 px or more and pans within its box', async () => {
      const page = await newPage(browser, viewport);
      await open(page, server.url);
      await startGame(page, { p1: { name: 'Gil' }, p2: { name: 'Hana' }, preset: 'Gomoku: 15 × 15, five in a row' });
      const sizes = await page.locator('#board td').evaluateAll((tds) => tds.map((td) => {
        const r = td.getBoundingClientRect();
        return Math.min(r.width, r.height);
      }));
      assert.equal(sizes.length, 225);
      assert.ok(Math.min(...sizes) >= 32, `the smallest cell is ${Math.min(...sizes)} px`);
      const wrap = page.locator('#game-view .board-wrap');
      const pans = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth);
      assert.ok(pans, 'the board pans sideways');
      // It says so, and zooms out to show the whole board.
      await expectText(wrap.locator('.zoom-note'), /bigger than the screen: swipe it/);
      await wrap.getByRole('button', { name: 'Fit the whole board in sight' }).click();
      await page.waitForFunction(() => {
        const w = document.querySelector('#game-view .board-wrap');
        return w.scrollWidth <= w.clientWidth + 2;
      });
      await wrap.getByRole('button', { name: 'Back to the usual size' }).click();
      await fits(page, 'big board');
      // A cell beyond the right edge is reached by panning, and played.
      await cell(page, 14).scrollIntoViewIfNeeded();
      await play(page, 14);
      await expectText(cell(page, 14), 'X');
      const title = await box(page.locator('#title'));
      assert.ok(title.bottom > 0 || await page.evaluate(() => window.scrollY) === 0);
      await page.context().close();
    });

    test('the invitation and a friend game fit', async () => {
      const page = await newPage(browser, viewport);
      const other = await newPage(browser, viewport);
      await open(page, server.url);
      await page.locator('#p2-human').check();
      await page.locator('#p2-remote').check();
      await page.locator('#p1-name').fill('Ivy');
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.locator('#invite').waitFor();
      await fits(page, 'invitation');
      await page.locator('#nav-setup').click();
      await friendGame(page, other, server.url, { host: 'Ivy', friend: 'Jules' });
      await fits(page, 'friend game (host)');
      await fits(other, 'friend game (friend)');
      // A takeback question fits too.
      await play(page, 4);
      await expectText(cell(other, 4), 'X');
      await play(other, 0);
      await expectText(cell(page, 0), 'O');
      await other.locator('#undo').click();
      await expectText(page.locator('#takeback-text'), 'Jules asks to take their last move back.');
      await fits(page, 'takeback question');
      await page.locator('#takeback-accept').click();
      await expectText(cell(other, 0), '');
      await page.context().close();
      await other.context().close();
    });
  });
}
