// The web game in real headless Chromium against the real `ttt serve`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  cell, closeDialog, expectText, idle, marks, newPage, open, play, serverAndBrowser, setUp,
  startGame, startServer, tempDir, winningCells,
} from '../helpers.mjs';

let browser;
let server;
serverAndBrowser((started) => ({ browser, server } = started));

describe('setup', () => {
  test('every control has a label, and the defaults are human against a medium computer', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await expectText(page.locator('#title'), 'Tic-Tac-Toe');
    assert.equal(await page.getByLabel('Is player human').count(), 2);
    assert.equal(await page.getByLabel('Name', { exact: true }).count(), 2);
    assert.equal(await page.getByLabel('Difficulty').count(), 2);
    for (const label of ['Rows', 'Columns', 'In a row', 'Board size']) {
      assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, label);
    }
    assert.equal(await page.locator('#p1-human').isChecked(), true);
    assert.equal(await page.locator('#p2-human').isChecked(), false);
    assert.equal(await page.locator('#p2-level').inputValue(), 'medium');
    assert.equal(await page.locator('#p2-name').isDisabled(), true);
    // Every input, select and button is named for assistive technology.
    const unnamed = await page.evaluate(() => [...document.querySelectorAll('input, select')]
      .filter((el) => !el.labels || el.labels.length === 0).map((el) => el.id));
    assert.deepEqual(unnamed, []);

    // A board beyond the limits is explained, not sent.
    await setUp(page, { rows: 25 });
    assert.equal(await page.locator('#preset').inputValue(), 'custom');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectText(page.locator('#setup-error'), 'Rows and columns must each be between 1 and 19.');
    await setUp(page, { preset: '4 × 4, four in a row' });
    // Swap trades the two players' places: whoever was O moves first.
    await setUp(page, { p1: { name: 'Ann' }, p2: { level: 'hard' } });
    await page.getByRole('button', { name: 'Swap who moves first' }).click();
    assert.equal(await page.locator('#p1-human').isChecked(), false);
    assert.equal(await page.locator('#p1-level').inputValue(), 'hard');
    assert.equal(await page.locator('#p2-human').isChecked(), true);
    assert.equal(await page.locator('#p2-name').inputValue(), 'Ann');
    await page.getByRole('button', { name: 'Swap who moves first' }).click();
    assert.equal(await page.locator('#rows').inputValue(), '4');
    assert.equal(await page.locator('#k').inputValue(), '4');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test("the choices are the server's, and the last setup comes back", async () => {
    const config = await (await fetch(`${server.url}api/config`)).json();
    const page = await newPage(browser);
    await open(page, server.url);
    const options = (id) => page.locator(`#${id} option`).evaluateAll(
      (os) => os.map((o) => [o.value, o.textContent, o.selected]),
    );
    for (const id of ['p1-level', 'p2-level']) {
      assert.deepEqual(
        (await options(id)).map(([value, , selected]) => [value, selected]),
        config.levels.map((level) => [level, level === config.default_level]),
      );
    }
    assert.deepEqual((await options('p2-level')).map(([, label]) => label),
      ['Easy', 'Medium', 'Hard', 'Perfect']);
    assert.deepEqual(
      (await options('preset')).map(([value]) => value),
      [...config.presets.map((p) => p.name), 'custom'],
    );
    assert.deepEqual((await options('preset'))[0], ['classic', 'Classic: 3 × 3, three in a row', true]);
    assert.equal((await options('preset'))[4][1], 'Gomoku: 15 × 15, five in a row');
    for (const id of ['rows', 'cols', 'k']) {
      assert.equal(await page.locator(`#${id}`).getAttribute('max'), String(config.limits.max_side));
      assert.equal(await page.locator(`#${id}`).inputValue(), '3');
    }
    assert.equal(await page.locator('#p1-name').getAttribute('maxlength'),
      String(config.limits.max_name_chars));
    assert.equal(await page.locator('#p1-name').getAttribute('placeholder'), 'Guest (no name)');

    await startGame(page, {
      p1: { name: 'Uma' }, p2: { level: 'hard' }, preset: '5 × 5, four in a row',
    });
    await page.locator('#to-setup').click();
    await open(page);
    assert.equal(await page.locator('#p1-name').inputValue(), 'Uma');
    assert.equal(await page.locator('#p2-human').isChecked(), false);
    assert.equal(await page.locator('#p2-level').inputValue(), 'hard');
    assert.equal(await page.locator('#preset').inputValue(), 'five-by-five');
    assert.equal(await page.locator('#k').inputValue(), '4');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('without the server\'s config the setup says so and cannot be sent', async () => {
    const page = await newPage(browser);
    await page.route('**/api/config', (route) => route.abort());
    await page.goto(server.url);
    await expectText(page.locator('#setup-error'), /could not be set up: The server cannot be reached/);
    assert.equal(await page.getByRole('button', { name: 'Play', exact: true }).isDisabled(), true);
    await page.context().close();
  });
});

describe('two humans', () => {
  test('a win: message, highlighted line, and further clicks ignored', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, { p1: { name: 'Alice' }, p2: { name: 'Bob' } });

    assert.equal(await page.locator('#board td').count(), 9);
    assert.deepEqual(
      await page.locator('#board td').evaluateAll((tds) => tds.map((td) => td.id)),
      ['0', '1', '2', '3', '4', '5', '6', '7', '8'],
    );
    await expectText(page.locator('#left-msg'), "Alice's turn");
    await expectText(page.locator('#center-msg'), 'X');
    assert.equal(await page.locator('#left-msg').isVisible(), true);
    assert.equal(await page.locator('#right-msg').isVisible(), false);
    assert.equal(await cell(page, 4).getAttribute('aria-label'), 'row 2, column 2, empty');

    await play(page, 0);
    await expectText(cell(page, 0), 'X');
    await expectText(page.locator('#center-msg'), 'O');
    await expectText(page.locator('#right-msg'), "Bob's turn");
    assert.equal(await page.locator('#right-msg').isVisible(), true);
    assert.equal(await page.locator('#left-msg').isVisible(), false);

    // A taken cell does nothing: still O to play.
    await cell(page, 0).click();
    await idle(page);
    await expectText(cell(page, 0), 'X');
    await expectText(page.locator('#center-msg'), 'O');

    // X X X
    // O O .
    // . . .
    await play(page, 3);
    await play(page, 1);
    await play(page, 4);
    await play(page, 2);
    await expectText(page.locator('#center-msg'), 'Alice wins!');
    assert.deepEqual(await winningCells(page), [0, 1, 2]);
    assert.equal(await cell(page, 1).getAttribute('aria-label'), 'row 1, column 2, X, winning line');
    // The highlight is more than a class: the cell looks different.
    const [winBg, plainBg] = await Promise.all([cell(page, 0), cell(page, 5)]
      .map((c) => c.evaluate((td) => getComputedStyle(td).backgroundColor)));
    assert.notEqual(winBg, plainBg);

    await expectText(page.locator('#end-title'), 'Alice wins!');
    const endDialog = page.locator('#end-dialog');
    assert.equal(await endDialog.getByRole('button', { name: 'Play Again' }).isVisible(), true);
    assert.equal(await endDialog.getByRole('button', { name: 'Analyse' }).isVisible(), true);
    assert.equal(await endDialog.getByRole('button', { name: 'Quit' }).isVisible(), true);
    await closeDialog(page);

    // Once the game is over, clicks do nothing.
    await cell(page, 8).click();
    await page.waitForTimeout(300);
    assert.deepEqual(await marks(page), ['X', 'X', 'X', 'O', 'O', '', '', '', '']);
    await expectText(page.locator('#center-msg'), 'Alice wins!');

    // The scores beside the board.
    await expectText(page.locator('#score-x-wins'), '1');
    await expectText(page.locator('#score-o-losses'), '1');
    assert.match(await page.locator('#announcer').textContent(), /Alice wins!/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a tie', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, { p1: { name: 'Tess' }, p2: { name: 'Tom' } });
    // X O X
    // X O O
    // O X X
    for (const i of [0, 1, 2, 4, 3, 5, 7, 6, 8]) await play(page, i);
    await expectText(page.locator('#center-msg'), 'Tie game!');
    assert.deepEqual(await winningCells(page), []);
    await expectText(page.locator('#end-title'), 'Tie game!');
    await closeDialog(page);
    await expectText(page.locator('#score-x-ties'), '1');
    await expectText(page.locator('#score-o-ties'), '1');
    await page.context().close();
  });

  test('Restart Game starts afresh without reloading; Play Again swaps who starts; Quit', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, { p1: { name: 'Rae' }, p2: { name: 'Sam' } });
    await page.evaluate(() => { window.notReloaded = true; });
    await play(page, 4);
    await play(page, 0);
    await page.locator('#reset').click();
    await idle(page);
    assert.deepEqual(await marks(page), Array(9).fill(''));
    await expectText(page.locator('#center-msg'), 'X');
    await expectText(page.locator('#left-msg'), "Rae's turn");
    assert.equal(await page.evaluate(() => window.notReloaded), true);

    // Play Again after a win: a new empty board, the same players with the marks swapped, so
    // the loser moves first.
    for (const i of [0, 3, 1, 4, 2]) await play(page, i);
    await page.locator('#end-dialog').getByRole('button', { name: 'Play Again' }).click();
    await idle(page);
    assert.deepEqual(await marks(page), Array(9).fill(''));
    await expectText(page.locator('#left-msg'), "Sam's turn");
    await expectText(page.locator('#scores-x .panel-name'), 'Sam');
    await expectText(page.locator('#score-o-wins'), '1');
    // Restart Game keeps the swapped order.
    await play(page, 4);
    await page.locator('#reset').click();
    await idle(page);
    await expectText(page.locator('#left-msg'), "Sam's turn");

    // Quit goes back to the setup.
    for (const i of [0, 3, 1, 4, 2]) await play(page, i);
    await page.getByRole('button', { name: 'Quit' }).click();
    await page.locator('#setup-view').waitFor();
    assert.equal(await page.locator('#game-view').isVisible(), false);
    assert.equal(await page.evaluate(() => window.notReloaded), true);
    await page.context().close();
  });

  test('names are shown as text, never as HTML', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    const name = '<img src=x onerror="window.hacked=1">';
    await startGame(page, { p1: { name }, p2: { name: 'Bob' } });
    await expectText(page.locator('#left-msg'), `${name}'s turn`);
    assert.equal(await page.locator('#app img').count(), 0);
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    await page.context().close();
  });
});

describe('against the computer', () => {
  test('the perfect computer never loses, moving first or second', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    for (const humanFirst of [true, false]) {
      const human = { name: 'Carol' };
      const computer = { level: 'perfect' };
      await setUp(page, humanFirst ? { p1: human, p2: computer } : { p1: computer, p2: human });
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await idle(page);
      if (!humanFirst) {
        // The computer has already moved.
        assert.equal((await marks(page)).filter((m) => m === 'X').length, 1);
      }
      for (let turn = 0; turn < 9; turn++) {
        const centre = (await page.locator('#center-msg').textContent()).trim();
        if (centre !== 'X' && centre !== 'O') break;
        const board = await marks(page);
        // The human plays the first empty cell, which loses against good play.
        await play(page, board.indexOf(''));
      }
      const result = await expectText(page.locator('#center-msg'), /wins!|Tie game!/);
      assert.notEqual(result, 'Carol wins!');
      if (result !== 'Tie game!') assert.equal(result, 'Computer (Perfect) wins!');
      assert.equal(await page.locator('#scores-o .panel-name, #scores-x .panel-name')
        .filter({ hasText: 'Computer (Perfect)' }).count(), 1);
      await page.getByRole('button', { name: 'Quit' }).click();
      await page.locator('#setup-view').waitFor();
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('computer moves', () => {
  test('clicks while the computer is thinking do nothing', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, { p1: { name: 'Hal' }, p2: { level: 'hard' } });
    await cell(page, 0).click();
    // The reply is shown after a pause; these clicks land in it.
    for (const i of [1, 2, 3, 5, 6, 7, 8]) await cell(page, i).click({ force: true });
    await idle(page);
    const board = await marks(page);
    assert.equal(board.filter((m) => m === 'X').length, 1);
    assert.equal(board.filter((m) => m === 'O').length, 1);
    assert.equal(board[4], 'O', 'hard takes the centre');
    await page.context().close();
  });

  test('two computers play a game out by themselves', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, { p1: { level: 'easy' }, p2: { level: 'perfect' } });
    await expectText(page.locator('#center-msg'), /wins!|Tie game!/, 20_000);
    assert.notEqual(await page.locator('#center-msg').textContent(), 'Computer X (Easy) wins!');
    await page.locator('#end-dialog').waitFor({ state: 'visible' });
    await page.context().close();
  });
});

describe('bigger boards', () => {
  test('the 6x7 board, three in a row', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    await startGame(page, {
      p1: { name: 'Dee' }, p2: { name: 'Eve' }, preset: '6 × 7, three in a row',
    });
    assert.equal(await page.locator('#rows').inputValue(), '6');
    assert.equal(await page.locator('#board tr').count(), 6);
    assert.equal(await page.locator('#board td').count(), 42);
    assert.equal(await cell(page, 41).getAttribute('aria-label'), 'row 6, column 7, empty');
    // X down the first column: cells 0, 7, 14.
    for (const i of [0, 1, 7, 2, 14]) await play(page, i);
    await expectText(page.locator('#center-msg'), 'Dee wins!');
    assert.deepEqual(await winningCells(page), [0, 7, 14]);
    await page.context().close();
  });
});

describe('keyboard', () => {
  test('a whole game with the keyboard alone', async () => {
    const page = await newPage(browser);
    await open(page, server.url);
    const tabTo = async (id) => {
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
      }
      assert.fail(`Tab never reached #${id}`);
    };
    await tabTo('p1-name');
    await page.keyboard.type('Jo');
    await tabTo('p2-human');
    await page.keyboard.press('Space');
    await tabTo('p2-name');
    await page.keyboard.type('Kim');
    await page.keyboard.press('Enter'); // submits the form
    await page.locator('#game-view').waitFor();
    await idle(page);

    const focused = () => page.evaluate(() => document.activeElement?.id);
    assert.equal(await focused(), '0', 'the board has the focus');
    const key = async (...keys) => { for (const k of keys) await page.keyboard.press(k); };
    const move = async (...keys) => { await key(...keys); await idle(page); };

    await move('Enter'); // X at 0
    await move('ArrowDown', ' '); // O at 3
    assert.equal(await focused(), '3');
    await move('ArrowUp', 'ArrowRight', 'Enter'); // X at 1
    await move('ArrowDown', ' '); // O at 4
    await move('Enter'); // taken: nothing happens
    await expectText(page.locator('#center-msg'), 'X');
    await move('ArrowUp', 'ArrowRight', 'Enter'); // X at 2: three in a row
    await expectText(page.locator('#center-msg'), 'Jo wins!');
    assert.deepEqual(await winningCells(page), [0, 1, 2]);
    await expectText(page.locator('#announcer'), /Jo wins!/);

    // The dialog takes the focus; Enter on Play Again starts the next game (Kim's X now).
    await page.locator('#end-dialog').waitFor({ state: 'visible' });
    assert.equal(await focused(), 'play-again');
    await key('Enter');
    await idle(page);
    assert.deepEqual(await marks(page), Array(9).fill(''));
    assert.match(await focused(), /^\d+$/, 'back on the board');
    await page.context().close();
  });
});

describe('scores', () => {
  test('shown, and still there after a reload and after a server restart', async () => {
    const own = tempDir();
    const db = join(own.dir, 'scores.db');
    let srv = await startServer(db);
    try {
      let page = await newPage(browser);
      await open(page, srv.url);
      await startGame(page, { p1: { name: 'Fay' }, p2: { name: 'Gus' } });
      await expectText(page.locator('#score-x-wins'), '0');
      for (const i of [0, 3, 1, 4, 2]) await play(page, i);
      await expectText(page.locator('#score-x-wins'), '1');
      await expectText(page.locator('#score-o-losses'), '1');

      // A reload comes back to the game, scores and all.
      await page.reload();
      await page.locator('#game-view').waitFor();
      await expectText(page.locator('#center-msg'), 'Fay wins!');
      await expectText(page.locator('#score-x-wins'), '1');
      await expectText(page.locator('#score-o-losses'), '1');
      await page.context().close();

      // The server restarts on the same database.
      await srv.stop();
      srv = await startServer(db);
      page = await newPage(browser);
      await open(page, srv.url);
      await startGame(page, { p1: { name: 'Fay' }, p2: { name: 'Gus' } });
      await expectText(page.locator('#score-x-wins'), '1');
      await expectText(page.locator('#score-o-losses'), '1');

      // And the leaderboard lists both, best first.
      await page.getByRole('button', { name: 'Leaderboard' }).click();
      await page.locator('#leaderboard-view').waitFor();
      const rows = page.locator('#leaderboard tbody tr');
      await expectText(rows.nth(1).locator('th'), 'Gus');
      assert.deepEqual(
        await rows.first().locator('th, td').allTextContents(),
        ['1', 'Fay', '1', '0', '0', '1'],
      );
      await page.context().close();
    } finally {
      await srv.stop();
      own.remove();
    }
  });
});
