#!/usr/bin/env python3
"""An engine written for the tests: it speaks the Gomocup (pbrain) protocol and plays the
first empty cell, row by row, until its second move (a board with a stone of its own on
it), which it spoils as MODE says:

    legal     keeps playing the first empty cell
    crash     raises an exception and dies without an answer
    hang      sleeps far past any time limit
    occupied  answers a cell that is taken
    offboard  answers a cell one column past the board
    garbage   answers words that are not a move
    error     answers ERROR

Usage: misbehaving.py MODE [PIDFILE]; with PIDFILE, it appends its process id there, so a
test can check that nothing of it is left running.
"""

import os
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "legal"
if len(sys.argv) > 2:
    with open(sys.argv[2], "a") as pids:
        pids.write(f"{os.getpid()}\n")

width = height = 0
stones = set()
own = set()


def say(line):
    print(line, flush=True)


def move():
    if own and MODE != "legal":
        if MODE == "crash":
            raise RuntimeError("the test engine crashes, as asked")
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "occupied":
            x, y = min(stones)
            return say(f"{x},{y}")
        if MODE == "offboard":
            return say(f"{width},0")
        if MODE == "garbage":
            return say("I resign, good game")
        if MODE == "error":
            return say("ERROR no idea")
    for y in range(height):
        for x in range(width):
            if (x, y) not in stones:
                stones.add((x, y))
                own.add((x, y))
                return say(f"{x},{y}")
    say("ERROR the board is full")


in_board = False
for line in sys.stdin:
    line = line.strip()
    word, _, rest = line.partition(" ")
    word = word.upper()
    if in_board:
        if word == "DONE":
            in_board = False
            move()
        else:
            x, y, owner = (int(v) for v in line.split(","))
            stones.add((x, y))
            if owner == 1:
                own.add((x, y))
    elif word == "START":
        width = height = int(rest)
        stones.clear()
        own.clear()
        say("OK")
    elif word == "RECTSTART":
        width, height = (int(v) for v in rest.split(","))
        stones.clear()
        own.clear()
        say("OK")
    elif word == "RESTART":
        stones.clear()
        own.clear()
        say("OK")
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        x, y = (int(v) for v in rest.split(","))
        stones.add((x, y))
        move()
    elif word == "BOARD":
        stones.clear()
        own.clear()
        in_board = True
    elif word == "ABOUT":
        say('name="misbehaving", version="1"')
    elif word == "END":
        break
