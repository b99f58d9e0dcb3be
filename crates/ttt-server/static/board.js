// The board: a table whose cells (ids 0 .. R*C-1, row-major) can be clicked, or reached with
// the arrow keys and played with Enter or Space. One cell at a time is in the tab order
// (a "roving" tabindex), so Tab enters and leaves the board in one step. The DOM alone:
// which cell is where (geometry.js) and what the cells are called (texts.js) live apart.

import { TONES } from './analysis.js';
import { cellAt, neighbour } from './geometry.js';
import { boardLabel, cellLabel, FORBIDDEN_NOTE } from './texts.js';

export class BoardView {
  /**
   * @param {HTMLTableElement} table
   * @param {(index: number) => void} onPlay called when a cell is chosen; the caller decides
   *   whether that is a move.
   */
  constructor(table, onPlay) {
    this.table = table;
    this.onPlay = onPlay;
    this.rows = 0;
    this.cols = 0;
    this.cells = [];
    this.focusIndex = 0;
    table.addEventListener('click', (event) => {
      const cell = event.target.closest('td');
      if (!cell || !table.contains(cell)) return;
      const index = Number(cell.id);
      this.moveFocus(index, false);
      this.onPlay(index);
    });
    table.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** An empty board of `rows` x `cols`; over 9 x 9, its rows and columns are numbered, as
   * moves are named. */
  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = [];
    const body = document.createElement('tbody');
    const numbered = rows > 9 || cols > 9;
    const coordinate = (text) => {
      const th = document.createElement('th');
      th.className = 'coord';
      th.setAttribute('aria-hidden', 'true');
      th.textContent = text;
      return th;
    };
    if (numbered) {
      const tr = document.createElement('tr');
      tr.append(coordinate(''));
      for (let c = 0; c < cols; c++) tr.append(coordinate(String(c + 1)));
      body.append(tr);
    }
    for (let r = 0; r < rows; r++) {
      const tr = document.createElement('tr');
      if (numbered) tr.append(coordinate(String(r + 1)));
      for (let c = 0; c < cols; c++) {
        const td = document.createElement('td');
        td.id = String(r * cols + c);
        td.setAttribute('role', 'gridcell');
        td.tabIndex = -1;
        tr.append(td);
        this.cells.push(td);
      }
      body.append(tr);
    }
    this.table.replaceChildren(body);
    this.table.classList.toggle('numbered', numbered);
    this.table.style.setProperty('--rows', String(rows));
    this.table.style.setProperty('--cols', String(cols));
    this.table.setAttribute('aria-label', boardLabel(rows, cols));
    this.focusIndex = 0;
    if (this.cells.length > 0) this.cells[0].tabIndex = 0;
  }

  /**
   * Shows what geometry.js's `boardAfter` describes: `marks[i]` is 'X', 'O' or '', `win` holds
   * the indices of the winning line, `last` the index of the last move (or -1), and `over`
   * says the game has ended. On empty cells it may also show `hint`, `{index, mark, words}`
   * (the move a hint suggests, drawn faintly), or `values`, the analysis's colour map
   * (analysis.js's `valueMap`: index to `{tone, label, strength, words}`). `forbidden` holds
   * X's forbidden points (renju), marked with a small cross; `picked`, opening stones picked
   * but not yet placed (index to mark), drawn faintly; `ghosts`, a line's moves to come
   * (index to `{mark, n}`), drawn faintly with their numbers.
   */
  render({
    marks, win = new Set(), last = -1, over = false, hint = null, values = null,
    forbidden = new Set(), picked = new Map(), ghosts = new Map(),
  }) {
    this.cells.forEach((td, i) => {
      const mark = marks[i] || '';
      const value = mark === '' ? values?.get(i) : undefined;
      const hinted = mark === '' && hint?.index === i;
      const pick = mark === '' ? picked.get(i) : undefined;
      const ghost = mark === '' ? ghosts.get(i) : undefined;
      const barred = mark === '' && !value && !ghost && forbidden.has(i);
      let text = mark;
      if (value) text = value.label;
      else if (ghost) text = String(ghost.n);
      else if (pick) text = pick;
      else if (hinted) text = hint.mark;
      if (td.textContent !== text) td.textContent = text;
      td.classList.toggle('x', mark === 'X');
      td.classList.toggle('o', mark === 'O');
      td.classList.toggle('empty', mark === '');
      td.classList.toggle('win', win.has(i));
      td.classList.toggle('last', i === last);
      td.classList.toggle('hinted', hinted);
      td.classList.toggle('picked', Boolean(pick));
      td.classList.toggle('picked-x', pick === 'X');
      td.classList.toggle('picked-o', pick === 'O');
      td.classList.toggle('forbidden', barred);
      td.classList.toggle('ghost', Boolean(ghost));
      td.classList.toggle('ghost-x', ghost?.mark === 'X');
      td.classList.toggle('ghost-o', ghost?.mark === 'O');
      td.classList.toggle('value', Boolean(value));
      for (const tone of TONES) td.classList.toggle(`value-${tone}`, value?.tone === tone);
      if (value) td.style.setProperty('--strength', String(value.strength));
      else td.style.removeProperty('--strength');
      let note = '';
      if (value) note = value.words;
      else if (ghost) note = `move ${ghost.n} of the line, ${ghost.mark}`;
      else if (pick) note = `picked for ${pick}`;
      else if (hinted) note = hint.words;
      else if (barred) note = FORBIDDEN_NOTE;
      td.setAttribute('aria-label', cellLabel(cellAt(i, this.cols), mark, win.has(i), note));
    });
    this.table.classList.toggle('over', over);
    this.table.classList.toggle('analysing', Boolean(values));
  }

  /** Marks the board as waiting for the server (or not). */
  setBusy(busy) {
    this.table.setAttribute('aria-busy', busy ? 'true' : 'false');
    this.table.classList.toggle('busy', busy);
  }

  /** Puts the keyboard focus on the board's current cell, without scrolling the page: the
   * title stays in sight when a game starts. */
  focus() {
    this.cells[this.focusIndex]?.focus({ preventScroll: true });
  }

  moveFocus(index, focus) {
    if (index < 0 || index >= this.cells.length) return;
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.cells[index].tabIndex = 0;
    if (focus) this.cells[index].focus();
  }

  onKey(event) {
    const cell = event.target.closest('td');
    if (!cell || !this.table.contains(cell)) return;
    const index = Number(cell.id);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!event.repeat) this.onPlay(index);
      return;
    }
    const next = neighbour(index, event.key, { rows: this.rows, cols: this.cols }, event.ctrlKey);
    if (next === null) return;
    event.preventDefault();
    this.moveFocus(next, true);
  }
}
