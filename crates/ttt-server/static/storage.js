// What the browser keeps between visits: the last setup (localStorage, so the form comes back
// filled in), the game in play in this tab (sessionStorage, so a reload returns to it), and
// the seats this browser holds in friend games and the token of the seats played at this
// screen in the games it made (localStorage: a reload, or the link opened again, plays on). A seat token is a secret: kept here, sent only in its requests' headers,
// never shown.

const SETUP_KEY = 'ttt.setup';
const GAME_KEY = 'ttt.game';
const SEATS_KEY = 'ttt.seats';
const SCREENS_KEY = 'ttt.screens';

/** Seats are kept for this many games at most, the most recent: the list stays small. */
const MAX_SEAT_GAMES = 40;

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

/** Every seat kept: `{ [gameId]: { seats: [{mark, token}], at } }`. */
function allSeats() {
  try {
    const all = JSON.parse(localStorage.getItem(SEATS_KEY));
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

/**
 * The seat this browser holds in game `id`, `{mark, token}`, or null. A browser that holds
 * both (the link opened in a second tab of one browser) prefers `mark`, this tab's.
 */
export function loadSeat(id, mark = null) {
  const seats = allSeats()[id]?.seats;
  if (!Array.isArray(seats)) return null;
  const valid = seats.filter((s) => (s?.mark === 'X' || s?.mark === 'O')
    && typeof s.token === 'string');
  return valid.find((s) => s.mark === mark) || valid[0] || null;
}

/** The invitation's path kept with the host's seat of game `id`, or null: the state the
 * server sends does not hold it, and the host may reload while waiting. */
export function loadInvite(id) {
  const path = allSeats()[id]?.invite;
  return typeof path === 'string' ? path : null;
}

/** Keeps the seats `seats` ([{mark, token}], as the server gave them) of game `id`, and the
 * invitation's path for the host. */
export function saveSeats(id, seats, invite = null) {
  if (!Array.isArray(seats) || seats.length === 0) return;
  const all = allSeats();
  const kept = (all[id]?.seats || []).filter((s) => !seats.some((n) => n.mark === s?.mark));
  all[id] = {
    seats: [...kept, ...seats.map(({ mark, token }) => ({ mark, token }))],
    invite: invite ?? all[id]?.invite ?? null,
    at: Date.now(),
  };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => (b?.at || 0) - (a?.at || 0))
    .slice(0, MAX_SEAT_GAMES);
  localStorage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(newest)));
}

/** Every screen token kept: `{ [gameId]: { token, at } }`. */
function allScreens() {
  try {
    const all = JSON.parse(localStorage.getItem(SCREENS_KEY));
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

/** The token of the seats played at this screen in game `id` (a game this browser made), or
 * null. */
export function loadScreen(id) {
  const token = allScreens()[id]?.token;
  return typeof token === 'string' ? token : null;
}

/** Keeps the token of the seats played at this screen in game `id`. */
export function saveScreen(id, token) {
  if (typeof token !== 'string' || !token) return;
  const all = allScreens();
  all[id] = { token, at: Date.now() };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => (b?.at || 0) - (a?.at || 0))
    .slice(0, MAX_SEAT_GAMES);
  localStorage.setItem(SCREENS_KEY, JSON.stringify(Object.fromEntries(newest)));
}
