// The analysis board at /analysis: any position set up by hand (or pasted, or a game opened
// from its end), the engine thinking about it continuously (GET /api/analysis/stream: its
// best lines, updated as it deepens), the lines drawn as numbered ghost stones on hover or
// focus, a proven win stepped through move by move, X's forbidden points under renju, and,
// for a game, stepping through its moves with an evaluation graph (GET /api/analysis/graph).
// What is decided without the DOM is study.js's.

import { BoardView } from './board.js';
import { EventStreamParser } from './sse.js';
import * as model from './study.js';
import { presetLabel, RULE_NAMES } from './texts.js';
import { attachZoom } from './zoom.js';

const $ = (id) => document.getElementById(id);

/** The graph's box, in its own units. */
const GRAPH_W = 300;
const GRAPH_H = 80;

/** Everything the view shows. */
const view = {
  study: null,
  maxSide: 19,
  presets: [],
  mode: 'alternate',
  // The engine's latest lines, the side they are for, and X's forbidden points.
  lines: [],
  toMove: null,
  forbidden: new Set(),
  // The line whose ghosts are shown, and how many of its moves (a win stepped through).
  shown: null,
  steps: 0,
  points: [],
  thinking: null,
  graphing: null,
  wired: false,
};

let board = null;

/** Reads a server-sent event stream at `path` with `onEvent(name, data)`, until `abort`. */
async function follow(path, abort, onEvent, onError) {
  let response;
  try {
    response = await fetch(path, { signal: abort.signal, cache: 'no-store', headers: { Accept: 'text/event-stream' } });
  } catch {
    if (!abort.signal.aborted) onError('The server cannot be reached. Is ttt serve still running?');
    return;
  }
  if (!response.ok || !response.body) {
    const data = await response.json().catch(() => null);
    onError(data?.error || `The server answered with status ${response.status}.`);
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) {
        try {
          onEvent(event.event, JSON.parse(event.data));
        } catch {
          // A line that is not JSON: skipped.
        }
      }
    }
  } catch {
    // Aborted, or the connection dropped: the next change starts a new stream.
  }
}

function setStatus(text, { stopped = false } = {}) {
  $('study-status').textContent = text;
  $('study-go-on').hidden = !stopped;
}

/** Draws the board: the stones, the last one placed, X's forbidden points, and the ghosts of
 * the line shown. */
function draw() {
  const { study } = view;
  const marks = model.marksOf(study);
  const last = model.lastStone(study);
  let ghosts = new Map();
  if (view.shown !== null && view.lines[view.shown] && view.toMove) {
    ghosts = model.ghostsOf(view.lines[view.shown], view.toMove, study.cols);
    if (view.steps > 0) ghosts = new Map([...ghosts].filter(([, g]) => g.n <= view.steps));
  }
  board.render({ marks, last, forbidden: view.forbidden, ghosts });
  drawGame();
}

/** One line of the list, built afresh only when what it says changes: a list rebuilt at
 * every update would pull its buttons from under the pointer. */
function lineItem(line, i, old) {
  const key = JSON.stringify([line.move, line.result, line.plies, line.proven, line.score, line.pv]);
  if (old && old.dataset.key === key) return old;
  const li = document.createElement('li');
  li.className = 'study-line';
  li.tabIndex = 0;
  li.dataset.index = String(i);
  li.dataset.key = key;
  const head = document.createElement('span');
  head.className = 'study-move';
  head.textContent = model.cellName(line.move);
  const value = document.createElement('span');
  value.className = `study-value${line.result ? ` result-${line.result}` : ''}`;
  value.textContent = model.valueText(line);
  const pv = document.createElement('span');
  pv.className = 'study-pv muted';
  pv.textContent = line.pv.map(model.cellName).join(' ');
  li.append(head, value, pv);
  if (line.result === 'win' && line.proven && line.pv.length > 1) {
    const step = document.createElement('button');
    step.type = 'button';
    step.className = 'small study-step-win';
    step.textContent = 'Step through the win';
    step.addEventListener('click', (event) => {
      event.stopPropagation();
      view.shown = i;
      view.steps = 1;
      drawWinSteps();
      draw();
    });
    li.append(step);
  }
  li.setAttribute('aria-label', `${i + 1}: ${head.textContent}, ${value.textContent}; line ${pv.textContent}`);
  return li;
}

function drawLines() {
  const list = $('study-lines');
  const old = [...list.children];
  const items = view.lines.map((line, i) => lineItem(line, i, old[i]));
  if (items.length !== old.length || items.some((li, i) => li !== old[i])) {
    list.replaceChildren(...items);
  }
  $('study-no-lines').hidden = items.length > 0;
}

/** The controls of a win stepped through: which move, back and forth. */
function drawWinSteps() {
  const line = view.lines[view.shown];
  const stepping = view.steps > 0 && line;
  $('study-win').hidden = !stepping;
  if (!stepping) return;
  $('study-win-text').textContent = `The win, move ${view.steps} of ${line.pv.length}: `
    + `${model.cellName(line.pv[view.steps - 1])}`;
  $('study-win-back').disabled = view.steps <= 1;
  $('study-win-next').disabled = view.steps >= line.pv.length;
}

function drawGame() {
  const { study } = view;
  $('study-game').hidden = !study.game;
  if (!study.game) return;
  $('study-ply').textContent = `Move ${study.ply} of ${study.game.length}`;
  $('study-first').disabled = study.ply === 0;
  $('study-back').disabled = study.ply === 0;
  $('study-next').disabled = study.ply >= study.game.length;
  $('study-last').disabled = study.ply >= study.game.length;
  const plies = study.game.length;
  $('study-graph-line').setAttribute('d', model.graphLine(view.points, plies, GRAPH_W, GRAPH_H));
  const x = (study.ply * GRAPH_W) / Math.max(plies, 1);
  $('study-graph-now').setAttribute('x1', String(x));
  $('study-graph-now').setAttribute('x2', String(x));
  // The positions whose value is proven are marked on the line.
  const step = GRAPH_W / Math.max(plies, 1);
  $('study-graph-proven').replaceChildren(...view.points.filter((p) => p.proven).map((p) => {
    const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    dot.setAttribute('cx', String(p.ply * step));
    dot.setAttribute('cy', String((1 - p.x) * GRAPH_H));
    dot.setAttribute('r', '2.5');
    dot.setAttribute('class', 'graph-proven');
    return dot;
  }));
  const here = view.points.find((p) => p.ply === study.ply);
  $('study-graph-text').textContent = here
    ? `After move ${study.ply}: ${model.pointText(here)}`
    : (view.points.length > 0 ? '' : 'The graph is being computed…');
}

/** Starts the engine on the board's position, stopping the search before; while a game's
 * graph is being computed it waits for it (the page takes one analysis thread at a time). */
function think() {
  view.thinking?.abort();
  view.thinking = null;
  view.lines = [];
  view.shown = null;
  view.steps = 0;
  view.toMove = null;
  view.forbidden = new Set();
  drawLines();
  drawWinSteps();
  draw();
  const why = model.whyNotAnalysable(view.study);
  if (why) {
    setStatus(why);
    return;
  }
  if (view.graphing) {
    setStatus('The engine thinks about this position once the graph is drawn…');
    return;
  }
  const abort = new AbortController();
  view.thinking = abort;
  setStatus('Thinking…');
  const wanted = Number($('study-count').value) || 3;
  void follow(model.streamPath(view.study, wanted), abort, (name, data) => {
    if (view.thinking !== abort) return;
    if (name === 'position') {
      view.toMove = data.to_move;
      view.forbidden = new Set(data.forbidden.map((c) => c.row * view.study.cols + c.col));
      if (data.status !== 'in_progress') {
        const words = { x_wins: 'X has won.', o_wins: 'O has won.', draw: 'The board is full: a draw.' };
        setStatus(words[data.status] || 'The game is over.');
      }
      draw();
    } else if (name === 'waiting') {
      setStatus(`Waiting: ${data.reason}.`);
    } else if (name === 'lines') {
      view.lines = data.lines;
      if (view.shown !== null && view.shown >= view.lines.length) view.shown = null;
      setStatus(`${view.toMove} to move. Thinking: ${model.progressText(data)}`);
      drawLines();
      drawWinSteps();
      draw();
    } else if (name === 'done') {
      if (data.reason === 'time') {
        setStatus(`${view.toMove} to move. Stopped after ${Math.round(data.elapsed_ms / 1000)} s, the most the server gives one position.`, { stopped: true });
      } else if (data.reason === 'settled') {
        setStatus(`${view.toMove} to move. Every line shown is proven.`);
      } else if (data.reason === 'complete') {
        const best = view.lines[0];
        setStatus(best?.result === 'win' && best.proven
          ? `${view.toMove} to move wins: the first line is proven.`
          : `${view.toMove} to move. The engine has seen all it can here.`);
      }
    }
  }, (message) => setStatus(message));
}

/** Computes the evaluation graph of the study's game. */
function graph() {
  view.graphing?.abort();
  view.graphing = null;
  view.points = [];
  if (!view.study.game) return;
  const abort = new AbortController();
  view.graphing = abort;
  const finished = () => {
    if (view.graphing !== abort) return;
    view.graphing = null;
    think();
  };
  void follow(model.graphPath(view.study), abort, (name, data) => {
    if (view.graphing !== abort) return;
    if (name === 'point') {
      view.points.push(data);
      drawGame();
    } else if (name === 'done') {
      finished();
    }
  }, (message) => {
    $('study-graph-text').textContent = message;
    finished();
  });
}

/** Shows `study` and thinks about it. */
function open(study, { newGame = false } = {}) {
  view.study = study;
  if (board.rows !== study.rows || board.cols !== study.cols) {
    board.build(study.rows, study.cols);
  }
  $('study-board-label').textContent = `${study.rows} × ${study.cols}, ${study.k} in a row, ${RULE_NAMES[study.rule] || study.rule}`;
  showChoices(study);
  $('study-paste-error').textContent = '';
  if (newGame) {
    view.thinking?.abort();
    view.thinking = null;
    graph();
  } else if (!study.game) {
    view.graphing?.abort();
    view.graphing = null;
    view.points = [];
  }
  think();
}

/** The board, K and rule choices as the study has them; a board no preset names is offered
 * as itself. */
function showChoices(study) {
  const preset = view.presets.find((p) => p.rows === study.rows && p.cols === study.cols && p.k === study.k);
  const select = $('study-size');
  select.querySelector('option[value="custom"]')?.remove();
  if (preset) {
    select.value = preset.name;
  } else {
    const option = document.createElement('option');
    option.value = 'custom';
    option.textContent = `${study.rows} × ${study.cols}`;
    select.append(option);
    select.value = 'custom';
  }
  $('study-k').max = String(Math.max(study.rows, study.cols));
  $('study-k').value = String(study.k);
  $('study-rule').value = study.rule;
}

function onCell(index) {
  const { study } = view;
  const mark = model.nextMark(study, view.mode);
  const next = model.place(study, index, mark);
  if (!next) return;
  open(next);
}

function boardChoice() {
  const preset = view.presets.find((p) => p.name === $('study-size').value);
  return preset || { rows: 15, cols: 15, k: 5 };
}

function wire() {
  board = new BoardView($('study-board'), onCell);
  attachZoom($('study-board-wrap'), $('study-board'));
  $('study-size').addEventListener('change', () => {
    if ($('study-size').value === 'custom') return;
    const { rows, cols, k } = boardChoice();
    const rule = k === 5 ? $('study-rule').value : 'freestyle';
    open(model.newStudy({ rows, cols, k, rule }));
  });
  $('study-rule').addEventListener('change', () => {
    const rule = $('study-rule').value;
    if (rule !== 'freestyle' && view.study.k !== 5) {
      $('study-setup-error').textContent = `${RULE_NAMES[rule]} is played with five in a row: set In a row to 5 first.`;
      $('study-rule').value = view.study.rule;
      return;
    }
    $('study-setup-error').textContent = '';
    open({ ...view.study, rule }, { newGame: Boolean(view.study.game) });
  });
  $('study-k').addEventListener('change', () => {
    const k = Number($('study-k').value);
    const longest = Math.max(view.study.rows, view.study.cols);
    if (!Number.isInteger(k) || k < 1 || k > longest) {
      $('study-setup-error').textContent = `In a row goes from 1 to ${longest} on this board.`;
      $('study-k').value = String(view.study.k);
      return;
    }
    $('study-setup-error').textContent = '';
    const rule = k === 5 ? view.study.rule : 'freestyle';
    open({ ...view.study, k, rule }, { newGame: Boolean(view.study.game) });
  });
  for (const input of document.querySelectorAll('input[name="study-mode"]')) {
    input.addEventListener('change', () => { view.mode = input.value; });
  }
  $('study-undo').addEventListener('click', () => open(model.undo(view.study)));
  $('study-clear').addEventListener('click', () => {
    const { rows, cols, k, rule } = view.study;
    open(model.newStudy({ rows, cols, k, rule }));
  });
  $('study-count').addEventListener('change', think);
  $('study-go-on').addEventListener('click', think);
  $('study-paste-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const read = model.parsePosition($('study-paste').value, view.maxSide);
    if (read.error) {
      $('study-paste-error').textContent = read.error;
      return;
    }
    // A pasted board takes gomoku's five where it fits (the board it replaces may have been
    // tic-tac-toe's), and keeps the rule where that is five.
    const k = model.defaultK(read.rows, read.cols);
    const rule = k === 5 ? view.study.rule : 'freestyle';
    open(model.studyOfMarks(read, k, rule));
  });
  $('study-copy').addEventListener('click', () => {
    $('study-paste').value = model.notation(view.study);
    $('study-paste').select();
  });
  const step = (to) => open(model.stepTo(view.study, to));
  $('study-first').addEventListener('click', () => step(0));
  $('study-back').addEventListener('click', () => step(view.study.ply - 1));
  $('study-next').addEventListener('click', () => step(view.study.ply + 1));
  $('study-last').addEventListener('click', () => step(view.study.game.length));
  $('study-graph').addEventListener('click', (event) => {
    const box = $('study-graph').getBoundingClientRect();
    const plies = view.study.game?.length || 0;
    step(Math.round(((event.clientX - box.left) / box.width) * plies));
  });
  const lines = $('study-lines');
  const showLine = (event) => {
    const li = event.target.closest('li.study-line');
    if (!li || view.steps > 0) return;
    view.shown = Number(li.dataset.index);
    draw();
  };
  const hideLine = () => {
    if (view.steps > 0) return;
    view.shown = null;
    draw();
  };
  lines.addEventListener('mouseover', showLine);
  lines.addEventListener('focusin', showLine);
  lines.addEventListener('mouseleave', hideLine);
  lines.addEventListener('focusout', hideLine);
  $('study-win-back').addEventListener('click', () => {
    view.steps = Math.max(1, view.steps - 1);
    drawWinSteps();
    draw();
  });
  $('study-win-next').addEventListener('click', () => {
    view.steps = Math.min(view.lines[view.shown].pv.length, view.steps + 1);
    drawWinSteps();
    draw();
  });
  $('study-win-close').addEventListener('click', () => {
    view.steps = 0;
    view.shown = null;
    drawWinSteps();
    draw();
  });
}

/** Opens the analysis board with the server's `config`, on the study the address names (a
 * game's moves) or on an empty gomoku board. */
export function showStudy(config, search) {
  view.maxSide = config.limits.max_side;
  view.presets = config.presets;
  if (!view.wired) {
    view.wired = true;
    $('study-size').replaceChildren(...config.presets.map((p) => {
      const option = document.createElement('option');
      option.value = p.name;
      option.textContent = presetLabel(p);
      return option;
    }));
    $('study-rule').replaceChildren(...Object.entries(RULE_NAMES).map(([value, label]) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = label;
      return option;
    }));
    wire();
  }
  const fromAddress = model.studyFromAddress(search, view.maxSide);
  const study = fromAddress || model.newStudy({ rows: 15, cols: 15, k: 5 });
  open(study, { newGame: Boolean(study.game) });
}

/** Stops the engine: the page shows something else. */
export function closeStudy() {
  view.thinking?.abort();
  view.graphing?.abort();
  view.thinking = null;
  view.graphing = null;
}
