"""Tic-tac-toe and the m,n,k-games (R rows by C columns, K in a row wins, X moves first),
with four computer players and an exact solver, from ttt's Rust engine.

Cells are ``(row, col)`` tuples counted from 0. Error messages are the Rust engine's, word
for word; like every ttt message meant for people, they count rows and columns from 1.
"""

from typing import Literal, Optional, TypedDict, Union

__version__: str

Mark = Literal["X", "O"]
"""A player, by the mark it writes. ``"x"`` and ``"o"`` are accepted too."""

Cell = tuple[int, int]
"""A cell: ``(row, col)``, counted from 0, the top-left cell ``(0, 0)``."""

ValueWord = Literal["win", "draw", "loss"]
"""A proven value, from the point of view of the player it is for."""

Status = Literal["in_progress", "x_wins", "o_wins", "draw"]

LevelName = Literal["easy", "medium", "hard", "perfect"]

LEVELS: tuple[str, ...]
"""The computer players' levels, weakest first: easy, medium, hard, perfect."""

PRESETS: tuple[str, ...]
"""The preset boards, smallest first: classic, four-by-four, five-by-five, six-by-seven, gomoku."""

class PositionError(ValueError):
    """A position that cannot be read or cannot arise in play: unreadable notation, a board
    size or K out of range, or an impossible board. The message says which."""

class IllegalMoveError(ValueError):
    """A move that may not be played: the game is over, or the cell is off the board or
    taken."""

    cell: Optional[Cell]
    """The cell asked for, or None when the game was over."""

class Position:
    """A position of an m,n,k-game that can arise in play: the board, whose turn it is and how
    the game stands. Immutable: ``play`` returns a new position.

    >>> pos = Position("X.O/.X./...", k=3)
    >>> print(pos)
    X . O
    . X .
    . . .
    O to move
    """

    def __init__(self, notation: str, k: int = 3) -> None:
        """Reads ``notation`` (rows top to bottom separated by ``/``; ``X``, ``O``, ``.`` for
        empty, ``_`` and ``-`` too) with ``k`` in a row to win.

        Raises PositionError (a ValueError) with the reason when the notation cannot be read
        or the board cannot arise in play."""

    @classmethod
    def empty(cls, rows: int = 3, cols: int = 3, k: int = 3) -> "Position":
        """The empty board of ``rows`` by ``cols``, ``k`` in a row to win: X to move.
        Raises PositionError for a size or K out of range."""

    @classmethod
    def preset(cls, name: str) -> "Position":
        """The empty board of a preset (one of PRESETS). Raises ValueError for another name."""

    @property
    def rows(self) -> int:
        """Number of rows."""
    @property
    def cols(self) -> int:
        """Number of columns."""
    @property
    def k(self) -> int:
        """How many in a row win."""
    @property
    def turn(self) -> Mark:
        """The side to move (by the counts: X when they are equal, O when X has one more)."""
    @property
    def outcome(self) -> Status:
        """How the game stands."""
    @property
    def winner(self) -> Optional[Mark]:
        """The winner, or None."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended, won or drawn."""
    @property
    def ply(self) -> int:
        """Number of marks on the board: the moves played."""
    @property
    def notation(self) -> str:
        """The notation, e.g. ``"X.O/.X./..."``."""

    def get(self, cell: Cell) -> Optional[Mark]:
        """The mark on ``cell``, or None for an empty cell or one off the board."""

    def legal_moves(self) -> list[Cell]:
        """The legal moves in row-column order; none once the game is over."""

    def play(self, cell: Cell) -> "Position":
        """The position after the side to move plays ``cell``. Raises IllegalMoveError (a
        ValueError) when the game is over or the cell is off the board or taken."""

    def winning_cells(self) -> list[Cell]:
        """The cells of the winning line in row-column order; empty unless the game is won."""

    def count_blanks(self) -> int:
        """The course's ``countBlanks``: the number of empty cells."""

    def is_win_for(self, player: str) -> bool:
        """The course's ``checkWin``: whether ``player`` ("X" or "O") has won."""

    def is_loss_for(self, player: str) -> bool:
        """The course's ``checkLose``: whether ``player``'s opponent has won."""

    def is_draw(self) -> bool:
        """The course's ``checkDraw``: whether the board is full with no line."""

    def board_value(self, player: str) -> int:
        """The course's ``boardValue``: 1 if ``player`` has won, -1 if they have lost, 0
        otherwise (a draw, or a game still going)."""

    def possible_moves(self) -> list["Position"]:
        """The course's ``possibleMoves``: the positions after each legal move of the side
        to move, in row-column order."""

    def text(self) -> str:
        """The course's ``toString``: a line a row, ``_`` for empty, each ending in a newline,
        e.g. ``"O_X\\n_X_\\n___\\n"``."""

    def _repr_html_(self) -> str:
        """The board as an HTML table, for notebooks."""

    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Decision:
    """A move chosen by a computer player, and what it proved about it from its own side."""

    @property
    def cell(self) -> Cell:
        """Where to play."""
    @property
    def value(self) -> Optional[ValueWord]:
        """The move's proven value for the player making it, or None (nothing claimed)."""
    @property
    def plies(self) -> Optional[int]:
        """Plies to the end of the game with best play, when proven, or None."""

    def __eq__(self, other: object) -> bool: ...

class ComputerPlayer:
    """A computer player: "easy" (random), "medium" (centre, else block), "hard" (centre,
    else win, else block) or "perfect" (searches; never loses a game it can solve in its
    time)."""

    def __init__(
        self,
        level: Union[LevelName, str, int] = "perfect",
        seed: Optional[int] = None,
        time_limit: float = 2.0,
    ) -> None:
        """A player of ``level`` (a name of LEVELS, or 1 to 4). ``seed`` makes its random
        choices repeatable; ``time_limit`` bounds the perfect player's thinking per move, in
        seconds. Raises ValueError for an unknown level or a negative time."""

    @property
    def level(self) -> LevelName:
        """The player's level."""
    @property
    def seed(self) -> Optional[int]:
        """The seed of its random choices, or None."""
    @property
    def time_limit(self) -> float:
        """How long the perfect player may think per move, in seconds."""

    def choose(self, position: Position) -> Optional[Decision]:
        """The player's move for the side to move, or None if the game is over."""

class MoveAnalysis(TypedDict):
    """One legal move of an analysis, for the player making it."""

    cell: Cell
    value: Optional[ValueWord]
    plies: Optional[int]

class Analysis(TypedDict):
    """What ``Solver.analyze`` returns. What was not proven in time is None."""

    value: Optional[ValueWord]
    """The position's value for the side to move."""
    plies: Optional[int]
    """Plies to the end with best play; 0 when the game is over."""
    best_moves: Optional[list[Cell]]
    """The moves reaching the best result, once every move is proven."""
    moves: list[MoveAnalysis]
    """Every legal move in row-column order."""
    nodes: int
    """Positions searched."""
    seconds: float
    """Time spent."""

class Solver:
    """Solves a position. ``time_limit`` (seconds, or None for no limit) bounds each call;
    what is not proven in time is None, never a guess. ``threads`` searches on that many
    threads (the answers do not depend on it); ``method`` is "auto", "alpha-beta" or
    "proof-number"; ``memory`` bounds the transposition tables, in bytes. Ctrl-C stops a
    search (KeyboardInterrupt)."""

    def __init__(
        self,
        position: Position,
        time_limit: Optional[float] = None,
        threads: int = 1,
        method: Literal["auto", "alpha-beta", "proof-number"] = "auto",
        memory: Optional[int] = None,
    ) -> None:
        """Raises ValueError for a negative time, no threads or an unknown method."""

    @property
    def position(self) -> Position:
        """The position being solved."""

    def solve(self) -> Optional[ValueWord]:
        """The position's value for the side to move."""

    def solve_with_length(self) -> Optional[tuple[ValueWord, int]]:
        """The value and the game's length in plies with best play (the winner winning as
        fast as it can, the loser holding out as long as it can)."""

    def move_values(self) -> dict[Cell, Optional[ValueWord]]:
        """Every legal move's value for the side making it, in row-column order."""

    def best_moves(self) -> Optional[list[Cell]]:
        """The moves reaching the best result (the fastest win or slowest loss where the
        lengths are proven), or None until every move's value is proven."""

    def analyze(self) -> Analysis:
        """The position's value and length, the best moves, and every move's value and
        length."""
