// Where the page is: its address names what to show. `/` is the setup (or this tab's game
// after a reload), `/join/{code}` a friend's invitation, `/games/{id}` a game to play or
// watch, `/players/{name}` a player's ratings and games, `/account` signing in, `/analysis` the
// analysis board (its query names a board and moves), `/lobby` the lobby. The server
// answers them all with the same page, which reads the rest itself.
// Pure, so node's test runner checks it.

/** A segment of the address, decoded; `null` when it is not valid percent-encoding. */
function segment(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * What the address `pathname` asks for: `{ view: 'join', code }`, `{ view: 'game', id }`,
 * `{ view: 'player', name }`, `{ view: 'account' }`, `{ view: 'study' }` (`/analysis`), or
 * `{ view: 'home' }` for `/` and
 * anything else.
 */
export function routeOf(pathname) {
  if (/^\/account\/?$/.test(pathname)) return { view: 'account' };
  if (/^\/analysis\/?$/.test(pathname)) return { view: 'study' };
  if (/^\/lobby\/?$/.test(pathname)) return { view: 'lobby' };
  const match = /^\/(join|games|players)\/([^/]+)\/?$/.exec(pathname);
  const value = match && segment(match[2]);
  if (!value) return { view: 'home' };
  if (match[1] === 'players') return { view: 'player', name: value };
  return match[1] === 'join' ? { view: 'join', code: value } : { view: 'game', id: value };
}

/** The address of the page of the player called `name`. */
export function playerPath(name) {
  return `/players/${encodeURIComponent(name)}`;
}

/** The address of game `id`: a reload comes back to it, and anyone given it watches. */
export function gamePath(id) {
  return `/games/${encodeURIComponent(id)}`;
}

/** The address people share: `path` (as the server gives it) on the page's `origin`. */
export function fullUrl(origin, path) {
  return new URL(path, origin).href;
}
