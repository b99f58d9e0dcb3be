// Every sentence the page shows or reads out, built from the server's game state: players'
// names, turns, results, the board's labels for screen readers and the setup's choices. Pure,
// so node's test runner checks the wording without a browser; the views put these strings in
// with textContent, so a name is never read as HTML.

import { endingResult, endingSentence } from './clock.js';
import { MARKS, sideOf } from './geometry.js';
import { isOpeningStone, phaseOf, stoneMark } from './opening.js';

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
];

/** Small numbers as words ("five in a row"), larger ones as digits. */
export function numberWord(n) {
  return NUMBER_WORDS[n] ?? String(n);
}

/** How a computer's level names an engine the server offers: `engine:NAME`. */
export const ENGINE_PREFIX = 'engine:';

/** The choices for a computer player: the levels, then the server's engines. */
export function computerChoices(config) {
  return [...config.levels, ...(config.engines || []).map((name) => ENGINE_PREFIX + name)];
}

/** A computer level as the page shows it: `easy` is "Easy", `engine:bot` "Engine: bot". */
export function levelLabel(level) {
  if (level?.startsWith(ENGINE_PREFIX)) return `Engine: ${level.slice(ENGINE_PREFIX.length)}`;
  return level ? level[0].toUpperCase() + level.slice(1) : level;
}

/** A named board as the setup offers it: "Gomoku: 15 × 15, five in a row". */
export function presetLabel(preset) {
  const size = `${preset.rows} × ${preset.cols}, ${numberWord(preset.k)} in a row`;
  return preset.title ? `${preset.title}: ${size}` : size;
}

/** The board-size choice for a board that is not a named one. */
export const CUSTOM_LABEL = 'Custom';

/** The name older pages gave a human player whose name field was left empty (now a
 * guest's, which the server names). */
export function defaultName(n) {
  return `Player ${n}`;
}

/** What an empty name field shows: leaving it empty plays as a guest. */
export const GUEST_PLACEHOLDER = 'Guest (no name)';

/** A friend invited by link, before they give their name. */
export const INVITED_FRIEND = 'Invited friend';

/**
 * How a player of `state` (0 for X, 1 for O) is named: a person by name (an invited friend
 * who has not joined yet as such), a computer by level, and by mark too when both are
 * computers.
 */
export function displayName(state, index) {
  const p = state.players[index];
  if (p.kind === 'human') return p.name;
  if (p.kind === 'friend') return p.name || INVITED_FRIEND;
  const bothComputers = state.players.every((q) => q.kind === 'computer');
  if (p.level?.startsWith(ENGINE_PREFIX)) {
    const engine = `Engine ${p.level.slice(ENGINE_PREFIX.length)}`;
    return bothComputers ? `${engine} (${p.mark})` : engine;
  }
  const level = levelLabel(p.level);
  return bothComputers ? `Computer ${p.mark} (${level})` : `Computer (${level})`;
}

/** Resign's label, and what it says while it waits for the click that confirms it. */
export const RESIGN_LABEL = 'Resign';
export const RESIGN_CONFIRM = 'Click again to resign';

/** What a player is told when the other offers a draw, and when the other declines theirs. */
export const DRAW_OFFER_TAIL = 'accept it, decline it, or play on (a move declines it).';
export function drawOfferedText(name) {
  return `${name} offers a draw: ${DRAW_OFFER_TAIL}`;
}
export function drawDeclinedText(name) {
  return `${name} declined your draw offer.`;
}

/** The draw button, by what it does now (clock.js's `endOffers`). */
export const DRAW_LABELS = {
  offer: 'Offer a draw', accept: 'Accept the draw', offered: 'Draw offered', agree: 'Agree a draw',
};

/** The result of a finished game: "Alice wins!" or "Tie game!". */
export function resultText(state) {
  const ended = endingResult(state, (side) => displayName(state, side));
  if (ended) return ended;
  if (state.status === 'x_wins') return `${displayName(state, 0)} wins!`;
  if (state.status === 'o_wins') return `${displayName(state, 1)} wins!`;
  return 'Tie game!';
}

/** What the message row says over a player's side while it is their turn. */
export function turnText(state, index) {
  return state.players[index].kind === 'computer'
    ? `${displayName(state, index)} is thinking…`
    : `${displayName(state, index)}'s turn`;
}

/** A cell for people: counted from 1, rows first. */
export function cellName(cell) {
  return `row ${cell.row + 1}, column ${cell.col + 1}`;
}

/** What is read out when player `index` has played `move`; an opening's stone (at `ply`)
 * is placed, by whoever the opening named, not played. */
export function movePlayed(state, index, move, ply = -1) {
  if (ply >= 0 && isOpeningStone(state, ply)) {
    return `Opening stone ${MARKS[sideOf(ply)]} placed at ${cellName(move)}.`;
  }
  return `${displayName(state, index)} played ${MARKS[index]} at ${cellName(move)}.`;
}

/** What is read out when it is human player `index`'s turn. */
export function turnAnnouncement(state, index) {
  return `${turnText(state, index)}, ${state.to_move}.`;
}

/**
 * The message row after `ply` moves of `state`: the texts over each side, and in the centre
 * either the mark to move (with `toMove`, the side whose text is shown) or, once the game is
 * over and every move is shown, the result (with `over` and neither side's text shown).
 */
export function messageRow(state, ply) {
  // Nobody moves until an invited friend has taken their seat.
  const waiting = state.players.some((p) => p.kind === 'friend' && !p.name);
  const row = waiting
    ? { left: WAITING_TURN, right: WAITING_TURN }
    : { left: turnText(state, 0), right: turnText(state, 1) };
  if (ply >= state.moves.length && state.status !== 'in_progress') {
    return { ...row, centre: resultText(state), over: true, toMove: null };
  }
  const phase = phaseOf(state);
  if (phase && ply >= state.moves.length) {
    const says = waiting ? row : { left: openingTurn(state, 0), right: openingTurn(state, 1) };
    return { ...says, centre: OPENING_NAMES[state.opening], over: false, toMove: phase.actor };
  }
  const toMove = sideOf(ply);
  return { ...row, centre: MARKS[toMove], over: false, toMove };
}

/** The message over the board until an invited friend joins. */
export const WAITING_TURN = 'Waiting for the invited friend';

/** The end-of-game dialog's sentence under the result. */
export function endMessage(state) {
  // A program that failed lost there: the server says what it did.
  if (state.forfeit) return `${state.forfeit.reason}.`;
  const ended = endingSentence(state, (side) => displayName(state, side));
  if (ended) return ended;
  const k = state.k;
  if (state.status === 'draw') return `The board is full and nobody got ${k} in a row.`;
  const winner = state.status === 'x_wins' ? 0 : 1;
  const loser = 1 - winner;
  const [w, l] = [state.players[winner], state.players[loser]];
  if (w.kind === 'computer' && l.kind !== 'computer') {
    return `${displayName(state, winner)} got ${k} in a row. Better luck next time, ${l.name}!`;
  }
  return `${displayName(state, winner)} got ${k} in a row. Well played!`;
}

/** The board's name for screen readers. */
export function boardLabel(rows, cols) {
  return `Board, ${rows} rows by ${cols} columns`;
}

/** A board cell's name for screen readers: where it is, what is on it, if it won, and what
 * else the board shows on it (a hint, or its value in the analysis). */
export function cellLabel(cell, mark, winning, note = '') {
  let label = `${cellName(cell)}, ${mark || 'empty'}`;
  if (winning) label = `${label}, winning line`;
  return note ? `${label}, ${note}` : label;
}

/** A score panel's mark, for screen readers. */
export function playsLabel(mark) {
  return `Plays ${mark}`;
}

/** A score panel's name, for screen readers. */
export function scoresLabel(name) {
  return `${name}: scores`;
}

/** The tallies a human's score panel shows, as [key of the player's record, label]. */
export const TALLIES = [['wins', 'Wins'], ['losses', 'Losses'], ['ties', 'Ties']];

/** A computer's score panel says this instead of tallies. */
export const NO_SCORES = 'Computers are rated on the leaderboard.';

/** What the server calls a person who gives no name. */
export const GUEST = 'Guest';

/** A guest's score panel: their games are not counted as theirs. */
export const GUEST_SCORES = 'Playing as a guest: give a name to keep scores.';

/** An invited friend's score panel, until they join. */
export const NOT_JOINED = 'Has not joined yet.';

/** Why a move got no answer when the server no longer has the game (404). */
export const GAME_GONE = 'This game is no longer on the server (games are kept for a few hours '
  + 'after their last move). Start a new one with Restart Game.';

/** The error under the board when the scores could not be read. */
export function scoresFailed(message) {
  return `Scores could not be loaded: ${message}`;
}

/** The error on the setup when the server's choices could not be read. */
export function configFailed(message) {
  return `The game could not be set up: ${message} Reload the page to try again.`;
}

/** What the leaderboard says when it has no one to show. */
export function leaderboardEmpty(search) {
  return search ? `No player's name contains "${search}".` : 'No one has played yet.';
}

/** Where a page of the leaderboard is: `Players 51 to 100 of 230`. */
export function leaderboardPage(offset, shown, total) {
  if (shown === 0) return '';
  return `Players ${offset + 1} to ${offset + shown} of ${total}`;
}

// ---------------------------------------------------------------------------------------
// Playing together: the invitation, live updates, takebacks, hints, rematches, analysis.

/** "1 ply", "5 plies". */
export function pliesText(n) {
  return n === 1 ? '1 ply' : `${n} plies`;
}

/**
 * What a move or a position leads to with best play, for the side to move, from the
 * solver's `value` ('win', 'draw', 'loss' or 'unknown') and `plies` (where proven):
 * "win in 5 plies", "draw", "loss in 4 plies", "not proven".
 */
export function outcomeWords(value, plies) {
  if (value === 'draw') return 'draw';
  if (value === 'win' || value === 'loss') {
    return Number.isInteger(plies) ? `${value} in ${pliesText(plies)}` : value;
  }
  return 'not proven';
}

/** The line under the board once a hint `{row, col, value, plies}` has come. */
export function hintText(hint) {
  return `Hint: ${cellName(hint)} (${outcomeWords(hint.value, hint.plies)}).`;
}

/** The hinted cell's extra words for screen readers. */
export function hintNote(hint) {
  return `hint, ${outcomeWords(hint.value, hint.plies)}`;
}

/** The Hint button while the hint is being found. */
export const HINT_THINKING = 'Finding the best move…';

/** The takeback button: Undo where it is done at once, a question to a friend. */
export const UNDO_LABELS = { undo: 'Undo', ask: 'Ask to take back' };

/** The takeback question, as this page sees it (roles.js's `takebackQuestion`). */
export function takebackQuestionText(state, question) {
  const asker = displayName(state, question.asker);
  const other = displayName(state, 1 - question.asker);
  if (question.kind === 'waiting') {
    return `You asked to take your last move back. Waiting for ${other} to answer…`;
  }
  if (question.kind === 'answer') return `${asker} asks to take their last move back.`;
  return `${asker} asked to take their last move back.`;
}

/** What the asker hears of the answer (roles.js's `takebackAnswer`). */
export function takebackAnswerText(state, answer, mySide) {
  const other = displayName(state, 1 - mySide);
  return answer === 'accepted'
    ? `${other} accepted: your last move is taken back.`
    : `${other} declined to take your move back.`;
}

/** What is read out when a move is taken back and the board has `ply` moves again. */
export function takenBackText(ply) {
  return ply === 0
    ? 'Moves taken back: the board is empty.'
    : `Moves taken back: ${ply} on the board.`;
}

/** The live updates' connection, as the bar over the board says it. */
export const LINK_TEXTS = {
  connecting: 'Connecting…',
  open: 'Live',
  lost: 'Connection lost: reconnecting…',
};

/** How many people watch, besides the players. */
export function watchersText(n) {
  if (!n) return 'Nobody is watching';
  return n === 1 ? '1 person watching' : `${n} people watching`;
}

/** The other player has the game open nowhere. */
export function awayText(name) {
  return `${name} is away. The game waits for them.`;
}

/** What is read out when the invited friend takes their seat. */
export function joinedText(state, side) {
  return side < 0
    ? 'The invited friend has joined.'
    : `${displayName(state, side)} has joined. The game is on.`;
}

/** What is read out when the other player has the game open again. */
export function backText(name) {
  return `${name} is back.`;
}

/** A player's own seat, in the live bar. */
export function seatText(mark) {
  return `You play ${mark}`;
}

/** A spectator's note. */
export const SPECTATING = 'You are watching this game.';

/** The host's panel until the friend joins. */
export const WAITING_FOR_FRIEND = 'Waiting for your friend. Send them this link:';

/** A spectator's panel until the friend joins. */
export const SPECTATOR_WAITING = 'The players are waiting for an invited friend to join.';

/** The copy button of a link, before and after. */
export const COPY_LABELS = {
  idle: 'Copy link', done: 'Copied', failed: 'Select the link and copy it',
};

/** The join view, when Join is pressed with no name. */
export const JOIN_NAME_NEEDED = 'Give your name: it is how the other player and the scores '
  + 'know you.';

/** The setup's error when a game's address names a game the server does not have. */
export const GAME_NOT_FOUND = 'That game is not on the server (games are kept for a few hours '
  + 'after their last move). Start a new one.';

/** The join view's sentence. */
export const JOIN_INTRO = 'A friend has invited you to a game of tic-tac-toe. Give your name '
  + 'and take your seat.';

/** Why the join view has nothing to join: the server's reason, and what to do. */
export function joinFailed(message) {
  return `${message} You can start a game of your own with New game.`;
}

/** The end dialog's and the game view's note when the other player has started a rematch. */
export function rematchStartedText(state, side) {
  return side < 0
    ? 'The players have started a rematch.'
    : `${displayName(state, side)} has started a rematch.`;
}

/** The rematch button: Play Again, or joining the one the other player started. */
export const REMATCH_LABELS = {
  start: 'Play Again', join: 'Join the rematch', watch: 'Watch the rematch',
};

/** The analysis's caption over the slider: which position the board shows. */
export function analysisCaption(ply, total) {
  if (ply === 0) return `Before the first move (0 of ${total})`;
  return ply === total
    ? `After the last move (${total} of ${total})`
    : `After move ${ply} of ${total}`;
}

/** The analysis of one position in a sentence, from `{to_move, value, plies}`. */
export function analysisSummary(analysis) {
  if (!analysis.to_move) return 'The game is over here: no empty cell is worth anything more.';
  const words = outcomeWords(analysis.value, analysis.plies);
  if (words === 'not proven') return `${analysis.to_move} to move: not proven in time.`;
  return `${analysis.to_move} to move: ${words} with best play.`;
}

/** The analysis's key: what the colours and letters mean, for the side to move. */
export function analysisLegend(toMove) {
  if (!toMove) return '';
  return `Each empty cell shows what ${toMove} playing there leads to: W wins, D draws, L loses, `
    + 'the number counts the plies to the end with best play, ? is not proven in time.';
}

/** The analysis while it is being worked out, and when it failed. */
export const ANALYSING = 'Analysing…';
export function analysisFailed(message) {
  return `The analysis could not be made: ${message}`;
}

// ---------------------------------------------------------------------------------------
// Rules and openings: what wins, what renju forbids X, and how colours are chosen.

/** The rules as the setup offers them and the game's header names them. */
export const RULE_NAMES = {
  freestyle: 'Free-style', standard: 'Standard', renju: 'Renju', caro: 'Caro',
};

/** The opening rules, likewise. */
export const OPENING_NAMES = { none: 'No opening', swap: 'Swap', swap2: 'Swap2' };

/** What each rule means, in a few words, for the setup's help line. */
export const RULE_HELP = {
  freestyle: 'five or more in a row wins',
  standard: 'exactly five wins: six or more does not',
  renju: 'X may not make a double-three, a double-four or an overline',
  caro: 'five or more wins, unless both ends are blocked',
};

/** The page's title: gomoku for five in a row, else tic-tac-toe (the setup's too). */
export function titleOf(state) {
  return state?.k === 5 ? 'Gomoku' : 'Tic-Tac-Toe';
}

/** The game's header: its board, rule and opening ("Gomoku · Renju · Swap2 opening"), or
 * '' for a game with neither (today's tic-tac-toe). */
export function rulesLine(state) {
  const rule = state.rule || 'freestyle';
  const opening = state.opening || 'none';
  const rated = state.rated ? 'Rated: no hints or takebacks' : '';
  if (rule === 'freestyle' && opening === 'none' && state.k !== 5) return rated;
  const parts = [state.k === 5 ? 'Gomoku' : `${numberWord(state.k)} in a row`, RULE_NAMES[rule]];
  if (opening !== 'none') parts.push(`${OPENING_NAMES[opening]} opening`);
  if (rated) parts.push(rated);
  return parts.join(' · ');
}

/** A choice of the opening, as its button says it. */
export const CHOICE_LABELS = { take_x: 'Take X', take_o: 'Take O', place_two: 'Place two' };

/** The Place button: how many picked stones it sends. */
export function placeLabel(picked) {
  if (picked === 0) return 'Place';
  return picked === 1 ? 'Place 1 stone' : `Place ${picked} stones`;
}

/** "1 stone", "3 stones". */
function stones(n) {
  return n === 1 ? '1 stone' : `${numberWord(n)} stones`;
}

/** What the person `index` does now in the opening, over their side of the board. */
export function openingTurn(state, index) {
  const phase = phaseOf(state);
  if (!phase || phase.actor !== index) return '';
  const name = displayName(state, index);
  return phase.may.includes('place') ? `${name} places stones` : `${name} chooses`;
}

/**
 * The opening's panel: where it stands and what the person acting does, for this page
 * (`mine`: it acts) or anyone watching. `picked`: stones picked, not yet sent.
 */
export function openingText(state, mine, picked = 0) {
  const phase = phaseOf(state);
  if (!phase) return '';
  const name = displayName(state, phase.actor);
  if (phase.may.includes('place')) {
    const left = phase.stones_to_place;
    const next = stoneMark(state, picked);
    if (!mine) return `${name} places the opening's stones: ${stones(left)} to go.`;
    if (picked >= left) return `Picked: ${stones(picked)}. Press ${placeLabel(picked)}.`;
    return `Pick ${stones(left - picked)} on the board (next: ${next}), then press Place. `
      + 'Click a picked stone to take it off.';
  }
  const offered = phase.may.map((m) => CHOICE_LABELS[m]);
  const list = offered.length > 2
    ? `${offered.slice(0, -1).join(', ')} or ${offered[offered.length - 1]}`
    : offered.join(' or ');
  return mine ? `Your choice: ${list}.` : `${name} chooses: ${list}.`;
}

/** What is read out when a choice has been made, by the person at `actor` before it. */
export function choiceMade(state, choice) {
  if (choice === 'place_two') return 'Two more stones are to be placed before the colours are chosen.';
  const x = displayName(state, 0);
  const o = displayName(state, 1);
  return `The colours are chosen: ${x} plays X, ${o} plays O.`;
}

/** The live bar's note for a player during an opening. */
export function openingSeatText(side) {
  return side === 0 ? 'You opened: the colours are chosen in the opening'
    : 'The colours are chosen in the opening';
}

/** A forbidden point's extra words for screen readers. */
export const FORBIDDEN_NOTE = 'forbidden to X';

/** The error under the board when a forbidden point was clicked: the server's reason. */
export function forbiddenText(message) {
  return `X cannot play there: ${message}.`;
}
