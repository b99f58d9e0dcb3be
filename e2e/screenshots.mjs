// Takes the README's screenshots (docs/screenshot-*.png) from the real `ttt serve` in
// headless Chromium: the setup, a game in progress, a won game and the leaderboard.
// Run with `e2e/run.sh --screenshots` (or `node screenshots.mjs` once the binary is built).

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closeDialog, idle, launchBrowser, newPage, open, play, setUp, startGame, startServer, tempDir,
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
  await page.screenshot({ path: join(docs, 'screenshot-setup.png') });

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
  console.log(`screenshots written to ${docs}`);
} finally {
  await browser.close();
  await server.stop();
  tmp.remove();
}
