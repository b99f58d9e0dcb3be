// How fast the page shows what happens: pauses chosen so that a person sees a computer's move
// arrive and the winning line before the dialog covers it. Pure numbers and one rule, kept
// apart from the timers that wait for them (timers.js).

/** A computer's reply is shown after this pause, so a person sees it arrive. */
export const COMPUTER_PAUSE_MS = 350;

/** The end-of-game dialog waits this long, so the winning line can be seen first. */
export const DIALOG_DELAY_MS = 700;

/** The announcer is cleared this long before new text, so a repeated text is read out too. */
export const ANNOUNCE_GAP_MS = 50;

/**
 * How long a computer's move stays "thinking" on screen: shorter when two computers fill a
 * big board, so a whole game does not take minutes to watch.
 */
export function computerPause(state) {
  const bothComputers = state.players.every((p) => p.kind === 'computer');
  if (!bothComputers) return COMPUTER_PAUSE_MS;
  return Math.max(40, Math.min(COMPUTER_PAUSE_MS, 6000 / (state.rows * state.cols)));
}

/** A dropped live connection is tried again after this, doubling up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_MAX_MS = 4000;

/**
 * How long to wait before the `attempt`th try (from 0) to open a dropped live connection
 * again: quick at first, so a blip is not noticed, then slower, so a stopped server is not
 * hammered.
 */
export function reconnectDelay(attempt) {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
}

/** The analysis waits this long after the slider stops, so dragging does not ask for every
 * position on the way. */
export const ANALYSIS_SETTLE_MS = 150;
