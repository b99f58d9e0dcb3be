// Gomoku as it is played in competition, in real headless Chromium against the real `ttt
// serve`: the swap2 opening between a host and a friend invited by link (two browser
// contexts), stone by stone and choice by choice until they play, and renju's forbidden
// points at one screen, marked on the board and explained when clicked.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  cell, expectText, idle, isShown, marks, newPage, open, play, serverAndBrowser, setUp,
} from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

/** The id of the cell at `row`, `col` of the 15 x 15 board. */
const at = (row, col) => row * 15 + col;

/** Whether the opening's button `name` is offered on `page`. */
function offered(page, name) {
  return isShown(page.getByRole('button', { name, exact: true }));
}

/** With TTT_SHOTS=DIR, saves `page` as DIR/NAME.png to be looked at. */
async function shot(page, name) {
  if (process.env.TTT_SHOTS) await page.screenshot({ path: join(process.env.TTT_SHOTS, `${name}.png`) });
}

/** Picks `cells` on `page`'s board and presses Place. */
async function placeStones(page, cells) {
  for (const index of cells) await cell(page, index).click();
  await page.locator('#opening-place').click();
  await idle(page);
}

describe('gomoku rules and openings', () => {
  test('swap2 between a host and a friend by link, then they play', async () => {
    const ann = await newPage(browser);
    const bo = await newPage(browser);
    await open(ann, server.url);
    assert.equal(await ann.locator('#rules-fields').isHidden(), true, 'not on 3 x 3');
    await setUp(ann, { p1: { name: 'Ann' }, rows: 15, cols: 15, k: 5 });
    await ann.locator('#rules-fields').waitFor();
    await ann.getByLabel('Rule', { exact: true }).selectOption('renju');
    await ann.getByLabel('Opening', { exact: true }).selectOption('swap2');
    await expectText(ann.locator('#rule-help'), /double-three/);
    await ann.locator('#p2-human').check();
    await ann.locator('#p2-remote').check();
    await ann.getByRole('button', { name: 'Play', exact: true }).click();
    await ann.locator('#invite').waitFor();
    const link = await ann.locator('#invite-link').inputValue();
    await bo.goto(link);
    await bo.locator('#join-name').fill('Bo');
    await bo.getByRole('button', { name: 'Join the game' }).click();
    await bo.locator('#game-view').waitFor();
    await ann.locator('#invite').waitFor({ state: 'hidden' });

    for (const page of [ann, bo]) {
      await expectText(page.locator('#game-rules'), 'Gomoku · Renju · Swap2 opening');
      await page.locator('#opening').waitFor();
    }
    await expectText(ann.locator('#opening-text'), /^Pick three stones on the board \(next: X\)/);
    await expectText(bo.locator('#opening-text'), 'Ann places the opening\'s stones: three stones to go.');
    assert.equal(await offered(bo, 'Place'), false, 'Bo waits');
    // Bo's clicks pick nothing; Ann's pick X, O, X, and a second click lets one go.
    await cell(bo, at(7, 7)).click();
    assert.equal((await marks(bo))[at(7, 7)], '');
    await cell(ann, at(7, 7)).click();
    await cell(ann, at(0, 0)).click();
    await cell(ann, at(0, 0)).click();
    await cell(ann, at(7, 8)).click();
    await cell(ann, at(8, 8)).click();
    await expectText(ann.locator('#opening-place'), 'Place 3 stones');
    await shot(ann, 'swap2-picked');
    await ann.locator('#opening-place').click();
    await idle(ann);
    for (const page of [ann, bo]) {
      await expectText(cell(page, at(8, 8)), 'X');
      await expectText(cell(page, at(7, 8)), 'O');
    }

    // Bo chooses to place two more, places them, and Ann takes O.
    await expectText(bo.locator('#opening-text'), 'Your choice: Take X, Take O or Place two.');
    await expectText(ann.locator('#opening-text'), 'Bo chooses: Take X, Take O or Place two.');
    assert.equal(await offered(ann, 'Take X'), false);
    await bo.getByRole('button', { name: 'Place two', exact: true }).click();
    await idle(bo);
    await expectText(bo.locator('#opening-text'), /^Pick two stones on the board \(next: O\)/);
    await placeStones(bo, [at(6, 6), at(9, 9)]);
    await expectText(ann.locator('#opening-text'), 'Your choice: Take X or Take O.');
    await shot(ann, 'swap2-choose');
    assert.equal(await offered(ann, 'Place two'), false, 'not offered twice');
    await ann.getByRole('button', { name: 'Take O', exact: true }).click();
    await idle(ann);

    // The colours are settled: Ann plays O and moves next, Bo plays X.
    for (const page of [ann, bo]) {
      await page.locator('#opening').waitFor({ state: 'hidden' });
      await expectText(page.locator('#scores-x .panel-name'), 'Bo');
      await expectText(page.locator('#scores-o .panel-name'), 'Ann');
    }
    await expectText(ann.locator('#seat-note'), 'You play O');
    await expectText(bo.locator('#seat-note'), 'You play X');
    await expectText(ann.locator('#right-msg'), 'Ann\'s turn');
    await cell(bo, at(1, 1)).click();
    assert.equal((await marks(bo))[at(1, 1)], '', 'not Bo\'s turn');
    await play(ann, at(1, 1));
    await expectText(cell(bo, at(1, 1)), 'O');
    await play(bo, at(10, 10));
    await expectText(cell(ann, at(10, 10)), 'X');
    await shot(ann, 'swap2-playing');
    assert.deepEqual([...ann.errors, ...bo.errors], []);
  });

  test('renju: X\'s forbidden points are crossed, and clicking one says why', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await setUp(page, {
      p1: { name: 'Ann' }, p2: { name: 'Bo' }, rows: 15, cols: 15, k: 5,
    });
    await page.getByLabel('Rule', { exact: true }).selectOption('renju');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('#game-view').waitFor();
    await idle(page);
    await expectText(page.locator('#game-rules'), 'Gomoku · Renju');
    // X's open twos cross at (7, 7): playing there would make two threes.
    for (const [r, c] of [[7, 5], [0, 0], [7, 6], [0, 14], [5, 7], [14, 0], [6, 7], [14, 14]]) {
      await play(page, at(r, c));
    }
    const crossed = await page.locator('#board td.forbidden')
      .evaluateAll((tds) => tds.map((td) => Number(td.id)));
    assert.ok(crossed.includes(at(7, 7)), `${crossed}`);
    assert.match(await cell(page, at(7, 7)).getAttribute('aria-label'), /forbidden to X/);
    await shot(page, 'renju-forbidden');
    await cell(page, at(7, 7)).click();
    await idle(page);
    await expectText(
      page.locator('#game-error'),
      'X cannot play there: double-three at row 8, column 8: renju forbids it to X.',
    );
    assert.equal((await marks(page))[at(7, 7)], '');
    assert.equal(await cell(page, at(7, 7)).evaluate((td) => td.classList.contains('forbidden')), true);
    await expectText(page.locator('#title'), 'Gomoku');
    await shot(page, 'renju-refused');
    // Elsewhere X plays on, and O has no forbidden points.
    await play(page, at(10, 3));
    assert.equal(await page.locator('#board td.forbidden').count(), 0);
    // The browser logs the refused move's 422; nothing else went wrong.
    assert.deepEqual(page.errors.filter((e) => !e.includes('status of 422')), []);
  });
});
