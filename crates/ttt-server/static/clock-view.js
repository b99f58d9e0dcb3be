// The clocks over the board: each side's time, the running one counting down from the state
// the server sent (its `as_of_ms`, and the time since it came here), highlighted, and red in
// its last twenty seconds. The server ends the game when a clock runs out; the page only
// shows the time. `onSecond` is called about once a second while a clock runs, so that
// what depends on the time (Claim the win) is offered when due.

import { clockText, timeLeft } from './clock.js';

const $ = (id) => document.getElementById(id);

/** How often a running clock is redrawn. */
const TICK_MS = 100;

const shown = { game: null, came: 0, timer: 0, lastSecond: 0, onSecond: () => {} };

/** The server's time now, as the page best knows it (the state's time plus what passed). */
export function serverNow() {
  const { game, came } = shown;
  if (!game) return Date.now();
  return (game.as_of_ms ?? Date.now()) + (performance.now() - came);
}

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
  }
  $('clock-control').textContent = clock.text;
}

/** Shows `game`'s clocks (a new state, or the same one again). */
export function showClocks(game, onSecond) {
  if (!game || game.id !== shown.game?.id || game.version !== shown.game?.version
      || game.as_of_ms !== shown.game?.as_of_ms) {
    shown.came = performance.now();
  }
  shown.game = game;
  shown.onSecond = onSecond;
  window.clearInterval(shown.timer);
  shown.timer = 0;
  shown.lastSecond = Math.floor(performance.now() / 1000);
  draw();
  const running = game?.clock?.running || (game?.status === 'in_progress' && game?.to_move);
  if (running) shown.timer = window.setInterval(draw, TICK_MS);
}
