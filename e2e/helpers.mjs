// What the browser tests share: starting the real `ttt serve` binary on a free port with its
// own database, launching Debian's Chromium through playwright-core, and small page helpers.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** The binary under test: $TTT_BIN, else the workspace's debug build. */
export const BIN = process.env.TTT_BIN || resolve(here, '..', 'target', 'debug', 'ttt');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** A fresh temporary directory, removed by the returned function. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ttt-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts `ttt serve --addr <addr> --db <db>` (a free port unless `addr` says which) and waits
 * for the address it prints. Returns `{ url, port, stop }`.
 */
export async function startServer(db, addr = '127.0.0.1:0') {
  const child = spawn(BIN, ['serve', '--addr', addr, '--db', db], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TTT_DB: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolveExit) => child.on('exit', resolveExit));
  const url = await new Promise((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`ttt serve printed no address in 20 s: ${out} ${stderr}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ttt serve exited (${code}) before printing its address: ${stderr}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    /**
     * Sends SIGTERM and waits for the process to end; after `graceMs` it is killed. A server
     * that pages are still watching waits for their event streams to close before it
     * exits, which they never do by themselves.
     */
    async stop(graceMs = 3_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Headless Chromium from Debian, with its calls home switched off (the network is closed). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A new page with the browser's console errors collected in `page.errors`. */
export async function newPage(browser, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  return page;
}

/**
 * Opens the page at `url` (or reloads it) and waits until its setup form has been built from
 * the server's config: the form is disabled until then, and its choices are empty.
 */
export async function open(page, url) {
  if (url) await page.goto(url);
  else await page.reload();
  await page.locator('#setup-fields:not([disabled])').waitFor({ state: 'attached' });
}

/** The board cell with this row-major id. */
export function cell(page, index) {
  return page.locator(`#board td[id="${index}"]`);
}

/** Waits until the page is not waiting for the server or showing a computer's move. */
export async function idle(page) {
  await page.locator('#board[aria-busy="false"]').waitFor({ timeout: 15_000 });
}

/** Polls until `locator`'s text is `expected` (or matches it, for a RegExp). */
export async function expectText(locator, expected, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let text;
  for (;;) {
    text = (await locator.textContent())?.trim();
    const ok = expected instanceof RegExp ? expected.test(text) : text === expected;
    if (ok) return text;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`expected ${expected} but the text is ${JSON.stringify(text)}`);
}

/** Fills the setup form. Each player is `{ name }` for a human or `{ level }` for a computer. */
export async function setUp(page, { p1, p2, preset, rows, cols, k }) {
  for (const [n, p] of [[1, p1], [2, p2]]) {
    if (!p) continue;
    const checkbox = page.locator(`#p${n}-human`);
    if ((await checkbox.isChecked()) !== ('name' in p)) await checkbox.click();
    if ('name' in p) await page.locator(`#p${n}-name`).fill(p.name);
    else await page.locator(`#p${n}-level`).selectOption(p.level);
  }
  if (preset) await page.locator('#preset').selectOption({ label: preset });
  if (rows) await page.locator('#rows').fill(String(rows));
  if (cols) await page.locator('#cols').fill(String(cols));
  if (k) await page.locator('#k').fill(String(k));
}

/** Sets up and starts a game, waiting until it can be played. */
export async function startGame(page, setup) {
  await setUp(page, setup);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.locator('#game-view').waitFor();
  await idle(page);
}

/** Clicks a cell and waits for the answer (and any computer reply). */
export async function play(page, index) {
  await cell(page, index).click();
  await idle(page);
}

/** The board's marks, row-major: 'X', 'O' or ''. */
export async function marks(page) {
  return page.locator('#board td').evaluateAll((tds) => tds.map((td) => td.textContent));
}

/** The ids of the cells with class `win`. */
export async function winningCells(page) {
  return page.locator('#board td.win').evaluateAll((tds) => tds.map((td) => Number(td.id)));
}

/** Closes the end-of-game dialog with its close button, once it is shown. */
export async function closeDialog(page) {
  const dialog = page.locator('#end-dialog');
  await dialog.waitFor({ state: 'visible' });
  await page.locator('#dialog-close').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The page's address as the page itself has it now (`page.url()` may lag behind a
 * `history.replaceState`). */
export function address(page) {
  return page.evaluate(() => location.href);
}

/** Whether the element `locator` is shown (in the layout and not hidden). */
export async function isShown(locator) {
  return (await locator.count()) > 0 && locator.isVisible();
}

/**
 * Starts a game between `host` (X, at `page`) and a friend invited by link, who joins as
 * `friend` in `other` (a page of another browser context). Returns the invitation link and
 * the game's address.
 */
export async function friendGame(page, other, url, { host = 'Ann', friend = 'Bo', rows, cols, k } = {}) {
  await open(page, url);
  await setUp(page, { p1: { name: host }, rows, cols, k });
  await page.locator('#p2-human').check();
  await page.locator('#p2-remote').check();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.locator('#invite').waitFor();
  const link = await page.locator('#invite-link').inputValue();
  const game = await address(page);
  await other.goto(link);
  await other.locator('#join-name').fill(friend);
  await other.getByRole('button', { name: 'Join the game' }).click();
  await other.locator('#game-view').waitFor();
  await page.locator('#invite').waitFor({ state: 'hidden' });
  return { link, game };
}

/**
 * Everything on the page that lies outside the viewport sideways (a board pans inside its
 * own box, so only that box counts), and whether the page itself scrolls sideways: the
 * answer is empty when everything fits.
 */
export function outsideViewport(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('.board-wrap') && !el.classList.contains('board-wrap')) continue;
      if (el.closest('.visually-hidden, [hidden]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (r.left < -0.5 || r.right > width + 0.5) {
        out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} from ${Math.round(r.left)} to ${Math.round(r.right)}`);
      }
    }
    const scroll = document.documentElement.scrollWidth;
    if (scroll > width) out.push(`the page is ${scroll} px wide in a ${width} px viewport`);
    return out;
  });
}

/**
 * For a test file: the real server on a fresh database and a browser, started before its
 * tests (then handed to `ready` as `{ server, browser }`) and stopped after them.
 */
export function serverAndBrowser(ready) {
  const env = {};
  before(async () => {
    env.tmp = tempDir();
    env.server = await startServer(join(env.tmp.dir, 'ttt.db'));
    env.browser = await launchBrowser();
    ready(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
    env.tmp?.remove();
  });
}
