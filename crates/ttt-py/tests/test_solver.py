"""The solver: values, lengths, every move's value, best moves and analyses, within a time
limit, and what it says when time runs out."""

import signal
import threading
import time

import pytest

import ttt


def test_values_of_known_positions():
    assert ttt.Solver(ttt.Position.empty()).solve() == "draw"
    assert ttt.Solver(ttt.Position.empty(4, 4, 3)).solve() == "win"
    assert ttt.Solver(ttt.Position.empty(4, 4, 4), threads=2).solve() == "draw"
    # O . X
    # . X .    O to move, X threatens twice: lost
    # . O X
    lost = ttt.Position("O.X/.X./.OX")
    assert ttt.Solver(lost).solve() == "loss"
    assert ttt.Solver(lost).solve_with_length() == ("loss", 2)
    assert ttt.Solver(ttt.Position.empty()).solve_with_length() == ("draw", 9)


def test_a_finished_game_is_lost_or_drawn_for_the_side_that_would_move():
    # X X X
    # O O .    X has won: O, who would move, has lost, with no plies left
    # . . .
    won = ttt.Solver(ttt.Position("XXX/OO./..."))
    assert (won.solve(), won.solve_with_length()) == ("loss", ("loss", 0))
    assert (won.move_values(), won.best_moves()) == ({}, [])
    drawn = ttt.Solver(ttt.Position("XOX/XOO/OXX"))
    assert (drawn.solve(), drawn.solve_with_length()) == ("draw", ("draw", 0))


def test_every_method_proves_the_same():
    pos = ttt.Position.empty(3, 4, 3)
    for method in ("auto", "alpha-beta", "proof-number"):
        for threads in (1, 2):
            assert ttt.Solver(pos, threads=threads, method=method).solve() == "win"
    assert ttt.Solver(pos, memory=4096).solve() == "win"


def test_every_moves_value_and_the_best_moves():
    # X . O
    # . X .    O to move: only (2, 2) holds the draw
    # . . .
    solver = ttt.Solver(ttt.Position("X.O/.X./..."), time_limit=10)
    values = solver.move_values()
    assert list(values) == [(0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    assert values == {(0, 1): "loss", (1, 0): "loss", (1, 2): "loss", (2, 0): "loss", (2, 1): "loss", (2, 2): "draw"}
    assert solver.best_moves() == [(2, 2)]
    # The fastest win is best: X wins at once at (0, 2), or later elsewhere.
    assert ttt.Solver(ttt.Position("XX./OO./...")).best_moves() == [(0, 2)]


def test_analyze_gives_a_dict():
    a = ttt.Solver(ttt.Position("X.O/.X./..."), time_limit=10).analyze()
    assert set(a) == {"value", "plies", "best_moves", "moves", "nodes", "seconds"}
    assert (a["value"], a["plies"], a["best_moves"]) == ("draw", 6, [(2, 2)])
    assert a["moves"][0] == {"cell": (0, 1), "value": "loss", "plies": 2}
    assert a["moves"][-1] == {"cell": (2, 2), "value": "draw", "plies": 6}
    assert isinstance(a["nodes"], int) and isinstance(a["seconds"], float)
    over = ttt.Solver(ttt.Position("XXX/OO./...")).analyze()
    assert (over["value"], over["plies"], over["best_moves"], over["moves"]) == ("loss", 0, [], [])


def test_what_time_does_not_prove_is_none():
    gomoku = ttt.Position.preset("gomoku")
    solver = ttt.Solver(gomoku, time_limit=0.2, threads=2)
    started = time.monotonic()
    assert solver.solve() is None
    assert solver.solve_with_length() is None
    assert time.monotonic() - started < 10
    nothing = ttt.Solver(ttt.Position.empty(5, 5, 4), time_limit=0)
    assert nothing.solve() is None
    assert set(nothing.move_values().values()) == {None}
    assert nothing.best_moves() is None
    a = nothing.analyze()
    assert (a["value"], a["plies"], a["best_moves"]) == (None, None, None)
    assert len(a["moves"]) == 25 and all(m["value"] is None for m in a["moves"])


def test_the_time_limit_counts_from_each_call():
    solver = ttt.Solver(ttt.Position.empty(), time_limit=1)
    time.sleep(1.2)
    assert solver.solve() == "draw"


def test_bad_arguments_are_refused_with_the_reason():
    pos = ttt.Position.empty()
    with pytest.raises(ValueError, match='unknown method "fast": choose auto, alpha-beta or proof-number'):
        ttt.Solver(pos, method="fast")
    with pytest.raises(ValueError, match="time_limit must be a number of seconds, 0 or more, not -0.5"):
        ttt.Solver(pos, time_limit=-0.5)
    with pytest.raises(ValueError, match="threads must be 1 or more"):
        ttt.Solver(pos, threads=0)
    with pytest.raises(TypeError):
        ttt.Solver("X.O/.X./...")


def test_repr_and_position():
    solver = ttt.Solver(ttt.Position("X.O/.X./..."), time_limit=2.5, threads=2, method="proof-number")
    assert solver.position == ttt.Position("X.O/.X./...")
    assert repr(solver) == "Solver(Position('X.O/.X./...', k=3), time_limit=2.5, threads=2, method='proof-number')"


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs pthread_kill")
def test_ctrl_c_stops_a_search_without_a_time_limit():
    # Gomoku's empty board with no limit would run for ever; SIGINT a moment in stops it.
    # Python leaves SIGINT ignored when it starts ignored (a background job of a shell
    # without job control), so the test puts Python's own handler in place.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        main = threading.get_ident()
        timer = threading.Timer(0.5, signal.pthread_kill, (main, signal.SIGINT))
        timer.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            ttt.Solver(ttt.Position.preset("gomoku")).solve()
        timer.cancel()
        assert time.monotonic() - started < 10
    finally:
        signal.signal(signal.SIGINT, previous)
