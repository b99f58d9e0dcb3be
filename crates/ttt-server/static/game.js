// The game in the page: entering one (made here, joined by link, or opened by its address),
// showing each new state, the end of the game and its analysis. It holds the page's one state
// (state.js). A game played here is followed through the answers to its requests, a
// computer's replies paced one by one; a game with a friend, and any game watched, through
// its live updates (live.js), kept at the highest version seen. What the players do is sent
// by actions.js, whose answers come back here; the views are handed what to show, and the
// rules of who may do what are in roles.js.

import * as api from './api.js';
import { AnalysisPanel } from './analysis-view.js';
import { BoardView } from './board.js';
import { attachZoom } from './zoom.js';
import { showClocks } from './clock-view.js';
import * as controls from './controls.js';
import {
  boardAfter, indexOf, MARKS, marksAfter, sideOf,
} from './geometry.js';
import { LiveGame } from './live.js';
import { isInOpening, pickedMarks } from './opening.js';
import * as openingView from './opening-view.js';
import { computerPause, DIALOG_DELAY_MS } from './pacing.js';
import * as render from './render.js';
import {
  actsFor, actsInOpening, awaySide, isWaitingForFriend, mySide, opponentSide, roleOf,
  seatMark, takebackAnswer, takebackQuestion,
} from './roles.js';
import { fullUrl, gamePath } from './route.js';
import { setupFromState } from './setup.js';
import {
  createState, isCurrent, mergeState, nextGeneration,
} from './state.js';
import * as storage from './storage.js';
import * as texts from './texts.js';
import { sleep } from './timers.js';
import * as together from './together-view.js';

const $ = (id) => document.getElementById(id);

/** How long after a clock reaches zero a page without live updates asks for the game: the
 * server's look for clocks run out comes first. */
const FLAG_ASK_MS = 700;

/** The running clock reached zero: a game played here (which has no live updates) asks the
 * server, which has ended it. */
function clockRanOut() {
  if (state.role !== 'local' || !state.game) return;
  const mine = state.generation;
  const { id } = state.game;
  window.setTimeout(async () => {
    if (!isCurrent(state, mine)) return;
    try {
      const game = await api.getGame(id);
      if (isCurrent(state, mine)) await present(game, mine);
    } catch {
      // The next request shows the game as it is.
    }
  }, FLAG_ASK_MS);
}

/** How long the opponent must have been away for their return to be said. */
const BACK_IS_NEWS_MS = 3000;

/** What a change of the draw offer between `before` and `after` tells the player at `mark`:
 * the other offers a draw, or declined this player's offer; else ''. */
function drawNews(before, after, mark) {
  if (!before || after.status !== 'in_progress') return '';
  const other = mark === 'X' ? 'O' : 'X';
  const name = texts.displayName(after, other === 'X' ? 0 : 1);
  if (after.draw_offer === other && before.draw_offer !== other) {
    return texts.drawOfferedText(name);
  }
  if (before.draw_offer === mark && after.draw_offer === null
      && after.moves.length === before.moves.length) {
    return texts.drawDeclinedText(name);
  }
  return '';
}

/** The one state of the page: nothing else here changes between events. */
export const state = createState();
/** What a click on a cell does: actions.js sets it (a move, if it may be one). */
let playHandler = () => {};
const board = new BoardView($('board'), (index) => playHandler(index));
attachZoom($('board').parentElement, $('board'));
const dialog = new render.EndDialog();
const analysis = new AnalysisPanel((ply, values) => {
  drawBoard(ply, values);
  render.messages(state.game, ply, { replay: true });
});
/** The open live updates, if the game has them. */
let live = null;
/** The host's invitation path, while the friend has not joined. */
let invite = null;

// ---------------------------------------------------------------------------------------
// Views

/** Shows view `name`; the game's board (or another view's heading) takes the focus. The
 * page goes back to its top, so the title is in sight. */
export function showView(name, { focus = true } = {}) {
  state.view = name;
  render.showSection(name);
  window.scrollTo(0, 0);
  if (!focus) return;
  if (name === 'game') board.focus();
  else render.focusHeading(name);
}

/** Closes the game's live updates and panels: nothing more about it will be shown. */
function closeGame() {
  nextGeneration(state);
  live?.close();
  live = null;
  invite = null;
  dialog.close();
  analysis.close();
  state.game = null;
  state.busy = false;
  state.hint = null;
  state.hinting = false;
  state.note = '';
  state.awaySince = null;
  state.picked = [];
  state.link = 'off';
}

/** Leaves the game for the setup: its address becomes the page's own again. */
export function leaveGame() {
  closeGame();
  openingView.header(state);
  storage.forgetGame();
  if (location.pathname !== '/') history.replaceState(null, '', '/');
  showView('setup');
}

/** The board after the first `ply` moves, with the hint or the analysis's colour map, and
 * on the latest position X's forbidden points and the opening stones picked. */
function drawBoard(ply = state.shown, values = null) {
  const { game } = state;
  const shown = boardAfter(game, ply);
  const hint = state.hint && !values
    ? {
      index: indexOf(state.hint, game.cols),
      mark: MARKS[sideOf(game.moves.length)],
      words: texts.hintNote(state.hint),
    }
    : null;
  const latest = ply === game.moves.length && !values;
  const forbidden = new Set(latest ? (game.forbidden || []).map((c) => indexOf(c, game.cols)) : []);
  const picked = latest ? pickedMarks(game, state.picked) : new Map();
  board.render({
    ...shown, hint, values, forbidden, picked,
  });
}

/** Redraws the board with the opening stones picked so far (none yet sent). */
export function drawPicked() {
  drawBoard();
  openingView.panel(state);
}

/** What is read out when the state says the opening goes on, or what was chosen in it. */
function openingNews(before, game, said) {
  const was = before?.opening_choices?.length ?? 0;
  const choices = game.opening_choices || [];
  if (before && choices.length > was) said.push(texts.choiceMade(game, choices[choices.length - 1]));
  if (isInOpening(game)) said.push(texts.openingText(game, actsInOpening(state)));
}

/** The score panels again when the seats changed places (an opening gave X to the second
 * person). */
function seatsMoved(before, game, mine) {
  if (!before || (before.first ?? 'X') === (game.first ?? 'X')) return;
  render.scorePanels(game);
  void refreshScores(game, mine);
}

/** Everything around the board, from the state: messages, panels, buttons. */
export function refresh() {
  const { game } = state;
  showClocks(game, () => controls.show(state), clockRanOut);
  if (!analysis.isOpen) drawBoard();
  render.messages(game, state.shown);
  openingView.header(state);
  openingView.panel(state);
  together.liveBar(state);
  together.invitation(state, invite && fullUrl(location.origin, invite));
  together.question(state);
  together.note(state);
  controls.show(state);
  if (dialog.isOpen) dialog.update(controls.endExtras(state));
}

/** The board is waiting for the server (or not); its cells take no clicks meanwhile. */
export function setBusy(busy) {
  state.busy = busy;
  board.setBusy(busy);
  if (state.game) controls.show(state);
  if (state.game) together.question(state);
  if (state.game) openingView.panel(state);
}

/** Fills the score panels from the players' records, unless another game has started
 * since. */
async function refreshScores(game, mine) {
  const people = (p) => p.kind !== 'computer' && p.name;
  if (!game.players.some(people)) return;
  let records;
  try {
    records = await Promise.all(game.players.map((p) => (people(p) ? api.getPlayer(p.name) : null)));
  } catch (e) {
    if (isCurrent(state, mine)) render.setError('game-error', texts.scoresFailed(e.message));
    return;
  }
  if (isCurrent(state, mine)) render.scores(state.game, records);
}

/** The game is over: say so, fill in the scores, open the dialog in a moment. */
function finish(game, mine, said) {
  said.push(texts.resultText(game));
  if (game.forfeit) said.push(texts.endMessage(game));
  render.announce(said.join(' '));
  void refreshScores(game, mine);
  dialog.openAfter(DIALOG_DELAY_MS, game, () => isCurrent(state, mine) && !analysis.isOpen,
    () => controls.endExtras(state));
}

// ---------------------------------------------------------------------------------------
// Entering a game

/**
 * Shows `game` as the page's game: `seat` is the one this page holds (a friend game), `local`
 * says this tab made it (played here). Its address becomes the page's, so a reload comes
 * back and a copy of it lets anyone watch.
 */
export async function enterGame(game, {
  seat = null, local = false, screen = null, resume = false,
}) {
  closeGame();
  const mine = state.generation;
  state.role = roleOf(game, { seat, local });
  state.seat = state.role === 'player' ? seat : null;
  state.screen = state.role === 'local' ? screen : null;
  state.game = game;
  // A new game played here shows its first moves one by one; one opened again (a reload,
  // its address) shows where it stands at once, not its moves replayed.
  state.shown = state.role === 'local' && !resume ? 0 : game.moves.length;
  if (state.role === 'local') storage.saveGameId(game.id);
  if (state.role === 'player') invite = storage.loadInvite(game.id);
  if (location.pathname !== gamePath(game.id)) history.replaceState(null, '', gamePath(game.id));
  render.setError('game-error', '');
  board.build(game.rows, game.cols);
  render.scorePanels(game);
  void refreshScores(game, mine);
  refresh();
  showView('game');
  if (state.role === 'local') {
    board.setBusy(true);
    await present(game, mine);
    if (isCurrent(state, mine)) setBusy(false);
    return;
  }
  setBusy(false);
  live = new LiveGame(game.id, state.seat?.token ?? null, {
    onState: (incoming) => receive(incoming, mine),
    onLink: (link) => {
      if (!isCurrent(state, mine)) return;
      const was = state.link;
      state.link = link;
      together.liveBar(state);
      // Back in touch: a request that failed meanwhile can be made again.
      if (link === 'open' && was === 'lost') {
        if ($('game-error').textContent === api.UNREACHABLE) render.setError('game-error', '');
        render.announce(texts.LINK_TEXTS.open);
      } else if (link === 'lost' && was !== 'lost') {
        render.announce(texts.LINK_TEXTS.lost);
      }
    },
    onGone: (message) => {
      if (isCurrent(state, mine)) render.setError('game-error', message);
    },
  });
  if (game.status !== 'in_progress') finish(game, mine, []);
}

/** Starts a game from the setup's `request` (or Restart Game's). */
export async function startGame(request) {
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
    storage.saveSetup(request);
    // With a friend, the answer holds the host's seat; otherwise the seats played here.
    const friend = Boolean(game.invite);
    const seat = friend ? game.seats?.[0] ?? null : null;
    const screen = friend ? null : game.seats?.[0]?.token ?? null;
    if (seat) storage.saveSeats(game.id, game.seats, game.invite);
    else state.setup = request;
    if (screen) storage.saveScreen(game.id, screen);
    await enterGame(game, { seat, local: !friend, screen });
  } catch (e) {
    if (!isCurrent(state, mine)) return;
    render.setError(state.view === 'game' ? 'game-error' : 'setup-error', e.message);
    setBusy(false);
  }
}

/** Restart Game: the same setup afresh. */
export function restartGame() {
  if (state.setup) void startGame(state.setup);
}

/** Takes the invited friend's seat with `name`; the join view's error line says why not. */
export async function joinGame(code, name) {
  const mine = nextGeneration(state);
  render.setError('join-error', '');
  try {
    const game = await api.joinGame(code, name);
    if (!isCurrent(state, mine)) return false;
    storage.saveSeats(game.id, game.seats);
    await enterGame(game, { seat: game.seats[0] });
    return true;
  } catch (e) {
    if (isCurrent(state, mine)) {
      const gone = [404, 409, 410].includes(e.status);
      render.setError('join-error', gone ? texts.joinFailed(e.message) : e.message);
    }
    return false;
  }
}

/**
 * Opens game `id` (its address, or this tab's game after a reload): as its player if this
 * browser holds a seat, played here if this tab made it, else watched. Resolves false if the
 * server does not have it.
 */
export async function openGame(id) {
  const mine = nextGeneration(state);
  state.busy = true;
  try {
    const game = await api.getGame(id);
    if (!isCurrent(state, mine)) return true;
    const seat = storage.loadSeat(id);
    const screen = storage.loadScreen(id);
    const local = storage.loadGameId() === id || (screen !== null && !seat);
    if (local && !seat) state.setup = setupFromState(game);
    await enterGame(game, {
      seat, local, screen, resume: true,
    });
    return true;
  } catch {
    if (isCurrent(state, mine)) state.busy = false;
    return false;
  }
}

// ---------------------------------------------------------------------------------------
// Showing states

/** A game played here: moves not on the board yet appear one by one (a computer's after a
 * pause), then the messages, and the result if the game is over. While a computer is still
 * to move (two computers, or a search still running), asks the server again. */
export async function present(first, mine) {
  let game = first;
  for (;;) {
    const before = state.game;
    state.game = game;
    const said = [];
    seatsMoved(before, game, mine);
    if (before && before.version !== game.version) state.picked = [];
    if (state.shown > game.moves.length) {
      state.shown = game.moves.length;
      said.push(texts.takenBackText(state.shown));
    }
    while (state.shown < game.moves.length) {
      const side = sideOf(state.shown);
      if (game.players[side].kind === 'computer') {
        render.messages(game, state.shown);
        await sleep(computerPause(game));
        if (!isCurrent(state, mine)) return;
      }
      const move = game.moves[state.shown];
      said.push(texts.movePlayed(game, side, move, state.shown));
      state.shown++;
      state.hint = null;
      drawBoard();
    }
    refresh();
    if (game.status !== 'in_progress') {
      finish(game, mine, said);
      return;
    }
    openingNews(before, game, said);
    if (isInOpening(game)) {
      render.announce(said.join(' '));
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

/** A state from the live updates, or the answer to a request in a live game: shown if it is
 * the latest (state.js's `mergeState`). */
export function receive(incoming, mine) {
  if (!isCurrent(state, mine)) return;
  const before = state.game;
  const game = mergeState(before, incoming);
  if (!game) return;
  state.game = game;
  const [wasAway, away] = [before ? awaySide({ ...state, game: before }) : -1, awaySide(state)];
  const awayFor = state.awaySince === null ? 0 : performance.now() - state.awaySince;
  if (away >= 0 && state.awaySince === null) state.awaySince = performance.now();
  if (away < 0) state.awaySince = null;
  if (before && game.version === before.version) {
    // Who watches or is connected changed, nothing else. Back after a moment away (the
    // other's page connecting just after this one's) is not news.
    refresh();
    if (away >= 0 && wasAway < 0) {
      render.announce(texts.awayText(texts.displayName(game, away)));
    } else if (away < 0 && wasAway >= 0 && awayFor >= BACK_IS_NEWS_MS) {
      render.announce(texts.backText(texts.displayName(game, wasAway)));
    }
    return;
  }
  const said = [];
  if (state.shown > game.moves.length) {
    state.shown = game.moves.length;
    said.push(texts.takenBackText(state.shown));
  }
  if (before && before.moves.length !== game.moves.length) {
    state.hint = null;
    state.note = '';
  }
  state.picked = [];
  seatsMoved(before, game, mine);
  while (state.shown < game.moves.length) {
    const side = sideOf(state.shown);
    said.push(texts.movePlayed(game, side, game.moves[state.shown], state.shown));
    state.shown++;
  }
  const answer = state.seat && takebackAnswer(before, game, seatMark(state));
  if (answer) {
    state.note = texts.takebackAnswerText(game, answer, mySide(state));
    said.push(state.note);
  }
  // The offer answered (or withdrawn by a move): its note goes.
  if (before?.draw_offer && !game.draw_offer && state.note.endsWith(texts.DRAW_OFFER_TAIL)) {
    state.note = '';
  }
  // The game over: a note about an offer or a takeback was of the game that was.
  if (before?.status === 'in_progress' && game.status !== 'in_progress') state.note = '';
  const draw = state.seat && drawNews(before, game, seatMark(state));
  if (draw) {
    state.note = draw;
    said.push(draw);
  }
  if (before && isWaitingForFriend(before) && !isWaitingForFriend(game)) {
    invite = null;
    render.scorePanels(game);
    void refreshScores(game, mine);
    said.push(texts.joinedText(game, opponentSide(state)));
  }
  if (game.rematch && !before?.rematch && state.role !== 'local') {
    state.note = texts.rematchStartedText(game, opponentSide(state));
    said.push(state.note);
  }
  if (game.takeback && !before?.takeback) {
    said.push(texts.takebackQuestionText(game, takebackQuestion(state)));
  }
  refresh();
  if (game.status !== 'in_progress') {
    if (!before || before.status === 'in_progress') finish(game, mine, said);
    else if (said.length > 0) render.announce(said.join(' '));
    return;
  }
  openingNews(before, game, said);
  const toMove = sideOf(game.moves.length);
  if (actsFor(state, toMove)) said.push(texts.turnAnnouncement(game, toMove));
  if (said.length > 0) render.announce(said.join(' '));
}

/** Opens the analysis of the finished game. */
export function openAnalysis() {
  if (!state.game || state.game.status === 'in_progress') return;
  dialog.close();
  analysis.open(state.game);
}

/** Closes the analysis: the board shows the end of the game again. */
export function closeAnalysis() {
  analysis.close();
  refresh();
  board.focus();
}

/** Sets what a click (or Enter) on a board cell does. */
export function onPlay(handler) {
  playHandler = handler;
}

/** The move at cell `index` shown at once, before the server has answered. */
export function showPending(index) {
  const before = state.game;
  const ply = before.moves.length;
  const marks = marksAfter(before, ply);
  marks[index] = MARKS[sideOf(ply)];
  board.render({ marks, last: index });
  render.messages({ ...before, moves: [...before.moves, null] }, ply + 1);
}

/** Wires the end dialog's close button, and where the focus goes when it closes. */
export function wire() {
  $('dialog-close').addEventListener('click', () => dialog.close());
  dialog.onClose(() => {
    if (state.view === 'game' && !analysis.isOpen) board.focus();
  });
}

/** Closes the end dialog (another view is being shown over the game). */
export function closeDialog() {
  dialog.close();
}
