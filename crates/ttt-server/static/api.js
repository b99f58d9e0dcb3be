// The JSON API of `ttt serve`. The server decides everything; this module only talks to it.
// In a game with a friend invited by link, whatever acts for a seat names it with the seat's
// token (`Authorization: Bearer`); the callers pass it, or null where none is needed.

/** A refusal or failure, with the server's message (`{"error": "..."}`). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The message when no answer came at all. */
export const UNREACHABLE = 'The server cannot be reached. Is ttt serve still running?';

/** The headers of a request, with the seat's token if there is one. */
export function headers(token, accept = 'application/json') {
  const h = { Accept: accept };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function request(method, path, { body, token } = {}) {
  const init = { method, headers: headers(token) };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.error === 'string'
      ? data.error
      : `The server answered with status ${response.status}.`;
    throw new ApiError(response.status, message);
  }
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

/** Starts a game: `{rows, cols, k, rule, opening, players: [P, P]}` (rule and opening may be
 * left out: free-style, none), each P `{kind: 'human', name}`,
 * `{kind: 'computer', level}` or `{kind: 'friend'}`. A friend game's answer adds `seats`
 * (the host's token) and `invite` (the path of the friend's link). */
export function createGame(setup) {
  return request('POST', '/api/games', { body: setup });
}

/** Takes the invited friend's seat: the state, with `seats` holding its token. */
export function joinGame(code, name) {
  return request('POST', `/api/join/${encodeURIComponent(code)}`, { body: { name } });
}

/** A game's state. */
export function getGame(id) {
  return request('GET', game(id));
}

/** Plays a move (0-based) and returns the state after any computer reply. */
export function playMove(id, row, col, token) {
  return request('POST', `${game(id)}/moves`, { body: { row, col }, token });
}

/** An opening's step: `{place: [{row, col}, ...]}` or `{choose: 'take_x' | 'take_o' |
 * 'place_two'}`; the new state. */
export function openingStep(id, step, token) {
  return request('POST', `${game(id)}/opening`, { body: step, token });
}

/** Undoes (at one screen, against the computer) or asks the friend to (the state says). */
export function takeBack(id, token) {
  return request('POST', `${game(id)}/takeback`, { token });
}

/** Accepts or declines the other player's takeback question. */
export function answerTakeback(id, accept, token) {
  return request('POST', `${game(id)}/takeback/answer`, { body: { accept }, token });
}

/** The best move for the player to move: `{row, col, value, plies}`. */
export function hint(id, token) {
  return request('POST', `${game(id)}/hint`, { token });
}

/** Resigns for the caller's side. */
export function resign(id, token) {
  return request('POST', `${game(id)}/resign`, { token });
}

/** Offers a draw, or accepts (or with `accept` false declines) the other's offer. */
export function draw(id, accept, token) {
  return request('POST', `${game(id)}/draw`, { body: { accept }, token });
}

/** Calls the game off before both sides have moved. */
export function abort(id, token) {
  return request('POST', `${game(id)}/abort`, { token });
}

/** Claims the win against an opponent who left. */
export function claim(id, token) {
  return request('POST', `${game(id)}/claim`, { token });
}

/** The next game, marks swapped; `seats` holds the caller's token there. */
export function rematch(id, token) {
  return request('POST', `${game(id)}/rematch`, { token });
}

/** Every empty cell's value after the first `ply` moves: `{ply, to_move, value, plies, cells}`. */
export function analysis(id, ply) {
  return request('GET', `${game(id)}/analysis?ply=${ply}`);
}

/** The address of a game's live updates (server-sent events). */
export function eventsPath(id) {
  return `${game(id)}/events`;
}

/** One player's record, or `null` for a newcomer not saved yet. */
export async function getPlayer(name) {
  const query = new URLSearchParams({ name, limit: '1' });
  const page = await request('GET', `/api/players?${query}`);
  return page.players[0] || null;
}

/** What the page may offer: `{limits: {max_side, max_name_chars}, levels, default_level,
 * presets: [{name, title, rows, cols, k}, ...]}`. */
export function getConfig() {
  return request('GET', '/api/config');
}

/** A page of the leaderboard, best first: `{players: [{rank, name, wins, ...}], total}`.
 * `search` keeps the players whose name contains it, in any case. */
export function listPlayers({ limit = 50, offset = 0, search = '' } = {}) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search) query.set('q', search);
  return request('GET', `/api/players?${query}`);
}

// Accounts: the session is a cookie the browser keeps and sends by itself (HttpOnly, never
// readable here).

/** Signs up: the account (`{name, ratings}`), signed in. */
export function signUp(name, password, claimCode = '') {
  const body = { name, password };
  if (claimCode) body.claim_code = claimCode;
  return request('POST', '/api/accounts', { body });
}

/** Signs in: the account. */
export function signIn(name, password) {
  return request('POST', '/api/session', { body: { name, password } });
}

/** Signs this browser out. */
export function signOut() {
  return request('DELETE', '/api/session');
}

/** Ends every session of the account. */
export function signOutEverywhere() {
  return request('DELETE', '/api/sessions');
}

/** The signed-in account, or null. */
export async function me() {
  return (await request('GET', '/api/session')).account;
}

/** A new password, given the present one. */
export function changePassword(password, newPassword) {
  return request('POST', '/api/account/password', {
    body: { password, new_password: newPassword },
  });
}

/** Deletes the account, given its password. */
export function deleteAccount(password) {
  return request('DELETE', '/api/account', { body: { password } });
}

/** One player's page: counts, `account`, `ratings` by board and `rating_history`. */
export function playerPage(name) {
  return request('GET', `/api/players/${encodeURIComponent(name)}`);
}

/** A player's finished games, most recent first, with their moves. */
export function playerGames(name, limit = 20) {
  return request('GET', `/api/players/${encodeURIComponent(name)}/games?limit=${limit}`);
}

/** A board's rating list: `{board, players: [{rank, kind, name|level, rating, ...}], total}`. */
export function ratingList(board, limit = 50) {
  const query = new URLSearchParams({ board, limit: String(limit) });
  return request('GET', `/api/players?${query}`);
}

/** A game file's text read by the server (every move checked; nothing recorded):
 * `{rows, cols, k, rule, names, moves, comments}`. */
export async function readGameFile(text) {
  let response;
  try {
    response = await fetch('/api/files/read', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'text/plain' },
      body: text,
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.error === 'string'
      ? data.error
      : `The server answered with status ${response.status}.`;
    throw new ApiError(response.status, message);
  }
  return data;
}

/** Where a finished game is downloaded as a file: `format` is 'sgf' or 'psq'. */
export function recordFilePath(id, format) {
  return `/api/records/${encodeURIComponent(id)}/file?format=${format}`;
}
