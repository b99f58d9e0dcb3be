// The JSON API of `ttt serve`. The server decides everything; this module only talks to it.

/** A refusal or failure, with the server's message (`{"error": "..."}`). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Is ttt serve still running?');
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

/** Starts a game: `{rows, cols, k, players: [{kind: 'human', name} | {kind: 'computer', level}, ...]}`. */
export function createGame(setup) {
  return request('POST', '/api/games', setup);
}

/** A game's state. */
export function getGame(id) {
  return request('GET', `/api/games/${encodeURIComponent(id)}`);
}

/** Plays a human move (0-based) and returns the state after any computer reply. */
export function playMove(id, row, col) {
  return request('POST', `/api/games/${encodeURIComponent(id)}/moves`, { row, col });
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
