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
