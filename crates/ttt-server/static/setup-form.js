// The setup form's DOM: its choices (computer levels, named boards, limits) built from the
// server's config, its fields read for setup.js to check and filled from a setup saved
// earlier, and each player's panel and the board-size choice kept in step with what is typed.
// A person may play from another device (a friend invited by link), and Swap trades the two
// panels, so either player can move first. It stays disabled until it has been built, so
// nothing can be sent from a half-made form.

import {
  CLOCKS, CUSTOM, offersRules, presetMatching,
} from './setup.js';
import {
  CUSTOM_LABEL, computerChoices, GUEST_PLACEHOLDER, levelLabel, OPENING_NAMES, presetLabel,
  RULE_HELP, RULE_NAMES,
} from './texts.js';

const $ = (id) => document.getElementById(id);

/** The two players' panels, by number: 1 plays X, 2 plays O. */
const SEATS = [1, 2];
const DIMS = ['rows', 'cols', 'k'];

function option(value, label, selected = false) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  element.selected = selected;
  return element;
}

export class SetupForm {
  constructor() {
    this.presets = [];
  }

  /**
   * Builds the choices from the server's config (`GET /api/config`): each player's levels
   * (and the engines the server offers) with the default chosen, the named boards (the first chosen, its size filled in) and
   * Custom, and the limits on names and sides.
   */
  build(config) {
    this.presets = config.presets;
    for (const n of SEATS) {
      $(`p${n}-level`).replaceChildren(...computerChoices(config).map(
        (level) => option(level, levelLabel(level), level === config.default_level),
      ));
      const name = $(`p${n}-name`);
      name.maxLength = config.limits.max_name_chars;
      name.placeholder = GUEST_PLACEHOLDER;
      $(`p${n}-human`).addEventListener('change', () => this.syncPlayer(n));
      $(`p${n}-remote`).addEventListener('change', () => this.syncPlayer(n));
      this.syncPlayer(n);
    }
    const preset = $('preset');
    preset.replaceChildren(
      ...config.presets.map((p) => option(p.name, presetLabel(p))),
      option(CUSTOM, CUSTOM_LABEL),
    );
    preset.addEventListener('change', () => this.applyPreset());
    for (const id of DIMS) {
      $(id).max = String(config.limits.max_side);
      $(id).addEventListener('input', () => this.syncPreset());
    }
    if (config.presets.length > 0) this.showSize(config.presets[0]);
    $('swap').addEventListener('click', () => this.swap());
    $('clock').replaceChildren(
      ...Object.entries(CLOCKS).map(([value, { label }]) => option(value, label)),
    );
    $('rule').replaceChildren(
      ...Object.entries(RULE_NAMES).map(([value, label]) => option(value, label)),
    );
    $('opening-rule').replaceChildren(
      ...Object.entries(OPENING_NAMES).map(([value, label]) => option(value, label)),
    );
    $('rule').addEventListener('change', () => this.syncRules());
    this.syncRules();
  }

  /** Lets the form be used (it starts disabled, until it is built). */
  enable() {
    $('setup-fields').disabled = false;
  }

  /** Calls `handler` with the fields when the form is submitted. */
  onSubmit(handler) {
    $('setup-form').addEventListener('submit', (event) => {
      event.preventDefault();
      handler(this.fields());
    });
  }

  /** The fields as the form holds them, for setup.js's `checkSetup`. */
  fields() {
    const fields = {
      players: SEATS.map((n) => this.player(n)),
    };
    for (const id of DIMS) fields[id] = $(id).value;
    fields.rule = $('rule').value;
    fields.clock = $('clock').value;
    fields.opening = $('opening-rule').value;
    return fields;
  }

  /** Player `n`'s panel as it stands: `{ human, remote, name, level }`. */
  player(n) {
    return {
      human: $(`p${n}-human`).checked,
      remote: $(`p${n}-remote`).checked,
      name: $(`p${n}-name`).value,
      level: $(`p${n}-level`).value,
    };
  }

  /** Sets player `n`'s panel to `p` (what `player` reads; a missing name or level is kept). */
  setPlayer(n, p) {
    $(`p${n}-human`).checked = p.human;
    $(`p${n}-remote`).checked = Boolean(p.remote);
    if (p.name !== undefined) $(`p${n}-name`).value = p.name;
    if (p.level !== undefined) $(`p${n}-level`).value = p.level;
    this.syncPlayer(n);
  }

  /** Trades the two panels: whoever was O moves first as X. */
  swap() {
    const [one, two] = SEATS.map((n) => this.player(n));
    this.setPlayer(1, two);
    this.setPlayer(2, one);
  }

  /** Fills in what `fields` (from setup.js's `fieldsFromSaved`) holds; keeps the rest. */
  fill(fields) {
    if (!fields) return;
    fields.players.forEach((p, i) => this.setPlayer(SEATS[i], p));
    for (const id of DIMS) {
      if (fields[id] !== undefined) $(id).value = fields[id];
    }
    if (fields.rule !== undefined) $('rule').value = fields.rule;
    if (fields.clock !== undefined && CLOCKS[fields.clock]) $('clock').value = fields.clock;
    if (fields.opening !== undefined) $('opening-rule').value = fields.opening;
    this.syncPreset();
  }

  /** A human's panel takes a name (unless they play from another device, where they give it
   * themselves), a computer's a level. */
  syncPlayer(n) {
    const human = $(`p${n}-human`).checked;
    const remote = $(`p${n}-remote`);
    remote.disabled = !human;
    $(`p${n}-name`).disabled = !human || remote.checked;
    // Only a person here without a name plays as a guest.
    $(`p${n}-name`).placeholder = human && !remote.checked ? GUEST_PLACEHOLDER : '';
    $(`p${n}-level`).disabled = human;
    $(`p${n}-panel`).classList.toggle('is-computer', !human);
    $(`p${n}-panel`).classList.toggle('is-remote', human && remote.checked);
  }

  /** The board-size choice names the board typed in, or says Custom. */
  syncPreset() {
    const typed = { rows: $('rows').value, cols: $('cols').value, k: $('k').value };
    $('preset').value = presetMatching(typed, this.presets);
    this.syncRules();
  }

  /** Gomoku's rules and openings are offered with five in a row, with a word on the rule. */
  syncRules() {
    const shown = offersRules(Number($('k').value));
    $('rules-fields').hidden = !shown;
    $('rule-help').hidden = !shown;
    $('rule-help').textContent = RULE_HELP[$('rule').value] || '';
  }

  /** A named board fills in its size; Custom hands over to the fields. */
  applyPreset() {
    const chosen = this.presets.find((p) => p.name === $('preset').value);
    if (!chosen) {
      $('rows').focus();
      return;
    }
    this.showSize(chosen);
  }

  /** Fills in the size of a named board. */
  showSize(preset) {
    for (const id of DIMS) $(id).value = String(preset[id]);
    this.syncRules();
  }
}
