// The lobby in real headless Chromium against the real `ttt serve`: two strangers, each in a
// browser of their own, meet there (one offers a game with a clock, the other sees it appear
// and plays it), play with the clocks running, and one runs out of time while nobody touches
// either page: the server ends the game and both pages show it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expectText, newPage, serverAndBrowser } from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

/** With TTT_SHOTS=DIR, saves `page` as DIR/NAME.png to be looked at. */
async function shot(page, name) {
  if (process.env.TTT_SHOTS) await page.screenshot({ path: join(process.env.TTT_SHOTS, `${name}.png`), fullPage: true });
}

async function openLobby(page, name) {
  await page.goto(`${server.url}lobby`);
  await page.locator('#quick-buttons button').first().waitFor();
  await page.locator('#lobby-name').fill(name);
}

describe('the lobby', () => {
  test('two strangers meet, play with clocks, and one runs out of time untouched', async () => {
    const ann = await newPage(browser);
    const bo = await newPage(browser);
    await openLobby(bo, 'Bo');
    await expectText(bo.locator('#seek-empty'), /Nobody is looking/);
    await openLobby(ann, 'Ann');
    await ann.locator('#seek-board').selectOption({ index: 0 });
    await ann.locator('#seek-clock').selectOption('30s');
    await ann.locator('#seek-color').selectOption('X');
    await ann.getByRole('button', { name: 'Offer the game' }).click();
    await expectText(ann.locator('#lobby-waiting-text'), /Waiting for an opponent: 3 × 3, 30s\/move/);
    // Bo's lobby shows it, live.
    const row = bo.locator('#seek-list tbody tr').first();
    await expectText(row, /Ann.*3 × 3.*30s\/move.*Casual · seeker plays X/);
    await shot(bo, 'lobby');
    await row.getByRole('button', { name: /^Play Ann/ }).click();
    // Both are in the game, Ann at X with her clock running.
    for (const page of [ann, bo]) {
      await page.locator('#board td').first().waitFor();
      await expectText(page.locator('#clock-control'), '30s/move');
    }
    await expectText(ann.locator('#clock-x'), /X0:30/);
    // The first move is not timed; the clocks start with it.
    await ann.locator('#board td[id="4"]').click();
    await expectText(bo.locator('#board td[id="4"]'), 'X');
    assert.equal(await bo.locator('#clock-o.running').count(), 1);
    await bo.locator('#board td[id="0"]').click();
    await expectText(ann.locator('#board td[id="0"]'), 'O');
    await ann.locator('#board td[id="8"]').click();
    await expectText(bo.locator('#board td[id="8"]'), 'X');
    assert.equal(await bo.locator('#clock-o.running').count(), 1);
    await shot(bo, 'lobby-game');
    // Bo does nothing; nobody touches either page: within the 30 s and a second, both show
    // Bo out of time.
    for (const page of [ann, bo]) {
      await expectText(page.locator('#end-dialog'), /Ann wins!/, 40_000);
      await expectText(page.locator('#end-dialog'), /Bo ran out of time\./);
    }
    await shot(ann, 'lobby-timeout');
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bo.errors, []);
    await ann.context().close();
    await bo.context().close();
  });

  test('a seek goes when its page closes, and quick pairing matches two players', async () => {
    const cy = await newPage(browser);
    const di = await newPage(browser);
    await openLobby(di, 'Di');
    await openLobby(cy, 'Cy');
    await cy.getByRole('button', { name: 'Offer the game' }).click();
    await expectText(di.locator('#seek-list tbody'), /Cy/);
    await cy.context().close();
    await expectText(di.locator('#seek-empty'), /Nobody is looking/, 15_000);
    const eve = await newPage(browser);
    await openLobby(eve, 'Eve');
    await eve.getByRole('button', { name: '3 × 3 · 1+0' }).click();
    await expectText(eve.locator('#lobby-waiting-text'), /Looking for an opponent: 3 × 3 · 1\+0, ratings within 100/);
    await di.getByRole('button', { name: '3 × 3 · 1+0' }).click();
    for (const page of [di, eve]) {
      await page.locator('#board td').first().waitFor();
      await expectText(page.locator('#clock-control'), '1+0');
    }
    assert.deepEqual(di.errors, []);
    assert.deepEqual(eve.errors, []);
    await di.context().close();
    await eve.context().close();
  });
});
