"""Positions: reading the notation (and refusing what cannot be read or played, with the
engine's reasons), playing, the course board API, and the text forms."""

import pickle

import pytest

import ttt


def test_reads_the_notation_and_knows_whose_turn_it_is():
    pos = ttt.Position("X.O/.X./...")
    assert (pos.rows, pos.cols, pos.k) == (3, 3, 3)
    assert pos.turn == "O"
    assert pos.outcome == "in_progress"
    assert pos.winner is None and not pos.is_over
    assert pos.ply == 3
    assert pos.notation == "X.O/.X./..."
    assert pos.get((0, 2)) == "O" and pos.get((1, 1)) == "X"
    assert pos.get((2, 2)) is None and pos.get((9, 9)) is None and pos.get((-1, 0)) is None
    # Other spellings of the same board, and K given.
    assert ttt.Position(" x_o/-X-/___ ", k=3) == pos
    assert ttt.Position("..../..../....", k=4).cols == 4


@pytest.mark.parametrize(
    "notation, k, message",
    [
        ("", 3, "the position is empty: write rows of X, O and . separated by /, e.g. X.O/.X./..."),
        ("X.O/.X", 3, "ragged rows: row 2 has 2 cells but row 1 has 3 cells"),
        ("X.O/.Z.", 3, "bad character 'Z' at row 2, column 2: cells are X, O or . (also _ or - for empty)"),
        (
            "XX./.../...",
            3,
            "impossible counts: X has 2 marks and O has 0; X moves first, so X must have as many as O or one more",
        ),
        ("XXX/OOO/...", 3, "both X and O have a line, which cannot happen in play"),
        ("XXX/O../O.O", 3, "X has a line but O moved last, which cannot happen in play"),
        (
            "XXX../OO.OO/XXX../O....",
            3,
            "X has lines that do not share a cell, so play went on after the game was won",
        ),
        ("X../.../...", 4, "K = 4 is out of range: K must be between 1 and 3 (the longest side of the board)"),
        ("X../.../...", 0, "K = 0 is out of range: K must be between 1 and 3 (the longest side of the board)"),
        (
            "." * 25,
            3,
            "a board of 1 row by 25 columns is not supported: rows and columns must each be between 1 and 24",
        ),
    ],
)
def test_a_malformed_position_raises_value_error_with_the_reason(notation, k, message):
    with pytest.raises(ValueError) as raised:
        ttt.Position(notation, k)
    assert str(raised.value) == message
    assert isinstance(raised.value, ttt.PositionError)


def test_empty_boards_and_presets():
    pos = ttt.Position.empty(6, 7, 3)
    assert (pos.rows, pos.cols, pos.k, pos.turn, pos.ply) == (6, 7, 3, "X", 0)
    assert ttt.Position.empty() == ttt.Position(".../.../...")
    gomoku = ttt.Position.preset("gomoku")
    assert (gomoku.rows, gomoku.cols, gomoku.k) == (15, 15, 5)
    assert [ttt.Position.preset(name).k for name in ttt.PRESETS] == [3, 4, 4, 3, 5]
    with pytest.raises(ValueError, match="there is no preset \"tiny\": choose one of classic, "):
        ttt.Position.preset("tiny")
    with pytest.raises(ttt.PositionError, match="rows and columns must each be between 1 and 24"):
        ttt.Position.empty(0, 3, 3)


def test_a_game_from_start_to_end():
    pos = ttt.Position.empty()
    assert len(pos.legal_moves()) == 9
    for cell in [(1, 1), (0, 1), (0, 0), (1, 0), (2, 2)]:
        before = pos
        pos = pos.play(cell)
        assert before.ply == pos.ply - 1  # playing made a new position
    assert pos.notation == "XO./OX./..X"
    assert pos.outcome == "x_wins" and pos.winner == "X" and pos.is_over
    assert pos.winning_cells() == [(0, 0), (1, 1), (2, 2)]
    assert pos.legal_moves() == []


def test_moves_come_in_row_column_order():
    pos = ttt.Position("XO/..", k=2)
    assert pos.legal_moves() == [(1, 0), (1, 1)]
    assert [p.notation for p in pos.possible_moves()] == ["XO/X.", "XO/.X"]


def test_illegal_moves_raise_with_the_engines_messages():
    pos = ttt.Position("X../.O./...")
    with pytest.raises(ttt.IllegalMoveError) as raised:
        pos.play((1, 1))
    # Messages count from 1, as every ttt message for people does.
    assert str(raised.value) == "cell (2, 2) is already taken"
    assert raised.value.cell == (1, 1)
    with pytest.raises(ValueError, match=r"^cell \(1, 4\) is off the board$") as raised:
        pos.play((0, 3))
    assert raised.value.cell == (0, 3)
    with pytest.raises(ValueError, match=r"^cell \(1001, 1\) is off the board$"):
        pos.play((1000, 0))
    with pytest.raises(ValueError, match=r"count from 0, so \(-1, 0\) is no cell"):
        pos.play((-1, 0))
    won = ttt.Position("XXX/OO./...")
    with pytest.raises(ttt.IllegalMoveError, match="^the game is over$") as raised:
        won.play((2, 2))
    assert raised.value.cell is None
    with pytest.raises(TypeError):
        pos.play("b2")


def test_the_course_board_api():
    # O _ X
    # _ X _    O to move
    # _ O X
    board = ttt.Position("O_X/_X_/_OX")
    assert board.count_blanks() == 4
    assert board.text() == "O_X\n_X_\n_OX\n"
    assert not board.is_win_for("X") and not board.is_loss_for("O") and not board.is_draw()
    assert board.board_value("X") == 0
    nexts = board.possible_moves()
    assert [p.notation for p in nexts] == ["OOX/.X./.OX", "O.X/OX./.OX", "O.X/.XO/.OX", "O.X/.X./OOX"]
    assert board.notation == "O.X/.X./.OX"  # unchanged
    # O O X
    # . X .    after O's first possible move, X completes the anti-diagonal
    # X O X
    done = nexts[0].play((2, 0))
    assert done.is_win_for("x") and done.is_loss_for("O")
    assert done.board_value("X") == 1 and done.board_value("O") == -1
    draw = ttt.Position("XOX/XOO/OXX")
    assert draw.is_draw() and draw.board_value("X") == 0 and draw.possible_moves() == []
    with pytest.raises(ValueError, match="a player is 'X' or 'O', not \"Z\""):
        board.is_win_for("Z")
    with pytest.raises(ValueError, match="a player is 'X' or 'O', not \"XO\""):
        board.board_value("XO")


def test_positions_are_values():
    a, b = ttt.Position("X.O/.X./..."), ttt.Position("x_o/_x_/___")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, ttt.Position.empty()}) == 2
    assert a != ttt.Position.empty()
    # K is part of the position: with two in a row, X has already won.
    assert a != ttt.Position("X.O/.X./...", k=2) and ttt.Position("X.O/.X./...", k=2).winner == "X"
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(ttt.Position("....", k=2))).k == 2


def test_text_forms_for_people_and_notebooks():
    pos = ttt.Position("X.O/.X./...")
    assert repr(pos) == "Position('X.O/.X./...', k=3)"
    assert eval(repr(pos), {"Position": ttt.Position}) == pos
    assert str(pos) == "X . O\n. X .\n. . .\nO to move"
    assert str(ttt.Position("XXX/OO./...")) == "X X X\nO O .\n. . .\nX has won"
    assert str(ttt.Position("XOX/XOO/OXX")).endswith("\na draw")
    html = ttt.Position("XXX/OO./...")._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 3 and html.count("<td") == 9
    assert html.count("background:#ffe08a") == 3  # the winning line
    assert 'title="(1, 2)"' in html
    assert "X has won (3 x 3, 3 in a row)" in html


def test_ipython_pretty_printing():
    printed = []

    class Printer:
        def text(self, s):
            printed.append(s)

    ttt.Position("X.O/.X./...")._repr_pretty_(Printer(), False)
    assert printed == ["Position('X.O/.X./...', k=3)\nX . O\n. X .\n. . .\nO to move"]
