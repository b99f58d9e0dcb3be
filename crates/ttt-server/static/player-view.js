// A player's page (/players/{name}): their record, their ratings by board, a chart of the
// rating's history on a board, their recent games, and a replay of any of them, move by
// move. Text goes in with textContent, never as HTML.

import * as api from './api.js';
import { studyAddress } from './study.js';
import {
  boardTitle, chartLine, gameLine, ratingText, replayCells,
} from './ratings.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 200;

/** The game the replay shows, and its moves shown. */
const replay = { game: null };

function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

function svg(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, String(v));
  return element;
}

/** "1 win, 0 losses, 2 ties". */
function recordText(p) {
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  return [count(p.wins, 'win', 'wins'), count(p.losses, 'loss', 'losses'),
    count(p.ties, 'tie', 'ties')].join(', ');
}

function gamesText(n) {
  return n === 1 ? '1 game' : `${n} games`;
}

/** The chart of the rating on `board` over the player's rated games there. */
function drawChart(history, board) {
  const line = chartLine(history, board, WIDTH, HEIGHT);
  $('player-chart-card').hidden = !line;
  if (!line) return;
  const chart = $('player-chart');
  const pieces = [
    svg('path', { d: line.path, class: 'chart-line' }),
    ...line.points.map((p) => svg('circle', { cx: p.x, cy: p.y, r: 3, class: 'chart-point' })),
  ];
  for (const [value, y] of [[line.high, 16], [line.low, HEIGHT - 6]]) {
    const label = svg('text', { x: 4, y, class: 'chart-label' });
    label.textContent = String(value);
    pieces.push(label);
  }
  chart.replaceChildren(...pieces);
  const last = line.points[line.points.length - 1].rating;
  $('player-chart-caption').textContent = `Rating on ${boardTitle(board)} after each rated game: `
    + `from 1500 to ${Math.round(last)} over ${gamesText(line.points.length - 1)}.`;
}

/** Shows the board of the replayed game after `ply` moves. */
function showReplay(ply) {
  const { game } = replay;
  if (!game) return;
  const at = Math.max(0, Math.min(ply, game.moves.length));
  const cells = replayCells(game.moves, at, game.rows, game.cols);
  const board = $('replay-board');
  board.style.setProperty('--cols', String(game.cols));
  board.replaceChildren(...cells.map((mark) => {
    const div = document.createElement('div');
    div.className = `replay-cell${mark ? ` mark-${mark.toLowerCase()}` : ''}`;
    div.textContent = mark;
    return div;
  }));
  $('replay-ply').value = String(at);
  $('replay-caption').textContent = `${at} of ${game.moves.length} moves`;
  $('replay-prev').disabled = at === 0;
  $('replay-next').disabled = at === game.moves.length;
  $('replay-study').href = studyAddress({ ...game, ply: at });
}

function openReplay(game, name) {
  replay.game = game;
  $('replay').hidden = false;
  $('replay-heading').textContent = name === null ? fileLine(game) : gameLine(game, name);
  // A finished game of ours can be saved; a file opened here is the visitor's already.
  $('replay-downloads').hidden = game.id === undefined;
  if (game.id !== undefined) {
    $('replay-sgf').href = api.recordFilePath(game.id, 'sgf');
    $('replay-psq').href = api.recordFilePath(game.id, 'psq');
  }
  $('replay-ply').max = String(game.moves.length);
  showReplay(game.moves.length);
  $('replay').scrollIntoView({ block: 'nearest' });
}

/** Shows (or hides, for a player who is not there) the page's tables and lists. */
function showSections(shown) {
  for (const id of ['player-ratings', 'player-games-heading', 'player-games']) {
    $(id).closest('.card, h3, ul').hidden = !shown;
  }
  if (!shown) {
    $('player-chart-card').hidden = true;
    $('player-no-ratings').hidden = true;
    $('player-no-games').hidden = true;
  }
}

/** Fills the page of the player called `name`. */
export async function showPlayer(name) {
  $('player-error').textContent = '';
  $('replay').hidden = true;
  replay.game = null;
  $('player-heading').textContent = name;
  let page;
  let games;
  try {
    [page, games] = await Promise.all([api.playerPage(name), api.playerGames(name)]);
  } catch (e) {
    $('player-record').textContent = '';
    showSections(false);
    $('player-error').textContent = e.message;
    return;
  }
  showSections(true);
  $('player-heading').textContent = page.name + (page.account ? '' : ' (guest)');
  $('player-record').textContent = recordText(page);
  const boards = Object.values(page.ratings);
  $('player-ratings').tBodies[0].replaceChildren(...boards.map((r) => {
    const tr = document.createElement('tr');
    tr.append(cell(boardTitle(r.board)), cell(ratingText(r)), cell(`±${Math.round(r.rd)}`),
      cell(String(r.games)));
    return tr;
  }));
  $('player-no-ratings').hidden = boards.length > 0;
  const latest = page.rating_history[page.rating_history.length - 1];
  if (latest) drawChart(page.rating_history, latest.board);
  else $('player-chart-card').hidden = true;
  $('player-games').replaceChildren(...games.map((game) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'link';
    button.textContent = gameLine(game, page.name);
    button.addEventListener('click', () => openReplay(game, page.name));
    li.append(button);
    return li;
  }));
  $('player-no-games').hidden = games.length > 0;
}

/** A file's game in one line: "Ann against Bo (15×15, 5 in a row, renju), from a file". */
function fileLine(game) {
  const [x, o] = game.names.map((n, i) => n || (i === 0 ? 'Black' : 'White'));
  const rule = game.rule && game.rule !== 'freestyle' ? `, ${game.rule}` : '';
  return `${x} against ${o} (${game.rows}×${game.cols}, ${game.k} in a row${rule}), from a file`;
}

/** Opens a game file the visitor chose in the replay. */
async function openFile(input) {
  const file = input.files?.[0];
  if (!file) return;
  $('player-error').textContent = '';
  try {
    const text = await file.text();
    const game = await api.readGameFile(text);
    openReplay(game, null);
  } catch (e) {
    $('player-error').textContent = e.message;
  } finally {
    input.value = '';
  }
}

/** Wires the replay's steps and the file to open. */
export function wirePlayer() {
  $('open-file').addEventListener('change', (event) => { void openFile(event.target); });
  $('replay-prev').addEventListener('click', () => showReplay(Number($('replay-ply').value) - 1));
  $('replay-next').addEventListener('click', () => showReplay(Number($('replay-ply').value) + 1));
  $('replay-ply').addEventListener('input', () => showReplay(Number($('replay-ply').value)));
}
