// The clocks over the board: each side's time, the running one counting down from the state
// the server sent (its `as_of_ms`, and the time since it came here), highlighted, and red in
// its last twenty seconds. The server ends the game when a clock runs out; the page only
// shows the time. `onSecond` is called about once a second while a clock runs, so that
// what depends on the time (Claim the win) is offered when due.

import { clockText, timeLeft } from './clock.js';

const $ = (id) => document.getElementById(id);

/** How often a running clock is redrawn. */
const TICK_MS = 100;

const shown = {
  game: null, came: 0, timer: 0, lastSecond: 0, onSecond: () => {}, onFlag: () => {}, flagged: null,
};

function draw() {
  const { game, came } = shown;
  const second = Math.floor(performance.now() / 1000);
  if (second !== shown.lastSecond) {
    shown.lastSecond = second;
    shown.onSecond();
  }
  const clock = game?.clock;
  $('clocks').hidden = !clock;
  if (!clock) return;
  const elapsed = performance.now() - came;
  for (const mark of ['X', 'O']) {
    const left = timeLeft(clock, mark, elapsed);
    const box = $(`clock-${mark.toLowerCase()}`);
    box.querySelector('.clock-time').textContent = clockText(left);
    box.classList.toggle('running', clock.running === mark);
    box.classList.toggle('low', left < 20_000 && clock.running === mark);
    box.setAttribute('aria-label', `${mark}'s clock: ${clockText(left)}${clock.running === mark ? ', running' : ''}`);
    // Run out: the server ends the game; a page without live updates asks for it, once.
    const key = `${game.id}:${game.version}`;
    if (left === 0 && clock.running === mark && shown.flagged !== key) {
      shown.flagged = key;
      shown.onFlag();
    }
  }
  $('clock-control').textContent = clock.text;
}

/** Shows `game`'s clocks (a new state, or the same one again); `onFlag` is called once when
 * the running clock reaches zero. */
export function showClocks(game, onSecond, onFlag = () => {}) {
  if (!game || game.id !== shown.game?.id || game.version !== shown.game?.version
      || game.as_of_ms !== shown.game?.as_of_ms) {
    shown.came = performance.now();
  }
  shown.game = game;
  shown.onSecond = onSecond;
  shown.onFlag = onFlag;
  window.clearInterval(shown.timer);
  shown.timer = 0;
  shown.lastSecond = Math.floor(performance.now() / 1000);
  draw();
  // A running clock is redrawn every tenth of a second; a game in progress without one is
  // only looked at every second (what depends on the time: Claim the win).
  if (game?.clock?.running) shown.timer = window.setInterval(draw, TICK_MS);
  else if (game?.status === 'in_progress') shown.timer = window.setInterval(draw, 1000);
}
