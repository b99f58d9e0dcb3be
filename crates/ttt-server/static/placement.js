// Where the end-of-game dialog goes so that it does not hide the winning line: in the middle
// of the screen when the line is clear of it, else at the top or the bottom edge, with the
// page scrolled (as little as possible) to bring the line into the space left. On a phone
// the dialog covers much of the screen, so this matters there most. Pure: it sees numbers
// (CSS pixels, relative to the viewport), never the DOM.

/**
 * @param {object} sizes
 * @param {number} sizes.viewport the viewport's height
 * @param {number} sizes.dialog the dialog's height
 * @param {{top: number, bottom: number} | null} sizes.line the winning line's extent, or null
 * @param {number} [sizes.margin] space kept between the dialog, the line and the edges
 * @returns {{ edge: 'centre' | 'top' | 'bottom', scroll: number }} where the dialog goes,
 *   and how far to scroll the page down (negative: up) first.
 */
export function dialogPlacement({ viewport, dialog, line, margin = 12 }) {
  if (!line) return { edge: 'centre', scroll: 0 };
  const centreTop = (viewport - dialog) / 2;
  // The free bands beside the dialog at each place, best first on a tie.
  const bands = [
    ['centre', margin, centreTop - margin],
    ['centre', centreTop + dialog + margin, viewport - margin],
    ['bottom', margin, viewport - dialog - 2 * margin],
    ['top', dialog + 2 * margin, viewport - margin],
  ];
  const height = line.bottom - line.top;
  const fitting = bands.filter(([, from, to]) => to - from >= height);
  // A line taller than every band: the widest band shows its start.
  const choices = fitting.length > 0
    ? fitting
    : [bands.reduce((a, b) => (b[2] - b[1] > a[2] - a[1] ? b : a))];
  let best = null;
  for (const [edge, from, to] of choices) {
    let scroll = 0;
    if (line.top < from || fitting.length === 0) scroll = line.top - from;
    else if (line.bottom > to) scroll = line.bottom - to;
    if (!best || Math.abs(scroll) < Math.abs(best.scroll)) best = { edge, scroll };
  }
  return best;
}
