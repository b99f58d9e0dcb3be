// The analysis panel: a slider (and one-step buttons) through a finished game's moves, and
// for the position it stands on, each empty cell's value from the server's solver
// (GET /api/games/{id}/analysis?ply=N), painted on the board as a colour map (analysis.js).
// Positions already asked about are kept, so stepping back and forth asks once each; an
// answer for a position the slider has left is dropped.

import * as api from './api.js';
import { valueMap } from './analysis.js';
import { ANALYSIS_SETTLE_MS } from './pacing.js';
import { studyAddress } from './study.js';
import * as texts from './texts.js';
import { Timer } from './timers.js';

const $ = (id) => document.getElementById(id);

export class AnalysisPanel {
  /**
   * @param {(ply: number, values: Map | null) => void} onPosition draws the board after `ply`
   *   moves, with the colour map once it has come (null until then).
   */
  constructor(onPosition) {
    this.onPosition = onPosition;
    this.game = null;
    this.cache = new Map();
    this.asked = 0;
    this.settle = new Timer();
    this.slider = $('analysis-ply');
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value), true));
    $('analysis-prev').addEventListener('click', () => this.go(this.ply() - 1));
    $('analysis-next').addEventListener('click', () => this.go(this.ply() + 1));
  }

  /** Whether the panel is shown. */
  get isOpen() {
    return !$('analysis').hidden;
  }

  /** The position the slider stands on. */
  ply() {
    return Number(this.slider.value);
  }

  /** Shows the panel for the finished `game`, at the position before its last move (where
   * the last mover's choice can be seen). */
  open(game) {
    if (this.game?.id !== game.id) this.cache.clear();
    this.game = game;
    const total = game.moves.length;
    this.slider.max = String(total);
    $('analysis').hidden = false;
    $('game-view').classList.add('is-analysing');
    this.go(Math.max(0, total - 1));
    $('analysis-ply').focus({ preventScroll: true });
  }

  /** Hides the panel; answers still to come are dropped. */
  close() {
    this.asked += 1;
    this.settle.cancel();
    this.game = null;
    $('analysis').hidden = true;
    $('game-view').classList.remove('is-analysing');
  }

  /** Moves to position `ply`; `dragging` waits for the slider to settle before asking. */
  go(ply, dragging = false) {
    if (!this.game) return;
    const total = this.game.moves.length;
    const at = Math.max(0, Math.min(total, ply));
    this.slider.value = String(at);
    this.slider.setAttribute('aria-valuetext', texts.analysisCaption(at, total));
    $('analysis-caption').textContent = texts.analysisCaption(at, total);
    $('analysis-prev').disabled = at === 0;
    $('analysis-next').disabled = at === total;
    const { rows, cols, k, rule, moves } = this.game;
    $('analysis-study').href = studyAddress({ rows, cols, k, rule, moves, ply: at });
    const known = this.cache.get(at);
    if (known) {
      this.settle.cancel();
      this.show(at, known);
      return;
    }
    this.onPosition(at, null);
    $('analysis-summary').textContent = texts.ANALYSING;
    $('analysis-legend').textContent = '';
    if (dragging) this.settle.start(ANALYSIS_SETTLE_MS, () => { void this.load(at); });
    else void this.load(at);
  }

  async load(ply) {
    const game = this.game;
    this.asked += 1;
    const mine = this.asked;
    let analysis;
    try {
      analysis = await api.analysis(game.id, ply);
    } catch (e) {
      if (mine === this.asked) $('analysis-summary').textContent = texts.analysisFailed(e.message);
      return;
    }
    this.cache.set(ply, analysis);
    if (mine === this.asked && this.ply() === ply) this.show(ply, analysis);
  }

  show(ply, analysis) {
    this.onPosition(ply, valueMap(analysis, this.game.cols));
    $('analysis-summary').textContent = texts.analysisSummary(analysis);
    $('analysis-legend').textContent = texts.analysisLegend(analysis.to_move);
  }
}
