// Accounts in real headless Chromium against the real `ttt serve`: two people sign up in two
// browser contexts, play a rated game by invitation, and each sees both ratings move on the
// players' pages and the board's rating list; a guest cannot take an account's name.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cell, expectText, idle, isShown, newPage, open, serverAndBrowser,
} from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

const PASSWORD = 'correct horse battery';

/** Signs `name` up on `page`, from the header's Sign in. */
async function signUp(page, name) {
  await open(page, server.url);
  await page.locator('#nav-account').click();
  await page.locator('#account-view').waitFor();
  await page.locator('#sign-up-name').fill(name);
  await page.locator('#sign-up-password').fill(PASSWORD);
  await page.locator('#sign-up').click();
  await expectText(page.locator('#nav-account'), name);
  await page.locator('#signed-in').waitFor();
}

/** The rating shown for `board` on `name`'s page, as text ("1662?"). */
async function ratingOn(page, name, board) {
  await page.goto(`${server.url}players/${encodeURIComponent(name)}`);
  await page.locator('#player-view').waitFor();
  const row = page.locator('#player-ratings tbody tr', { hasText: board });
  await row.waitFor();
  return (await row.locator('td').nth(1).textContent()).trim();
}

describe('accounts and a rated game', () => {
  let alice;
  let bob;

  test('a weak password is refused; two people sign up', async () => {
    alice = await newPage(browser);
    bob = await newPage(browser);
    await open(alice, `${server.url}account`);
    await alice.locator('#sign-up-name').fill('Alice');
    await alice.locator('#sign-up-password').fill('password');
    await alice.locator('#sign-up').click();
    await expectText(alice.locator('#sign-up-error'), /at least 8 characters|most common/);
    alice.errors.length = 0; // the refusal's 422, as Chromium logs it
    await signUp(alice, 'Alice');
    await signUp(bob, 'Bob');
    // The session survives a reload: it is a cookie the page cannot read.
    await open(alice, server.url);
    await expectText(alice.locator('#nav-account'), 'Alice');
    assert.equal(await alice.evaluate(() => document.cookie), '', 'HttpOnly');
  });

  test('a guest cannot play under an account\'s name', async () => {
    const guest = await newPage(browser);
    await open(guest, server.url);
    await guest.locator('#p1-name').fill('alice');
    await guest.getByRole('button', { name: 'Play', exact: true }).click();
    await expectText(guest.locator('#setup-error'), /belongs to an account: sign in/);
    await guest.context().close();
  });

  test('a rated game by invitation moves both ratings', async () => {
    await open(alice, server.url);
    assert.equal(await isShown(alice.locator('#rated-row')), true, 'offered when signed in');
    assert.equal(await alice.locator('#p1-name').inputValue(), 'Alice');
    await alice.locator('#p2-human').check();
    await alice.locator('#p2-remote').check();
    await alice.locator('#rated').check();
    await alice.getByRole('button', { name: 'Play', exact: true }).click();
    await alice.locator('#invite').waitFor();
    const link = await alice.locator('#invite-link').inputValue();

    await bob.goto(link);
    await bob.locator('#join-view').waitFor();
    await bob.locator('#join-name').fill('Bob');
    await bob.locator('#join').click();
    await bob.locator('#game-view').waitFor();
    await idle(bob);
    await idle(alice);
    // Alice (X) wins on the top row.
    for (const [page, index] of [[alice, 0], [bob, 3], [alice, 1], [bob, 4], [alice, 2]]) {
      await expectText(page.locator('#board[aria-busy="false"]').first(), /.*/);
      await cell(page, index).click();
      await idle(page);
      await expectText(cell(alice, index), /X|O/);
      await expectText(cell(bob, index), /X|O/);
    }

    const aliceRating = await ratingOn(bob, 'Alice', 'classic');
    const bobRating = await ratingOn(alice, 'Bob', 'classic');
    assert.match(aliceRating, /^\d+\?$/);
    assert.ok(Number.parseInt(aliceRating, 10) > 1500, aliceRating);
    assert.ok(Number.parseInt(bobRating, 10) < 1500, bobRating);
    // The history's chart and the game, which opens in the replay.
    await alice.locator('#player-chart-card').waitFor();
    await alice.locator('#player-games button').first().click();
    await alice.locator('#replay').waitFor();
    await expectText(alice.locator('#replay-caption'), '5 of 5 moves');
    await alice.locator('#replay-prev').click();
    await expectText(alice.locator('#replay-caption'), '4 of 5 moves');
    // The game saves as a file, and a file opens in the replay.
    const href = await alice.locator('#replay-sgf').getAttribute('href');
    const saved = await (await alice.request.get(`${server.url}${href.slice(1)}`)).text();
    assert.match(saved, /^\(;GM\[4\]FF\[4\]SZ\[3\]/);
    await alice.locator('#open-file').setInputFiles({
      name: 'game.sgf', mimeType: 'text/plain', buffer: Buffer.from(saved),
    });
    await expectText(alice.locator('#replay-heading'), /from a file/);
    await expectText(alice.locator('#replay-caption'), '5 of 5 moves');
    assert.equal(await alice.locator('#replay-downloads').isVisible(), false);

    // The board's rating list has both, provisional.
    await open(bob, server.url);
    await bob.locator('#nav-leaderboard').click();
    await bob.locator('#leaderboard-board').selectOption('classic');
    await bob.locator('#rating-list tbody tr').nth(1).waitFor();
    const rows = await bob.locator('#rating-list tbody tr').allTextContents();
    assert.match(rows[0], /Alice/);
    assert.match(rows[1], /Bob/);
    for (const page of [alice, bob]) assert.deepEqual(page.errors, []);
  });

  test('signing out and in again', async () => {
    await open(alice, `${server.url}account`);
    await alice.locator('#sign-out').click();
    await expectText(alice.locator('#nav-account'), 'Sign in');
    await alice.locator('#sign-in-name').fill('alice');
    await alice.locator('#sign-in-password').fill('wrong password here');
    await alice.locator('#sign-in').click();
    await expectText(alice.locator('#sign-in-error'), 'wrong name or password');
    await alice.locator('#sign-in-password').fill(PASSWORD);
    await alice.locator('#sign-in').click();
    await expectText(alice.locator('#nav-account'), 'Alice');
  });
});
