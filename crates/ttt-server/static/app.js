// The page's entry point: it reads the address (route.js) and opens what it names (the setup,
// a friend's invitation, or a game to play or watch), builds the setup from the server's
// choices (GET /api/config), and wires the navigation, the setup, the invitation and the
// leaderboard. The game itself, and the page's one state, are game.js's. The server holds
// every game and checks every move; what is decided without the DOM lives in pure modules
// that node's test runner checks.

import * as actions from './actions.js';
import * as api from './api.js';
import * as game from './game.js';
import * as render from './render.js';
import { routeOf } from './route.js';
import { checkSetup, fieldsFromSaved } from './setup.js';
import { SetupForm } from './setup-form.js';
import * as storage from './storage.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

const form = new SetupForm();

/** How many players a page of the leaderboard shows. */
const LEADERBOARD_PAGE = 50;

/** Where the leaderboard is: the first player shown, and the search. */
const leaderboardAt = { offset: 0, search: '' };

async function showLeaderboard() {
  game.closeDialog();
  game.showView('leaderboard');
  render.setError('leaderboard-error', '');
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
  void game.startGame(checked.request);
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
}

/** Builds the setup from the server's choices, then opens what the address names: a game
 * (or, at `/`, this tab's game after a reload, if the server still has it), an invitation,
 * or the setup. */
async function init() {
  wire();
  let config;
  try {
    config = await api.getConfig();
  } catch (e) {
    render.setError('setup-error', texts.configFailed(e.message));
    game.showView('setup', { focus: false });
    return;
  }
  form.build(config);
  form.fill(fieldsFromSaved(storage.loadSetup(), texts.computerChoices(config)));
  form.onSubmit((fields) => submitSetup(fields, config.limits));
  form.enable();

  const route = routeOf(location.pathname);
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
