"""The four computer players: each level by name or number, repeatable with a seed, and the
perfect player never losing."""

import itertools
import threading
import time

import pytest

import ttt


def play_out(x, o, pos=None):
    """Plays `x` against `o` to the end and returns the final position."""
    pos = pos or ttt.Position.empty()
    players = {"X": x, "O": o}
    while not pos.is_over:
        decision = players[pos.turn].choose(pos)
        assert decision is not None
        pos = pos.play(decision.cell)
    return pos


def test_levels_by_name_or_number():
    assert ttt.LEVELS == ("easy", "medium", "hard", "perfect")
    for number, name in enumerate(ttt.LEVELS, start=1):
        assert ttt.ComputerPlayer(name).level == name
        assert ttt.ComputerPlayer(number).level == name
        assert ttt.ComputerPlayer(name.upper()).level == name
    assert ttt.ComputerPlayer().level == "perfect"
    player = ttt.ComputerPlayer("hard", seed=5, time_limit=0.5)
    assert (player.seed, player.time_limit) == (5, 0.5)
    assert repr(player) == "ComputerPlayer('hard', seed=5, time_limit=0.5)"


def test_bad_levels_and_times_are_refused_with_the_reason():
    with pytest.raises(ValueError) as raised:
        ttt.ComputerPlayer("expert")
    assert str(raised.value) == 'unknown level "expert": choose easy, medium, hard or perfect (or 1 to 4)'
    with pytest.raises(ValueError, match=r'unknown level "5"'):
        ttt.ComputerPlayer(5)
    with pytest.raises(ValueError, match="time_limit must be a number of seconds, 0 or more, not -1"):
        ttt.ComputerPlayer("perfect", time_limit=-1)
    with pytest.raises(TypeError):
        ttt.ComputerPlayer(["easy"])


def test_each_level_follows_its_rules():
    # X X .
    # O O .    O to move: O can win at (1, 2); X threatens (0, 2); the centre is taken
    # X . .
    pos = ttt.Position("XX./OO./X..")
    assert ttt.ComputerPlayer("medium", seed=1).choose(pos).cell == (0, 2)  # blocks
    assert ttt.ComputerPlayer("hard", seed=1).choose(pos).cell == (1, 2)  # wins
    assert ttt.ComputerPlayer("perfect").choose(pos).cell == (1, 2)
    assert ttt.ComputerPlayer("easy", seed=1).choose(pos).cell in pos.legal_moves()
    assert ttt.ComputerPlayer("hard", seed=1).choose(ttt.Position.empty()).cell == (1, 1)


def test_the_perfect_player_claims_what_it_proves():
    decision = ttt.ComputerPlayer("perfect").choose(ttt.Position("XX./OO./..."))
    assert decision == ttt.ComputerPlayer("perfect").choose(ttt.Position("XX./OO./..."))
    assert (decision.cell, decision.value, decision.plies) == ((0, 2), "win", 1)
    assert repr(decision) == "Decision(cell=(0, 2), value='win', plies=1)"
    first = ttt.ComputerPlayer("perfect").choose(ttt.Position.empty())
    assert (first.cell, first.value, first.plies) == ((0, 0), "draw", 9)
    lower = ttt.ComputerPlayer("easy", seed=1).choose(ttt.Position.empty())
    assert (lower.value, lower.plies) == (None, None)
    assert repr(lower).endswith("value=None, plies=None)")


def test_nobody_moves_once_the_game_is_over():
    for level in ttt.LEVELS:
        assert ttt.ComputerPlayer(level, seed=1).choose(ttt.Position("XXX/OO./...")) is None


def test_a_seed_repeats_a_game():
    def game(seed):
        return play_out(ttt.ComputerPlayer("easy", seed=seed), ttt.ComputerPlayer("easy", seed=seed + 1))

    assert game(3) == game(3)
    assert len({game(seed).notation for seed in range(8)}) > 1


def test_perfect_never_loses():
    for level, seed in itertools.product(ttt.LEVELS, range(3)):
        other = ttt.ComputerPlayer(level, seed=seed)
        assert play_out(ttt.ComputerPlayer("perfect", seed=seed), other).winner in ("X", None)
        assert play_out(other, ttt.ComputerPlayer("perfect", seed=seed)).winner in ("O", None)
    assert play_out(ttt.ComputerPlayer(), ttt.ComputerPlayer()).outcome == "draw"


def test_players_think_with_the_interpreter_released():
    # While a perfect player spends its second on gomoku on another thread, this thread keeps
    # running Python: no pause in it comes near the player's time.
    pos = ttt.Position.preset("gomoku").play((7, 7))
    answers = []
    thinker = threading.Thread(
        target=lambda: answers.append(ttt.ComputerPlayer("perfect", time_limit=1).choose(pos))
    )
    longest_pause, last = 0.0, time.monotonic()
    thinker.start()
    while thinker.is_alive():
        now = time.monotonic()
        longest_pause, last = max(longest_pause, now - last), now
    thinker.join()
    assert answers[0] is not None and answers[0].cell in pos.legal_moves()
    assert longest_pause < 0.5
