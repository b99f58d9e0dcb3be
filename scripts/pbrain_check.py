"""Checks `pbrain-ttt` against a Gomocup manager-side client we did not write: PyGomo
(pygomo-lib on PyPI). Every command of the protocol goes through PyGomo's own EngineClient
(START, INFO, ABOUT, BEGIN, TURN, BOARD...DONE, TAKEBACK, RESTART, END); what PyGomo has no
method for (RECTSTART, a malformed line, an unsupported rule) goes through its raw channel.

Usage: python3 scripts/pbrain_check.py path/to/pbrain-ttt
Prints one line per check and "N passed, M failed" at the end; exits non-zero on a failure.
"""

import sys

from pygomo import EngineClient
from pygomo.protocol.models import BoardPosition, Move

passed = 0
failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def raw_answer(engine, channel, timeout=5.0):
    """The next line of one of PyGomo's channels: "output" (OK, UNKNOWN, ...), "coord" (moves)
    or "error" (ERROR lines); MESSAGE lines have a channel of their own."""
    return engine.receive_raw(channel=channel, timeout=timeout).strip()


def main(path):
    engine = EngineClient(path)
    engine.connect()
    check("START 15 is accepted", engine.start(board_size=15))
    engine.set_time(turn_time_ms=300, match_time_ms=120000, time_left_ms=120000)
    engine.set_rule(0)
    engine.set_memory(64 << 20)
    about = engine.about() or ""
    check("ABOUT names the engine", 'name="ttt"' in about, about)

    first = engine.begin()
    check("BEGIN opens in the centre", first is not None and first.move == Move((7, 7)), first)
    reply = engine.turn(Move((8, 8)))
    # Near either stone, on a free cell: the coordinates were read the right way round.
    # Which cell is the search's choice in the time it had.
    def near(move, c):
        return abs(move.col - c) <= 2 and abs(move.row - c) <= 2

    check(
        "TURN gets a move next to the stones",
        reply is not None
        and (near(reply.move, 7) or near(reply.move, 8))
        and reply.move not in (Move((7, 7)), Move((8, 8))),
        reply,
    )

    # The opponent (2) has four in a row on row 3 from x = 4, blocked at x = 3 by us: the
    # only block is 8,3.
    position = BoardPosition()
    position.add_move(Move((3, 3)), BoardPosition.SELF)
    for x in range(4, 8):
        position.add_move(Move((x, 3)), BoardPosition.OPPONENT)
    for p in [(0, 0), (14, 14), (0, 14)]:
        position.add_move(Move(p), BoardPosition.SELF)
    reply = engine.board(position)
    check("BOARD ... DONE: the forced block", reply is not None and reply.move == Move((8, 3)), reply)
    # Our four on column 10 (x = 10, y = 5..8), open at y = 4 and 9: a win at once.
    position = BoardPosition()
    for y in range(5, 9):
        position.add_move(Move((10, y)), BoardPosition.SELF)
    for p in [(0, 0), (1, 1), (2, 2), (3, 4)]:
        position.add_move(Move(p), BoardPosition.OPPONENT)
    reply = engine.board(position)
    check(
        "BOARD ... DONE: the win at once",
        reply is not None and reply.move in (Move((10, 4)), Move((10, 9))),
        reply,
    )
    check("TAKEBACK of a stone", engine.takeback(Move((3, 4))))
    check("RESTART", engine.restart())
    first = engine.begin()
    check("BEGIN after RESTART opens in the centre", first is not None and first.move == Move((7, 7)), first)

    engine.send_raw("RECTSTART 20,10")
    check("RECTSTART 20,10 is accepted", raw_answer(engine, "output") == "OK")
    engine.send_raw("BEGIN")
    check("BEGIN on 20 x 10 opens in its centre", raw_answer(engine, "coord") == "10,5")
    engine.send_raw("START 40")
    check("START 40 is refused with ERROR", raw_answer(engine, "error").startswith("ERROR"))
    engine.send_raw("TURN seven,eight")
    check("a malformed TURN gets ERROR", raw_answer(engine, "error").startswith("ERROR"))
    engine.send_raw("INFO rule 3")
    check("an unsupported rule (3) gets ERROR", raw_answer(engine, "error").startswith("ERROR"))
    engine.send_raw("FROBNICATE 3")
    check("an unknown command gets UNKNOWN", raw_answer(engine, "output").startswith("UNKNOWN"))
    engine.send_raw("TURN 11,5")
    line = raw_answer(engine, "coord")
    check("and the engine goes on", "," in line, line)
    engine.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
