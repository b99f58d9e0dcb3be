// The page's entry point: it reads the address (route.js) and opens what it names (the setup,
// a friend's invitation, or a game to play or watch), builds the setup from the server's
// choices (GET /api/config), and wires the navigation, the setup, the invitation and the
// leaderboard. The game itself, and the page's one state, are game.js's. The server holds
// every game and checks every move; what is decided without the DOM lives in pure modules
// that node's test runner checks.

import * as account from './account-view.js';
import * as actions from './actions.js';
import * as api from './api.js';
import * as game from './game.js';
import * as render from './render.js';
import { showPlayer, wirePlayer } from './player-view.js';
import { closeLobby, showLobby } from './lobby-view.js';
import { closeStudy, showStudy } from './study-view.js';
import { boardTitle, ratingText } from './ratings.js';
import { routeOf } from './route.js';
import { checkSetup, fieldsFromSaved } from './setup.js';
import { SetupForm } from './setup-form.js';
import * as storage from './storage.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

const form = new SetupForm();

/** The server's choices (GET /api/config), once read. */
let config = null;

/** How many players a page of the leaderboard shows. */
const LEADERBOARD_PAGE = 50;

/** Where the leaderboard is: the first player shown, and the search. */
const leaderboardAt = { offset: 0, search: '' };

/** A board's rating list in the leaderboard's ratings table. */
async function showRatings(board) {
  const page = await api.ratingList(board);
  const rows = page.players.map((p) => {
    const tr = document.createElement('tr');
    const rank = document.createElement('td');
    rank.textContent = p.rank === null ? '–' : String(p.rank);
    const who = document.createElement('th');
    who.scope = 'row';
    if (p.kind === 'human') who.append(render.playerLink(p.name));
    else who.textContent = p.level.startsWith('engine:') ? p.level.slice(7) : `Computer (${p.level})`;
    const rating = document.createElement('td');
    rating.textContent = ratingText(p);
    const games = document.createElement('td');
    games.textContent = String(p.games);
    tr.append(rank, who, rating, games);
    return tr;
  });
  $('rating-list').tBodies[0].replaceChildren(...rows);
  $('rating-list-empty').hidden = rows.length > 0;
}

async function showLeaderboard() {
  game.closeDialog();
  game.showView('leaderboard');
  render.setError('leaderboard-error', '');
  const board = $('leaderboard-board').value;
  $('ratings-card').hidden = !board;
  $('wins-part').hidden = Boolean(board);
  if (board) {
    try {
      await showRatings(board);
    } catch (e) {
      render.setError('leaderboard-error', e.message);
    }
    return;
  }
  const { offset, search } = leaderboardAt;
  try {
    const page = await api.listPlayers({ limit: LEADERBOARD_PAGE, offset, search });
    render.leaderboard(page, offset, LEADERBOARD_PAGE, search);
  } catch (e) {
    render.setError('leaderboard-error', e.message);
  }
}

/** Play: a setup that passes the checks starts a game; one that does not says what to fix. */
function submitSetup(fields, limits) {
  const checked = checkSetup(fields, limits);
  if (checked.error) {
    render.setError('setup-error', checked.error);
    return;
  }
  const request = { ...checked.request };
  if (!$('rated-row').hidden && $('rated').checked) request.rated = true;
  void game.startGame(request);
}

/** The setup's rated choice follows who is signed in: offered to a signed-in player, whose
 * name becomes Player 1's if it was left blank. */
function followAccount(signed) {
  $('rated-row').hidden = !signed;
  $('rated-help').hidden = !signed;
  if (!signed) {
    $('rated').checked = false;
    return;
  }
  $('rated-help').textContent = `Rated games move your rating (as ${signed.name}) on the named `
    + 'boards: against the computer, or a friend invited by link who signs in to join.';
  if (!$('p1-name').value.trim() && !$('p2-name').value.trim()) $('p1-name').value = signed.name;
}

/** The invitation at `/join/{code}`: a name, then the seat. */
function showJoin(code, limits) {
  $('join-intro').textContent = texts.JOIN_INTRO;
  $('join-name').maxLength = limits.max_name_chars;
  $('join-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = $('join-name').value.trim();
    if (!name) {
      render.setError('join-error', texts.JOIN_NAME_NEEDED);
      return;
    }
    $('join').disabled = true;
    await game.joinGame(code, name);
    $('join').disabled = false;
  });
  game.showView('join', { focus: false });
  $('join-name').focus();
}

function wire() {
  game.wire();
  actions.wire();
  $('to-setup').addEventListener('click', game.leaveGame);
  $('quit').addEventListener('click', game.leaveGame);
  $('nav-setup').addEventListener('click', game.leaveGame);
  $('nav-leaderboard').addEventListener('click', () => { void showLeaderboard(); });
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
    game.showView(game.state.game ? 'game' : 'setup');
  });
  $('leaderboard-board').addEventListener('change', () => { void showLeaderboard(); });
  // Leaving the analysis board stops its engine.
  document.querySelector('nav').addEventListener('click', (event) => {
    if (event.target.closest('button') && event.target.id !== 'nav-study') closeStudy();
    if (event.target.closest('button') && event.target.id !== 'nav-lobby') closeLobby();
  });
  $('nav-lobby').addEventListener('click', () => {
    game.closeDialog();
    if (!config) return;
    history.pushState(null, '', '/lobby');
    game.showView('lobby');
    showLobby(config);
  });
  $('nav-study').addEventListener('click', () => {
    game.closeDialog();
    if (!config) return;
    history.pushState(null, '', '/analysis');
    game.showView('study');
    showStudy(config, '');
  });
  $('nav-account').addEventListener('click', () => {
    game.closeDialog();
    game.showView('account');
  });
  $('player-back').addEventListener('click', () => {
    if (history.length > 1) history.back();
    else location.assign('/');
  });
  account.wireAccount({ onChange: followAccount });
  wirePlayer();
}

/** Builds the setup from the server's choices, then opens what the address names: a game
 * (or, at `/`, this tab's game after a reload, if the server still has it), an invitation,
 * or the setup. */
async function init() {
  wire();
  try {
    config = await api.getConfig();
  } catch (e) {
    render.setError('setup-error', texts.configFailed(e.message));
    game.showView('setup', { focus: false });
    return;
  }
  form.build(config);
  game.state.claimAfterSeconds = config.limits.claim_after_seconds;
  for (const board of config.rated_boards || []) {
    const option = document.createElement('option');
    option.value = board;
    option.textContent = `Rating: ${boardTitle(board)}`;
    $('leaderboard-board').append(option);
  }
  form.fill(fieldsFromSaved(storage.loadSetup(), texts.computerChoices(config)));
  form.onSubmit((fields) => submitSetup(fields, config.limits));
  form.enable();

  await account.refreshMe();
  const route = routeOf(location.pathname);
  if (route.view === 'account') {
    game.showView('account');
    return;
  }
  if (route.view === 'lobby') {
    game.showView('lobby');
    showLobby(config);
    return;
  }
  if (route.view === 'study') {
    game.showView('study');
    showStudy(config, location.search);
    return;
  }
  if (route.view === 'player') {
    game.showView('player');
    await showPlayer(route.name);
    return;
  }
  if (route.view === 'join') {
    showJoin(route.code, config.limits);
    return;
  }
  const id = route.view === 'game' ? route.id : storage.loadGameId();
  if (id) {
    if (await game.openGame(id)) return;
    storage.forgetGame();
    if (route.view === 'game') render.setError('setup-error', texts.GAME_NOT_FOUND);
    history.replaceState(null, '', '/');
  }
  game.showView('setup', { focus: false });
}

void init();
