// Unit tests of the page's wording (static/texts.js): names, turns, results, what is read
// out, and the labels of the setup's choices and of the board's cells.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cellLabel, displayName, endMessage, leaderboardEmpty, leaderboardPage, levelLabel, messageRow,
  movePlayed, numberWord, presetLabel, resultText, turnAnnouncement, turnText, outcomeWords,
  hintText, watchersText, takebackQuestionText, takebackAnswerText, analysisCaption,
  analysisSummary, computerChoices, INVITED_FRIEND,
} from '../../static/texts.js';
import {
  aliceWins, computer, friend, gameState, human,
} from './fixtures.mjs';

describe('names', () => {
  test('a human by name, a computer by level, by mark too when both are computers', () => {
    const mixed = gameState({ players: [human('<b>Ann</b>'), computer('perfect')] });
    assert.equal(displayName(mixed, 0), '<b>Ann</b>');
    assert.equal(displayName(mixed, 1), 'Computer (Perfect)');
    const machines = gameState({ players: [computer('easy'), computer('hard')] });
    assert.equal(displayName(machines, 0), 'Computer X (Easy)');
    assert.equal(displayName(machines, 1), 'Computer O (Hard)');
  });

  test('levels as the page shows them', () => {
    assert.deepEqual(['easy', 'medium', 'hard', 'perfect'].map(levelLabel),
      ['Easy', 'Medium', 'Hard', 'Perfect']);
  });

  test("the server's engines follow the levels, and are named by their name", () => {
    const config = { levels: ['easy', 'hard'], engines: ['student'] };
    assert.deepEqual(computerChoices(config), ['easy', 'hard', 'engine:student']);
    assert.deepEqual(computerChoices({ levels: ['easy'] }), ['easy']);
    assert.equal(levelLabel('engine:student'), 'Engine: student');
    const game = gameState({ players: [human('Ann'), computer('engine:student')] });
    assert.equal(displayName(game, 1), 'Engine student');
    assert.equal(turnText(game, 1), 'Engine student is thinking…');
    const machines = gameState({ players: [computer('engine:a'), computer('hard')] });
    assert.equal(displayName(machines, 0), 'Engine a (X)');
  });
});

describe('a program that failed', () => {
  test('loses, and the end says what it did', () => {
    const reason = 'engine student (O) answered 3,0, off the 3 x 3 board: O loses';
    const game = {
      ...gameState({ players: [human('Ann'), computer('engine:student')], status: 'x_wins' }),
      forfeit: { loser: 'O', reason },
    };
    assert.equal(resultText(game), 'Ann wins!');
    assert.equal(endMessage(game), `${reason}.`);
  });
});

describe('turns and results', () => {
  test("a human's turn, a computer thinking", () => {
    const game = gameState({ players: [human('Ann'), computer('hard')] });
    assert.equal(turnText(game, 0), "Ann's turn");
    assert.equal(turnText(game, 1), 'Computer (Hard) is thinking…');
    assert.equal(turnAnnouncement(game, 0), "Ann's turn, X.");
  });

  test('wins and ties', () => {
    assert.equal(resultText(aliceWins()), 'Alice wins!');
    assert.equal(resultText(gameState({ status: 'o_wins' })), 'Bob wins!');
    assert.equal(resultText(gameState({ status: 'draw' })), 'Tie game!');
  });

  test('the dialog consoles a human beaten by a computer, and praises anyone else', () => {
    assert.equal(endMessage(aliceWins()), 'Alice got 3 in a row. Well played!');
    assert.equal(
      endMessage(gameState({ status: 'o_wins', players: [human('Ann'), computer('perfect')] })),
      'Computer (Perfect) got 3 in a row. Better luck next time, Ann!',
    );
    assert.equal(
      endMessage(gameState({ k: 4, rows: 4, cols: 4, status: 'draw' })),
      'The board is full and nobody got 4 in a row.',
    );
  });

  test('a move read out, counted from 1', () => {
    assert.equal(movePlayed(aliceWins(), 1, { row: 1, col: 0 }), 'Bob played O at row 2, column 1.');
  });
});

describe('the message row', () => {
  test('shows the mark to move and that side\'s turn', () => {
    const game = gameState({ moves: [[1, 1]] });
    assert.deepEqual(messageRow(game, 1), {
      left: "Alice's turn", right: "Bob's turn", centre: 'O', over: false, toMove: 1,
    });
    assert.equal(messageRow(game, 0).toMove, 0);
  });

  test('shows the result once the last move is shown, and no side', () => {
    const won = aliceWins();
    assert.deepEqual(messageRow(won, 5), {
      left: "Alice's turn", right: "Bob's turn", centre: 'Alice wins!', over: true, toMove: null,
    });
    assert.equal(messageRow(won, 4).over, false);
  });
});

describe('labels', () => {
  test('named boards say their size, and their name when it says more', () => {
    assert.equal(presetLabel({ title: 'Classic', rows: 3, cols: 3, k: 3 }),
      'Classic: 3 × 3, three in a row');
    assert.equal(presetLabel({ title: null, rows: 6, cols: 7, k: 3 }), '6 × 7, three in a row');
    assert.equal(presetLabel({ title: 'Gomoku', rows: 15, cols: 15, k: 5 }),
      'Gomoku: 15 × 15, five in a row');
    assert.equal(numberWord(12), '12');
  });

  test('cells say where they are, what is on them and whether they won', () => {
    assert.equal(cellLabel({ row: 1, col: 1 }, '', false), 'row 2, column 2, empty');
    assert.equal(cellLabel({ row: 0, col: 1 }, 'X', true), 'row 1, column 2, X, winning line');
  });
});

describe('the leaderboard', () => {
  test('says where a page is, and why it is empty', () => {
    assert.equal(leaderboardPage(50, 50, 230), 'Players 51 to 100 of 230');
    assert.equal(leaderboardPage(0, 0, 0), '');
    assert.equal(leaderboardEmpty(''), 'No one has played yet.');
    assert.equal(leaderboardEmpty('zo'), 'No player\'s name contains "zo".');
  });
});

describe('playing together', () => {
  test('an invited friend by name once joined', () => {
    const waiting = gameState({ players: [human('Ann'), friend()] });
    assert.equal(displayName(waiting, 1), INVITED_FRIEND);
    assert.equal(turnText(waiting, 1), `${INVITED_FRIEND}'s turn`);
    const joined = gameState({ players: [human('Ann'), friend('Bo')] });
    assert.equal(turnText(joined, 1), "Bo's turn");
    assert.equal(messageRow(waiting, 0).left, 'Waiting for the invited friend');
    assert.equal(messageRow(joined, 0).left, "Ann's turn");
  });

  test('what a move leads to: "win in 5 plies", "draw", "not proven"', () => {
    assert.equal(outcomeWords('win', 5), 'win in 5 plies');
    assert.equal(outcomeWords('win', 1), 'win in 1 ply');
    assert.equal(outcomeWords('loss', 4), 'loss in 4 plies');
    assert.equal(outcomeWords('win', null), 'win');
    assert.equal(outcomeWords('draw', 9), 'draw');
    assert.equal(outcomeWords('unknown', null), 'not proven');
    assert.equal(hintText({ row: 1, col: 2, value: 'win', plies: 3 }),
      'Hint: row 2, column 3 (win in 3 plies).');
  });

  test('watchers, takeback questions and answers', () => {
    assert.equal(watchersText(0), 'Nobody is watching');
    assert.equal(watchersText(1), '1 person watching');
    assert.equal(watchersText(3), '3 people watching');
    const game = gameState({ players: [human('Ann'), friend('Bo')] });
    assert.equal(takebackQuestionText(game, { kind: 'answer', asker: 1 }),
      'Bo asks to take their last move back.');
    assert.match(takebackQuestionText(game, { kind: 'waiting', asker: 0 }), /Waiting for Bo/);
    assert.equal(takebackAnswerText(game, 'declined', 1), 'Ann declined to take your move back.');
    assert.equal(takebackAnswerText(game, 'accepted', 1), 'Ann accepted: your last move is taken back.');
  });

  test('the analysis in words', () => {
    assert.equal(analysisCaption(0, 7), 'Before the first move (0 of 7)');
    assert.equal(analysisCaption(3, 7), 'After move 3 of 7');
    assert.equal(analysisCaption(7, 7), 'After the last move (7 of 7)');
    assert.equal(analysisSummary({ to_move: 'X', value: 'draw', plies: 9 }), 'X to move: draw with best play.');
    assert.equal(analysisSummary({ to_move: 'O', value: 'loss', plies: 4 }),
      'O to move: loss in 4 plies with best play.');
    assert.match(analysisSummary({ to_move: null, value: 'unknown', plies: null }), /over/);
  });
});
