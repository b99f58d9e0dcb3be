// What the browser keeps between visits: the last setup (localStorage, so the form comes back
// filled in) and the game in play in this tab (sessionStorage, so a reload returns to it).

const SETUP_KEY = 'ttt.setup';
const GAME_KEY = 'ttt.game';

/** The setup saved by the last game started, as parsed JSON (anything), or null. */
export function loadSetup() {
  try {
    return JSON.parse(localStorage.getItem(SETUP_KEY));
  } catch {
    return null;
  }
}

/** Keeps the request that started a game, for the next visit's form. */
export function saveSetup(request) {
  localStorage.setItem(SETUP_KEY, JSON.stringify(request));
}

/** The id of this tab's game in play, or null. */
export function loadGameId() {
  return sessionStorage.getItem(GAME_KEY);
}

/** Remembers this tab's game in play. */
export function saveGameId(id) {
  sessionStorage.setItem(GAME_KEY, id);
}

/** Forgets this tab's game: a reload shows the setup. */
export function forgetGame() {
  sessionStorage.removeItem(GAME_KEY);
}
