// Takes the README's screenshots (docs/screenshot-*.png) from the real `ttt serve` in
// headless Chromium: the setup, a game in progress, a won game and the leaderboard; a friend
// invited by link (the host waiting, the friend's view mid-game, a spectator's), the
// analysis of a finished game, a game on a phone, and gomoku: a swap2 opening by link and
// a point renju forbids.
// Run with `e2e/run.sh --screenshots` (or `node screenshots.mjs` once the binary is built).

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cell, closeDialog, expectText, idle, launchBrowser, newPage, open, play, setUp, startGame,
  startServer, tempDir,
} from './helpers.mjs';

const docs = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const tmp = tempDir();
const server = await startServer(join(tmp.dir, 'ttt.db'));
const browser = await launchBrowser();
try {
  const page = await newPage(browser, { width: 1100, height: 760 });
  await open(page, server.url);

  // Some history, so the scores and the leaderboard have something to show.
  await startGame(page, { p1: { name: 'Alice' }, p2: { name: 'Bob' } });
  for (const i of [4, 0, 8, 2, 1, 7, 5, 3, 6]) await play(page, i);
  await page.locator('#play-again').click();
  await idle(page);
  for (const i of [0, 4, 1, 2, 3, 6]) await play(page, i);
  await page.getByRole('button', { name: 'Quit' }).click();

  await setUp(page, { p1: { name: 'Alice' }, p2: { level: 'perfect' } });
  await page.locator('#setup-heading').focus();
  await page.screenshot({ path: join(docs, 'screenshot-setup.png'), fullPage: true });

  await setUp(page, { p1: { name: 'Alice' }, p2: { name: 'Bob' } });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await idle(page);
  for (const i of [4, 0, 2]) await play(page, i);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(docs, 'screenshot-game.png') });

  for (const i of [6, 3, 8, 5]) await play(page, i);
  await closeDialog(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(docs, 'screenshot-won.png') });

  await page.getByRole('button', { name: 'Leaderboard' }).click();
  await page.locator('#leaderboard tbody tr').first().waitFor();
  await page.screenshot({ path: join(docs, 'screenshot-leaderboard.png') });

  // A friend invited by link: the host waits with the link, the friend joins, one watches.
  const size = { width: 1100, height: 760 };
  const host = await newPage(browser, size);
  await open(host, server.url);
  await setUp(host, { p1: { name: 'Alice' } });
  await host.locator('#p2-human').check();
  await host.locator('#p2-remote').check();
  await host.getByRole('button', { name: 'Play', exact: true }).click();
  await host.locator('#invite').waitFor();
  const link = await host.locator('#invite-link').inputValue();
  const address = await host.evaluate(() => location.href);
  const watcher = await newPage(browser, size);
  await watcher.goto(address);
  await expectText(host.locator('#watchers'), '1 person watching');
  await host.mouse.move(0, 0);
  await host.screenshot({ path: join(docs, 'screenshot-invite.png') });

  const friend = await newPage(browser, size);
  await friend.goto(link);
  await friend.locator('#join-name').fill('Carol');
  await friend.getByRole('button', { name: 'Join the game' }).click();
  await friend.locator('#game-view').waitFor();
  await host.locator('#invite').waitFor({ state: 'hidden' });
  for (const [who, i] of [[host, 4], [friend, 0], [host, 2]]) {
    await play(who, i);
    await expectText(cell(friend, i), who === host ? 'X' : 'O');
  }
  await friend.locator('#undo').click();
  await expectText(host.locator('#takeback-text'), /asks to take/);
  await host.locator('#takeback-decline').click();
  await expectText(friend.locator('#game-note'), /declined/);
  await friend.getByRole('button', { name: 'Hint' }).click();
  await expectText(friend.locator('#game-note'), /^Hint:/, 15_000);
  await friend.mouse.move(0, 0);
  await friend.screenshot({ path: join(docs, 'screenshot-friend.png') });
  await expectText(cell(watcher, 2), 'X');
  await watcher.mouse.move(0, 0);
  await watcher.screenshot({ path: join(docs, 'screenshot-watching.png') });

  // The analysis of a finished game, before its last move.
  await page.getByRole('button', { name: 'New game' }).click();
  await setUp(page, { p1: { name: 'Alice' }, p2: { level: 'hard' } });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await idle(page);
  for (const i of [0, 8, 6, 2, 1, 5, 7]) {
    if ((await page.locator('#center-msg').textContent()).trim().length > 1) break;
    if ((await cell(page, i).textContent()) === '') await play(page, i);
  }
  await page.locator('#end-dialog').waitFor({ state: 'visible' });
  await page.locator('#end-analyse').click();
  await expectText(page.locator('#analysis-summary'), /with best play|not proven/, 15_000);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(docs, 'screenshot-analysis.png'), fullPage: true });

  // A phone: a game with a friend, 390 px wide.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto(address);
  await expectText(cell(phone, 2), 'X');
  await phone.screenshot({ path: join(docs, 'screenshot-phone.png') });

  // Gomoku under renju with swap2, by link: Alice has placed three stones, Bob chooses.
  const gomoku = { p1: { name: 'Alice' }, rows: 15, cols: 15, k: 5 };
  const opener = await newPage(browser, size);
  await open(opener, server.url);
  await setUp(opener, gomoku);
  await opener.locator('#rule').selectOption('renju');
  await opener.locator('#opening-rule').selectOption('swap2');
  await opener.locator('#p2-human').check();
  await opener.locator('#p2-remote').check();
  await opener.getByRole('button', { name: 'Play', exact: true }).click();
  await opener.locator('#invite').waitFor();
  const chooser = await newPage(browser, size);
  await chooser.goto(await opener.locator('#invite-link').inputValue());
  await chooser.locator('#join-name').fill('Bob');
  await chooser.getByRole('button', { name: 'Join the game' }).click();
  await opener.locator('#invite').waitFor({ state: 'hidden' });
  for (const i of [112, 113, 128]) await cell(opener, i).click();
  await opener.locator('#opening-place').click();
  await chooser.locator('#opening-place-two').waitFor();
  await chooser.mouse.move(0, 0);
  await chooser.screenshot({ path: join(docs, 'screenshot-swap2.png') });

  // Renju at one screen: X's forbidden point crossed, and the reason once clicked.
  const renju = await newPage(browser, size);
  await open(renju, server.url);
  await setUp(renju, { ...gomoku, p2: { name: 'Bob' } });
  await renju.locator('#rule').selectOption('renju');
  await renju.locator('#opening-rule').selectOption('none');
  await renju.getByRole('button', { name: 'Play', exact: true }).click();
  await idle(renju);
  for (const i of [110, 0, 111, 14, 82, 210, 97, 224]) await play(renju, i);
  await cell(renju, 112).click();
  await expectText(renju.locator('#game-error'), /double-three/);
  await renju.mouse.move(0, 0);
  await renju.screenshot({ path: join(docs, 'screenshot-renju.png'), fullPage: true });
  console.log(`screenshots written to ${docs}`);
} finally {
  await browser.close();
  await server.stop();
  tmp.remove();
}
