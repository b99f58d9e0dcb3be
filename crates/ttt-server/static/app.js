// The page: setup, game and leaderboard views over the JSON API. The server holds the game
// and checks every move; this module shows its state and sends the player's choices.
// Every name a person typed is shown with textContent, never parsed as HTML.

import * as api from './api.js';
import { BoardView } from './board.js';

const $ = (id) => document.getElementById(id);

const SETUP_KEY = 'ttt.setup';
const GAME_KEY = 'ttt.game';
/** A computer's reply is shown after this pause, so a person sees it arrive. */
const COMPUTER_PAUSE_MS = 350;
/** The end-of-game dialog waits this long, so the winning line can be seen first. */
const DIALOG_DELAY_MS = 700;
const MAX_SIDE = 19;
const LEVELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard', perfect: 'Perfect' };

const views = {
  setup: $('setup-view'),
  game: $('game-view'),
  leaderboard: $('leaderboard-view'),
};

let currentView = 'setup';
let setup = null; // the body that started the current game, reused by Restart and Play Again
let game = null; // the server's latest state of the current game
let shown = 0; // how many of game.moves the board shows
let busy = false; // waiting for the server, or showing the computer's reply
let generation = 0; // bumped for each new game: answers about an older game are dropped
let dialogTimer = 0;

const board = new BoardView($('board'), (index) => {
  void playAt(index);
});

// ---------------------------------------------------------------------------------------
// Setup

function syncPlayerPanel(n) {
  const human = $(`p${n}-human`).checked;
  $(`p${n}-name`).disabled = !human;
  $(`p${n}-level`).disabled = human;
  $(`p${n}-panel`).classList.toggle('is-computer', !human);
}

function syncPreset() {
  const value = `${$('rows').value},${$('cols').value},${$('k').value}`;
  const preset = $('preset');
  const match = [...preset.options].some((o) => o.value === value);
  preset.value = match ? value : 'custom';
}

function applyPreset() {
  const value = $('preset').value;
  if (value === 'custom') {
    $('rows').focus();
    return;
  }
  const [rows, cols, k] = value.split(',');
  $('rows').value = rows;
  $('cols').value = cols;
  $('k').value = k;
}

/** The new-game request from the form, or an Error saying what to fix. */
function readSetup() {
  const players = [1, 2].map((n) => {
    if ($(`p${n}-human`).checked) {
      const name = $(`p${n}-name`).value.trim() || `Player ${n}`;
      return { kind: 'human', name };
    }
    return { kind: 'computer', level: $(`p${n}-level`).value };
  });
  const number = (id, label) => {
    const text = $(id).value.trim();
    const value = Number(text);
    if (text === '' || !Number.isInteger(value)) {
      throw new Error(`${label} must be a whole number.`);
    }
    return value;
  };
  const rows = number('rows', 'Rows');
  const cols = number('cols', 'Columns');
  const k = number('k', 'In a row');
  if (rows < 1 || rows > MAX_SIDE || cols < 1 || cols > MAX_SIDE) {
    throw new Error(`Rows and columns must each be between 1 and ${MAX_SIDE}.`);
  }
  if (k < 1 || k > Math.max(rows, cols)) {
    throw new Error(`In a row must be between 1 and ${Math.max(rows, cols)} on this board.`);
  }
  if (players[0].kind === 'human' && players[1].kind === 'human'
      && players[0].name === players[1].name) {
    throw new Error('Give the two players different names.');
  }
  return { rows, cols, k, players };
}

function fillSetup(saved) {
  if (!saved || !Array.isArray(saved.players) || saved.players.length !== 2) return;
  saved.players.forEach((p, i) => {
    const n = i + 1;
    $(`p${n}-human`).checked = p.kind === 'human';
    if (p.kind === 'human' && typeof p.name === 'string') {
      $(`p${n}-name`).value = p.name === `Player ${n}` ? '' : p.name;
    }
    if (p.kind === 'computer' && p.level in LEVELS) $(`p${n}-level`).value = p.level;
    syncPlayerPanel(n);
  });
  for (const key of ['rows', 'cols', 'k']) {
    if (Number.isInteger(saved[key])) $(key).value = String(saved[key]);
  }
  syncPreset();
}

function loadSetup() {
  try {
    return JSON.parse(localStorage.getItem(SETUP_KEY));
  } catch {
    return null;
  }
}

function setupFromState(state) {
  return {
    rows: state.rows,
    cols: state.cols,
    k: state.k,
    players: state.players.map((p) => (p.kind === 'human'
      ? { kind: 'human', name: p.name }
      : { kind: 'computer', level: p.level })),
  };
}

// ---------------------------------------------------------------------------------------
// Views

function showView(name, { focus = true } = {}) {
  currentView = name;
  for (const [key, section] of Object.entries(views)) section.hidden = key !== name;
  for (const [id, view] of [['nav-setup', 'setup'], ['nav-leaderboard', 'leaderboard']]) {
    if (name === view) $(id).setAttribute('aria-current', 'page');
    else $(id).removeAttribute('aria-current');
  }
  if (!focus) return;
  if (name === 'setup') $('setup-heading').focus();
  if (name === 'leaderboard') $('leaderboard-heading').focus();
  if (name === 'game') board.focus();
}

function quitToSetup() {
  generation++;
  clearTimeout(dialogTimer);
  closeDialog();
  game = null;
  busy = false;
  sessionStorage.removeItem(GAME_KEY);
  showView('setup');
}

function setError(id, message) {
  $(id).textContent = message || '';
}

// ---------------------------------------------------------------------------------------
// Players and messages

function displayName(state, index) {
  const p = state.players[index];
  if (p.kind === 'human') return p.name;
  const level = LEVELS[p.level] || p.level;
  const bothComputers = state.players.every((q) => q.kind === 'computer');
  return bothComputers ? `Computer ${p.mark} (${level})` : `Computer (${level})`;
}

function resultText(state) {
  if (state.status === 'x_wins') return `${displayName(state, 0)} wins!`;
  if (state.status === 'o_wins') return `${displayName(state, 1)} wins!`;
  return 'Tie game!';
}

function turnText(state, index) {
  return state.players[index].kind === 'human'
    ? `${displayName(state, index)}'s turn`
    : `${displayName(state, index)} is thinking…`;
}

/** The message row for the board after `ply` moves of `state`. */
function renderMessages(state, ply) {
  const left = $('left-msg');
  const centre = $('center-msg');
  const right = $('right-msg');
  left.textContent = turnText(state, 0);
  right.textContent = turnText(state, 1);
  const over = ply >= state.moves.length && state.status !== 'in_progress';
  $('player-msg').classList.toggle('is-over', over);
  if (over) {
    centre.textContent = resultText(state);
    centre.className = 'center-msg result';
    setShown(left, false);
    setShown(right, false);
    return;
  }
  const toMove = ply % 2; // X moves first
  centre.textContent = toMove === 0 ? 'X' : 'O';
  centre.className = `center-msg mark ${toMove === 0 ? 'mark-x' : 'mark-o'}`;
  setShown(left, toMove === 0);
  setShown(right, toMove === 1);
}

function setShown(element, visible) {
  element.classList.toggle('is-hidden', !visible);
  element.setAttribute('aria-hidden', visible ? 'false' : 'true');
}

function announce(text) {
  const live = $('announcer');
  // A change of text is what gets read out; clear first so a repeat is read too.
  live.textContent = '';
  window.setTimeout(() => {
    live.textContent = text;
  }, 50);
}

function cellName(state, cell) {
  return `row ${cell.row + 1}, column ${cell.col + 1}`;
}

// ---------------------------------------------------------------------------------------
// Scores

function renderScorePanels(state) {
  ['x', 'o'].forEach((side, index) => {
    const panel = $(`scores-${side}`);
    const p = state.players[index];
    const mark = document.createElement('p');
    mark.className = `panel-mark mark mark-${side}`;
    mark.textContent = p.mark;
    mark.setAttribute('aria-label', `Plays ${p.mark}`);
    const name = document.createElement('h3');
    name.className = 'panel-name';
    name.textContent = displayName(state, index);
    panel.setAttribute('aria-label', `${displayName(state, index)}: scores`);
    if (p.kind !== 'human') {
      const note = document.createElement('p');
      note.className = 'muted';
      note.textContent = 'Scores are kept for human players.';
      panel.replaceChildren(mark, name, note);
      return;
    }
    const tally = document.createElement('dl');
    tally.className = 'tally';
    for (const [key, label] of [['wins', 'Wins'], ['losses', 'Losses'], ['ties', 'Ties']]) {
      const item = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.id = `score-${side}-${key}`;
      dd.textContent = '–';
      item.append(dt, dd);
      tally.append(item);
    }
    panel.replaceChildren(mark, name, tally);
  });
}

/** Fills the score panels from the leaderboard: a newcomer, not saved before their first
 * finished game, is not on it yet and has nothing to show but zeros. */
async function refreshScores(state, mine) {
  if (!state.players.some((p) => p.kind === 'human')) return;
  let everyone;
  try {
    everyone = await api.listPlayers();
  } catch (e) {
    if (mine === generation) setError('game-error', `Scores could not be loaded: ${e.message}`);
    return;
  }
  if (mine !== generation) return;
  state.players.forEach((p, index) => {
    if (p.kind !== 'human') return;
    const side = index === 0 ? 'x' : 'o';
    const stats = everyone.find((q) => q.name === p.name) || { wins: 0, losses: 0, ties: 0 };
    for (const key of ['wins', 'losses', 'ties']) {
      const dd = $(`score-${side}-${key}`);
      if (dd) dd.textContent = String(stats[key]);
    }
  });
}

// ---------------------------------------------------------------------------------------
// The game

const sleep = (ms) => new Promise((resolve) => { window.setTimeout(resolve, ms); });

/** The marks after the first `ply` moves, as an array of 'X' | 'O' | ''. */
function marksAfter(state, ply) {
  if (ply >= state.moves.length) {
    return state.position.replaceAll('/', '').split('').map((ch) => (ch === '.' ? '' : ch));
  }
  const marks = new Array(state.rows * state.cols).fill('');
  state.moves.slice(0, ply).forEach((m, i) => {
    marks[m.row * state.cols + m.col] = i % 2 === 0 ? 'X' : 'O';
  });
  return marks;
}

function drawBoard(state, ply) {
  const complete = ply >= state.moves.length;
  const win = new Set(complete && state.winning_line
    ? state.winning_line.map((c) => c.row * state.cols + c.col)
    : []);
  const lastMove = state.moves[Math.min(ply, state.moves.length) - 1];
  const last = lastMove ? lastMove.row * state.cols + lastMove.col : -1;
  board.render(marksAfter(state, ply), {
    win,
    last,
    over: complete && state.status !== 'in_progress',
  });
}

/** How long a computer's move stays "thinking" on screen: shorter when two computers fill
 * a big board. */
function computerPause(state) {
  const bothComputers = state.players.every((p) => p.kind === 'computer');
  if (!bothComputers) return COMPUTER_PAUSE_MS;
  return Math.max(40, Math.min(COMPUTER_PAUSE_MS, 6000 / (state.rows * state.cols)));
}

/** Shows a new state: moves not on the board yet appear one by one (a computer's after a
 * pause), then the messages, and the result if the game is over. While a computer is still
 * to move (two computers, or a search still running), asks the server again. */
async function present(first, mine) {
  let state = first;
  for (;;) {
    game = state;
    const said = [];
    while (shown < state.moves.length) {
      const index = shown % 2;
      if (state.players[index].kind === 'computer') {
        renderMessages(state, shown);
        await sleep(computerPause(state));
        if (mine !== generation) return;
      }
      const move = state.moves[shown];
      shown++;
      drawBoard(state, shown);
      said.push(`${displayName(state, index)} played ${index === 0 ? 'X' : 'O'} at ${cellName(state, move)}.`);
    }
    drawBoard(state, shown);
    renderMessages(state, shown);
    if (state.status !== 'in_progress') {
      said.push(resultText(state));
      announce(said.join(' '));
      void refreshScores(state, mine);
      clearTimeout(dialogTimer);
      dialogTimer = window.setTimeout(() => {
        if (mine === generation) openDialog(state);
      }, DIALOG_DELAY_MS);
      return;
    }
    const toMove = state.moves.length % 2;
    if (state.players[toMove].kind === 'human') {
      said.push(`${turnText(state, toMove)}, ${state.to_move}.`);
      announce(said.join(' '));
      return;
    }
    if (said.length > 0) announce(said.join(' '));
    await sleep(computerPause(state));
    if (mine !== generation) return;
    try {
      state = await api.getGame(state.id);
    } catch (e) {
      if (mine === generation) setError('game-error', e.message);
      return;
    }
    if (mine !== generation) return;
  }
}

async function startGame(request) {
  const mine = ++generation;
  clearTimeout(dialogTimer);
  closeDialog();
  setError('setup-error', '');
  setError('game-error', '');
  busy = true;
  // The board is busy from the click on: the old game's cells take no clicks while the new
  // game is being made (and tests waiting for an idle board wait for the new one).
  board.setBusy(true);
  try {
    const state = await api.createGame(request);
    if (mine !== generation) return;
    setup = request;
    localStorage.setItem(SETUP_KEY, JSON.stringify(request));
    sessionStorage.setItem(GAME_KEY, state.id);
    await enterGame(state, mine);
  } catch (e) {
    if (mine !== generation) return;
    setError(currentView === 'game' ? 'game-error' : 'setup-error', e.message);
  } finally {
    if (mine === generation) {
      busy = false;
      board.setBusy(false);
    }
  }
}

async function enterGame(state, mine) {
  game = state;
  shown = 0;
  board.build(state.rows, state.cols);
  renderScorePanels(state);
  void refreshScores(state, mine);
  drawBoard(state, 0);
  renderMessages(state, 0);
  showView('game');
  board.setBusy(true);
  await present(state, mine);
}

async function playAt(index) {
  if (busy || !game || game.status !== 'in_progress' || shown !== game.moves.length) return;
  const ply = game.moves.length;
  const side = ply % 2;
  if (game.players[side].kind !== 'human') return;
  const marks = marksAfter(game, ply);
  if (marks[index] !== '') return;

  const mine = generation;
  const before = game;
  busy = true;
  board.setBusy(true);
  setError('game-error', '');
  // Show the move at once; the server's answer confirms it (or puts the board back).
  marks[index] = side === 0 ? 'X' : 'O';
  board.render(marks, { last: index });
  renderMessages({ ...game, moves: [...game.moves, null] }, ply + 1);
  const row = Math.floor(index / game.cols);
  const col = index % game.cols;
  try {
    const state = await api.playMove(game.id, row, col);
    if (mine !== generation) return;
    shown = Math.min(ply + 1, state.moves.length);
    await present(state, mine);
  } catch (e) {
    if (mine !== generation) return;
    game = before;
    shown = before.moves.length;
    drawBoard(before, shown);
    renderMessages(before, shown);
    setError('game-error', e.status === 404
      ? 'This game is no longer on the server (was it restarted?). Start a new one with Restart Game.'
      : e.message);
  } finally {
    if (mine === generation) {
      busy = false;
      board.setBusy(false);
    }
  }
}

// ---------------------------------------------------------------------------------------
// The end-of-game dialog

function openDialog(state) {
  const dialog = $('end-dialog');
  $('end-title').textContent = resultText(state);
  $('end-msg').textContent = endMessage(state);
  if (!dialog.open) dialog.showModal();
  $('play-again').focus();
}

function closeDialog() {
  const dialog = $('end-dialog');
  if (dialog.open) dialog.close();
}

function endMessage(state) {
  const k = state.k;
  if (state.status === 'draw') return `The board is full and nobody got ${k} in a row.`;
  const winner = state.status === 'x_wins' ? 0 : 1;
  const loser = 1 - winner;
  const [w, l] = [state.players[winner], state.players[loser]];
  if (w.kind === 'computer' && l.kind === 'human') {
    return `${displayName(state, winner)} got ${k} in a row. Better luck next time, ${l.name}!`;
  }
  return `${displayName(state, winner)} got ${k} in a row. Well played!`;
}

// ---------------------------------------------------------------------------------------
// Leaderboard

async function showLeaderboard() {
  showView('leaderboard');
  setError('leaderboard-error', '');
  const body = $('leaderboard').tBodies[0];
  try {
    const players = await api.listPlayers();
    const rows = players.map((p, i) => {
      const tr = document.createElement('tr');
      const rank = document.createElement('td');
      rank.textContent = String(i + 1);
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = p.name;
      tr.append(rank, name);
      for (const key of ['wins', 'losses', 'ties', 'games']) {
        const td = document.createElement('td');
        td.textContent = String(p[key]);
        tr.append(td);
      }
      return tr;
    });
    body.replaceChildren(...rows);
    $('leaderboard-empty').hidden = rows.length > 0;
  } catch (e) {
    setError('leaderboard-error', e.message);
  }
}

// ---------------------------------------------------------------------------------------
// Wiring

function wire() {
  for (const n of [1, 2]) {
    $(`p${n}-human`).addEventListener('change', () => syncPlayerPanel(n));
    syncPlayerPanel(n);
  }
  $('preset').addEventListener('change', applyPreset);
  for (const id of ['rows', 'cols', 'k']) $(id).addEventListener('input', syncPreset);

  $('setup-form').addEventListener('submit', (event) => {
    event.preventDefault();
    let request;
    try {
      request = readSetup();
    } catch (e) {
      setError('setup-error', e.message);
      return;
    }
    void startGame(request);
  });

  $('reset').addEventListener('click', () => {
    if (setup) void startGame(setup);
  });
  $('to-setup').addEventListener('click', quitToSetup);
  $('play-again').addEventListener('click', () => {
    closeDialog();
    if (setup) void startGame(setup);
  });
  $('quit').addEventListener('click', quitToSetup);
  $('dialog-close').addEventListener('click', closeDialog);
  $('end-dialog').addEventListener('close', () => {
    if (currentView === 'game') board.focus();
  });

  $('nav-setup').addEventListener('click', quitToSetup);
  $('nav-leaderboard').addEventListener('click', () => {
    clearTimeout(dialogTimer);
    closeDialog();
    void showLeaderboard();
  });
  $('leaderboard-back').addEventListener('click', () => {
    showView(game ? 'game' : 'setup');
  });
}

async function init() {
  wire();
  fillSetup(loadSetup());
  // A reload comes back to the game in play, if the server still has it.
  const id = sessionStorage.getItem(GAME_KEY);
  if (id) {
    const mine = ++generation;
    busy = true;
    try {
      const state = await api.getGame(id);
      if (mine !== generation) return;
      setup = setupFromState(state);
      await enterGame(state, mine);
      return;
    } catch {
      sessionStorage.removeItem(GAME_KEY);
    } finally {
      if (mine === generation) {
        busy = false;
        board.setBusy(false);
      }
    }
  }
  showView('setup', { focus: false });
}

void init();
