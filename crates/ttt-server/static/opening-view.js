// The page's title and the game's header line (its board, rule and opening) and the opening's panel: where the
// opening stands, and for the person acting, Place (the stones picked on the board) and the
// choices the phase allows (Take X, Take O, Place two). It writes the DOM and decides
// nothing: the server's phase says what is open, roles.js who this page is, texts.js the
// words; all text goes in with textContent.

import { CHOICES, phaseOf } from './opening.js';
import { actsInOpening } from './roles.js';
import * as texts from './texts.js';

const $ = (id) => document.getElementById(id);

/** The buttons of the choices, by choice. */
const CHOICE_BUTTONS = {
  take_x: 'opening-take-x', take_o: 'opening-take-o', place_two: 'opening-place-two',
};

/** The page's title and the header line over the board: what game this is (gomoku with
 * five in a row, its rule and opening). */
export function header(state) {
  $('title').textContent = texts.titleOf(state.game);
  const line = state.game ? texts.rulesLine(state.game) : '';
  $('game-rules').textContent = line;
  $('game-rules').hidden = line === '';
}

/** The opening's panel, shown while an opening goes on. */
export function panel(state) {
  const phase = phaseOf(state.game);
  $('opening').hidden = !phase;
  if (!phase) return;
  const mine = actsInOpening(state);
  const picked = state.picked.length;
  $('opening-text').textContent = texts.openingText(state.game, mine, picked);
  const place = $('opening-place');
  place.hidden = !mine || !phase.may.includes('place');
  place.textContent = texts.placeLabel(picked);
  place.disabled = state.busy || picked === 0;
  for (const choice of CHOICES) {
    const button = $(CHOICE_BUTTONS[choice]);
    button.textContent = texts.CHOICE_LABELS[choice];
    button.hidden = !mine || !phase.may.includes(choice);
    button.disabled = state.busy;
  }
}

/** Calls `onPlace()` for Place and `onChoose(choice)` for a choice. */
export function wire(onPlace, onChoose) {
  $('opening-place').addEventListener('click', onPlace);
  for (const choice of CHOICES) {
    $(CHOICE_BUTTONS[choice]).addEventListener('click', () => onChoose(choice));
  }
}
