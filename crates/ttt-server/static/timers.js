// Waiting, in one place: the pauses the page makes (pacing.js says how long) and the one
// delayed action that may have to be called off (the end-of-game dialog).

/** Resolves after `ms` milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => { window.setTimeout(resolve, ms); });
}

/** Runs `action` after `ms` milliseconds. */
export function later(ms, action) {
  window.setTimeout(action, ms);
}

/** One delayed action at a time: starting it again, or cancelling, drops the one pending. */
export class Timer {
  constructor() {
    this.id = 0;
  }

  /** Runs `action` after `ms` milliseconds, instead of any action pending. */
  start(ms, action) {
    this.cancel();
    this.id = window.setTimeout(action, ms);
  }

  /** Drops the pending action, if any. */
  cancel() {
    window.clearTimeout(this.id);
  }
}
