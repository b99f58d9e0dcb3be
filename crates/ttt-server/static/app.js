// The page's controller and entry point. It holds the page's state (one object, state.js),
// turns the player's clicks into requests to the server, and hands the server's answers to
// the views to show. The server holds the game and checks every move; the rules of what may
// be chosen come from it too (GET /api/config). What is decided without the DOM (checks,
// words, geometry, pacing) lives in pure modules that node's test runner checks.

import * as api from './api.js';
import { BoardView } from './board.js';
import {
  boardAfter, cellAt, MARKS, marksAfter, sideOf,
} from './geometry.js';
import { computerPause, DIALOG_DELAY_MS } from './pacing.js';
import * as render from './render.js';
import { checkSetup, fieldsFromSaved, setupFromState } from './setup.js';
import { SetupForm } from './setup-form.js';
import {
  canPlayAt, createState, isCurrent, nextGeneration,
} from './state.js';
import * as storage from './storage.js';
import * as texts from './texts.js';
import { sleep } from './timers.js';

const $ = (id) => document.getElementById(id);

/** The one state of the page: nothing else here changes between events. */
const state = createState();
const board = new BoardView($('board'), (index) => {
  void playAt(index);
});
const form = new SetupForm();
const dialog = new render.EndDialog();

// ---------------------------------------------------------------------------------------
// Views

function showView(name, { focus = true } = {}) {
  state.view = name;
  render.showSection(name);
  if (!focus) return;
  if (name === 'game') board.focus();
  else render.focusHeading(name);
}

function quitToSetup() {
  nextGeneration(state);
  dialog.close();
  state.game = null;
  state.busy = false;
  storage.forgetGame();
  showView('setup');
}

/** The board after the first `ply` moves of `game`. */
function drawBoard(game, ply) {
  board.render(boardAfter(game, ply));
}

/** Fills the score panels from the leaderboard, unless another game has started since. */
async function refreshScores(game, mine) {
  if (!game.players.some((p) => p.kind === 'human')) return;
  let records;
  try {
    records = await Promise.all(game.players.map((p) => (p.kind === 'human'
      ? api.getPlayer(p.name)
      : null)));
  } catch (e) {
    if (isCurrent(state, mine)) render.setError('game-error', texts.scoresFailed(e.message));
    return;
  }
  if (isCurrent(state, mine)) render.scores(game, records);
}

/** How many players a page of the leaderboard shows. */
const LEADERBOARD_PAGE = 50;

/** Where the leaderboard is: the first player shown, and the search. */
const leaderboardAt = { offset: 0, search: '' };

async function showLeaderboard() {
  showView('leaderboard');
  render.setError('leaderboard-error', '');
  const { offset, search } = leaderboardAt;
  try {
    const page = await api.listPlayers({ limit: LEADERBOARD_PAGE, offset, search });
    render.leaderboard(page, offset, LEADERBOARD_PAGE, search);
  } catch (e) {
    render.setError('leaderboard-error', e.message);
  }
}

// ---------------------------------------------------------------------------------------
// The game

/** Shows a new state: moves not on the board yet appear one by one (a computer's after a
 * pause), then the messages, and the result if the game is over. While a computer is still
 * to move (two computers, or a search still running), asks the server again. */
async function present(first, mine) {
  let game = first;
  for (;;) {
    state.game = game;
    const said = [];
    while (state.shown < game.moves.length) {
      const side = sideOf(state.shown);
      if (game.players[side].kind === 'computer') {
        render.messages(game, state.shown);
        await sleep(computerPause(game));
        if (!isCurrent(state, mine)) return;
      }
      const move = game.moves[state.shown];
      state.shown++;
      drawBoard(game, state.shown);
      said.push(texts.movePlayed(game, side, move));
    }
    drawBoard(game, state.shown);
    render.messages(game, state.shown);
    if (game.status !== 'in_progress') {
      said.push(texts.resultText(game));
      render.announce(said.join(' '));
      void refreshScores(game, mine);
      dialog.openAfter(DIALOG_DELAY_MS, game, () => isCurrent(state, mine));
      return;
    }
    const toMove = sideOf(game.moves.length);
    if (game.players[toMove].kind === 'human') {
      said.push(texts.turnAnnouncement(game, toMove));
      render.announce(said.join(' '));
      return;
    }
    if (said.length > 0) render.announce(said.join(' '));
    await sleep(computerPause(game));
    if (!isCurrent(state, mine)) return;
    try {
      game = await api.getGame(game.id);
    } catch (e) {
      if (isCurrent(state, mine)) render.setError('game-error', e.message);
      return;
    }
    if (!isCurrent(state, mine)) return;
  }
}

/** The board is waiting for the server (or not); its cells take no clicks meanwhile. */
function setBusy(busy) {
  state.busy = busy;
  board.setBusy(busy);
}

async function startGame(request) {
  const mine = nextGeneration(state);
  dialog.close();
  render.setError('setup-error', '');
  render.setError('game-error', '');
  // The board is busy from the click on: the old game's cells take no clicks while the new
  // game is being made (and tests waiting for an idle board wait for the new one).
  setBusy(true);
  try {
    const game = await api.createGame(request);
    if (!isCurrent(state, mine)) return;
    state.setup = request;
    storage.saveSetup(request);
    storage.saveGameId(game.id);
    await enterGame(game, mine);
  } catch (e) {
    if (!isCurrent(state, mine)) return;
    render.setError(state.view === 'game' ? 'game-error' : 'setup-error', e.message);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

async function enterGame(game, mine) {
  state.game = game;
  state.shown = 0;
  board.build(game.rows, game.cols);
  render.scorePanels(game);
  void refreshScores(game, mine);
  drawBoard(game, 0);
  render.messages(game, 0);
  showView('game');
  board.setBusy(true);
  await present(game, mine);
}

async function playAt(index) {
  if (!canPlayAt(state, index)) return;
  const before = state.game;
  const ply = before.moves.length;
  const mine = state.generation;
  setBusy(true);
  render.setError('game-error', '');
  // Show the move at once; the server's answer confirms it (or puts the board back).
  const marks = marksAfter(before, ply);
  marks[index] = MARKS[sideOf(ply)];
  board.render({ marks, last: index });
  render.messages({ ...before, moves: [...before.moves, null] }, ply + 1);
  const { row, col } = cellAt(index, before.cols);
  try {
    const game = await api.playMove(before.id, row, col);
    if (!isCurrent(state, mine)) return;
    state.shown = Math.min(ply + 1, game.moves.length);
    await present(game, mine);
  } catch (e) {
    if (!isCurrent(state, mine)) return;
    state.game = before;
    state.shown = before.moves.length;
    drawBoard(before, state.shown);
    render.messages(before, state.shown);
    render.setError('game-error', e.status === 404 ? texts.GAME_GONE : e.message);
  } finally {
    if (isCurrent(state, mine)) setBusy(false);
  }
}

// ---------------------------------------------------------------------------------------
// Wiring

/** Play: a setup that passes the checks starts a game; one that does not says what to fix. */
function submitSetup(fields, limits) {
  const checked = checkSetup(fields, limits);
  if (checked.error) {
    render.setError('setup-error', checked.error);
    return;
  }
  void startGame(checked.request);
}

function wire() {
  $('reset').addEventListener('click', () => {
    if (state.setup) void startGame(state.setup);
  });
  $('to-setup').addEventListener('click', quitToSetup);
  $('play-again').addEventListener('click', () => {
    dialog.close();
    if (state.setup) void startGame(state.setup);
  });
  $('quit').addEventListener('click', quitToSetup);
  $('dialog-close').addEventListener('click', () => dialog.close());
  dialog.onClose(() => {
    if (state.view === 'game') board.focus();
  });

  $('nav-setup').addEventListener('click', quitToSetup);
  $('nav-leaderboard').addEventListener('click', () => {
    dialog.close();
    void showLeaderboard();
  });
  $('leaderboard-search').addEventListener('submit', (event) => {
    event.preventDefault();
    leaderboardAt.search = $('leaderboard-query').value.trim();
    leaderboardAt.offset = 0;
    void showLeaderboard();
  });
  $('leaderboard-previous').addEventListener('click', () => {
    leaderboardAt.offset = Math.max(0, leaderboardAt.offset - LEADERBOARD_PAGE);
    void showLeaderboard();
  });
  $('leaderboard-next').addEventListener('click', () => {
    leaderboardAt.offset += LEADERBOARD_PAGE;
    void showLeaderboard();
  });
  $('leaderboard-back').addEventListener('click', () => {
    showView(state.game ? 'game' : 'setup');
  });
}

/** Builds the setup from the server's choices, then comes back to the game in play after a
 * reload, if the server still has it. */
async function init() {
  wire();
  let config;
  try {
    config = await api.getConfig();
  } catch (e) {
    render.setError('setup-error', texts.configFailed(e.message));
    showView('setup', { focus: false });
    return;
  }
  form.build(config);
  form.fill(fieldsFromSaved(storage.loadSetup(), config.levels));
  form.onSubmit((fields) => submitSetup(fields, config.limits));
  form.enable();

  const id = storage.loadGameId();
  if (id) {
    const mine = nextGeneration(state);
    state.busy = true;
    try {
      const game = await api.getGame(id);
      if (!isCurrent(state, mine)) return;
      state.setup = setupFromState(game);
      await enterGame(game, mine);
      return;
    } catch {
      storage.forgetGame();
    } finally {
      if (isCurrent(state, mine)) setBusy(false);
    }
  }
  showView('setup', { focus: false });
}

void init();
