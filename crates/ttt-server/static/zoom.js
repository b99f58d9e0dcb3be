// A big board on a small screen: the board keeps cells a finger can hit and pans within its
// box, which then says so, and offers to zoom out (down to the whole board in sight) or in.
// The bar sits in the box, held at its left edge while the board pans.

/** The smallest and largest cells a zoom makes, in CSS pixels. */
const SMALLEST = 12;
const LARGEST = 96;

/** How much one press of − or + changes the cells. */
const STEP = 1.25;

/**
 * Adds the pan note and the zoom buttons to `wrap`, the box that pans `table`. The bar shows
 * only while the board does not fit (or has been zoomed).
 */
export function attachZoom(wrap, table) {
  const bar = document.createElement('div');
  bar.className = 'zoom-bar';
  bar.hidden = true;
  const note = document.createElement('span');
  note.className = 'muted zoom-note';
  note.textContent = 'The board is bigger than the screen: swipe it to see the rest, or zoom.';
  const button = (text, label, onClick) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', onClick);
    return b;
  };
  // The cells' size once zoomed, in CSS pixels; null at the usual size.
  let cell = null;
  const usual = () => {
    const td = table.querySelector('td');
    return td ? td.getBoundingClientRect().width - 4 : 32;
  };
  const setCell = (px) => {
    cell = Math.min(LARGEST, Math.max(SMALLEST, px));
    table.style.setProperty('--cell', `${cell.toFixed(1)}px`);
    update();
  };
  const fit = () => {
    // The borders, the spacing and the coordinates do not shrink with the cells: a few
    // rounds of shrinking by what still overflows settle it.
    for (let round = 0; round < 4; round++) {
      const room = wrap.clientWidth - 8;
      if (table.scrollWidth <= room && round > 0) break;
      setCell((cell ?? usual()) * (room / table.scrollWidth) - 1);
    }
  };
  const reset = () => {
    cell = null;
    table.style.removeProperty('--cell');
    update();
  };
  bar.append(
    note,
    button('−', 'Zoom out', () => setCell((cell ?? usual()) / STEP)),
    button('+', 'Zoom in', () => setCell((cell ?? usual()) * STEP)),
    button('Fit', 'Fit the whole board in sight', fit),
    button('Reset', 'Back to the usual size', reset),
  );
  function update() {
    const pans = wrap.scrollWidth > wrap.clientWidth + 2;
    note.hidden = !pans;
    bar.hidden = !pans && cell === null;
  }
  wrap.prepend(bar);
  new ResizeObserver(update).observe(wrap);
  new ResizeObserver(update).observe(table);
  return { update, reset };
}
