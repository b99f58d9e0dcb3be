// The clocks and the ways a game ends off the board, as the page shows them: what a clock
// reads, the time left on the running one since the state came, the sentence for each
// ending, and which of Resign, Abort, the draw offer and Claim the win this page is offered.
// Pure, so node's test runner checks it.

import { openingStones } from './opening.js';
import { mySide } from './roles.js';

/** The clock's text for `ms` left: `1:02:03`, `4:53`, `0:09.4` under twenty seconds, or
 * days and hours for correspondence. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  const days = Math.floor(left / 86_400_000);
  if (days >= 1) return `${days} d ${Math.floor((left % 86_400_000) / 3_600_000)} h`;
  const total = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${two(m)}:${two(s)}`;
  if (left < 20_000) return `${m}:${two(s)}.${Math.floor((left % 1000) / 100)}`;
  return `${m}:${two(s)}`;
}

/** Milliseconds side `mark` ('X' or 'O') has left `elapsed` ms after the state `clock` came. */
export function timeLeft(clock, mark, elapsed) {
  const base = mark === 'X' ? clock.x_ms : clock.o_ms;
  return clock.running === mark ? Math.max(0, base - elapsed) : base;
}

/** The result line of a game that ended off the board, or null. */
export function endingResult(game, name) {
  const e = game.ending;
  if (!e) return null;
  if (e.reason === 'aborted') return 'Game aborted';
  if (e.reason === 'draw_agreed') return 'Draw agreed';
  if (!e.loser) return e.reason === 'timeout' ? 'Draw on time' : null;
  return `${name(e.loser === 'X' ? 1 : 0)} wins!`;
}

/** The sentence under the result for a game that ended off the board (null for one that
 * ended on it); `name(side)` names side 0 (X) or 1 (O). */
export function endingSentence(game, name) {
  const e = game.ending;
  if (!e) return null;
  const loser = e.loser ? name(e.loser === 'X' ? 0 : 1) : null;
  const winner = e.loser ? name(e.loser === 'X' ? 1 : 0) : null;
  switch (e.reason) {
    case 'timeout':
      if (loser) return `${loser} ran out of time.`;
      return 'A clock ran out, but the other side could no longer make a line: a draw.';
    case 'resign': return `${loser} resigned.`;
    case 'draw_agreed': return 'The players agreed a draw.';
    case 'abandoned': return `${loser} left the game, and ${winner} claimed the win.`;
    case 'aborted': return 'The game was called off before both had moved: no result.';
    default: return null;
  }
}

/** Whether both sides have moved since the opening's stones (the game can no longer be
 * aborted). */
export function bothMoved(game) {
  return game.moves.length - openingStones(game) >= 2 && !game.opening_phase;
}

/**
 * What this page may do to end the game now, the opponent having been away (no page of the
 * game open, as the live updates say) for `awayForMs`, with `claimAfterMs` the server's wait:
 * `{ resign, abort, draw, claim }`, `draw` one of 'offer', 'accept' (an offer to answer),
 * 'offered' (this page's offer stands), 'agree' (two people at one screen) or null.
 */
export function endOffers(state, awayForMs, claimAfterMs) {
  const none = { resign: false, abort: false, draw: null, claim: false };
  const { game } = state;
  if (!game || game.status !== 'in_progress') return none;
  const people = game.players.filter((p) => p.kind !== 'computer').length;
  if (state.role === 'local') {
    const early = !bothMoved(game);
    return {
      resign: people > 0 && !early,
      abort: people > 0 && early,
      draw: people === 2 && !early ? 'agree' : null,
      claim: false,
    };
  }
  if (state.role !== 'player') return none;
  const me = mySide(state);
  const mark = me === 0 ? 'X' : 'O';
  const other = mark === 'X' ? 'O' : 'X';
  const waiting = game.players.some((p) => p.kind === 'friend' && !p.name);
  const early = !bothMoved(game);
  let draw = 'offer';
  if (game.draw_offer === other) draw = 'accept';
  else if (game.draw_offer === mark) draw = 'offered';
  // The opponent to move has had no page open for the server's wait.
  const away = game.to_move === other && !waiting && awayForMs >= claimAfterMs;
  return {
    resign: !early && !waiting,
    abort: early && !waiting,
    draw: early || waiting ? null : draw,
    claim: away,
  };
}
