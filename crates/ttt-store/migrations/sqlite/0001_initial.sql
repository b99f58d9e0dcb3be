-- 0001_initial: human players with their counters, and every finished game.
--
-- Released: never edit this file. Change the schema with a new numbered migration.

-- One row per human player. Computer players have no statistics.
-- `name` is stored exactly as given and compared case-sensitively ("alice" and "Alice"
-- are two players).
CREATE TABLE players (
    name       TEXT    NOT NULL PRIMARY KEY CHECK (length(name) > 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses     INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    ties       INTEGER NOT NULL DEFAULT 0 CHECK (ties >= 0),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

-- One row per game played to its end. Each side is either a human player (`*_player`,
-- a row of `players`) or a computer (`*_level`, e.g. 'hard'): exactly one of the two is set.
-- `moves` lists the cells in the order played, 0-based "row,col" pairs joined by ';'
-- (X moved first): '1,1;0,0;2,2'. An empty string is a game with no moves.
-- `result` is 'x_wins', 'o_wins' or 'draw'. `finished_at` is UTC, RFC 3339.
CREATE TABLE games (
    id          INTEGER NOT NULL PRIMARY KEY,
    board_rows  INTEGER NOT NULL CHECK (board_rows >= 1),
    board_cols  INTEGER NOT NULL CHECK (board_cols >= 1),
    k           INTEGER NOT NULL CHECK (k >= 1),    -- in a row to win
    x_player    TEXT    REFERENCES players (name),
    x_level     TEXT,
    o_player    TEXT    REFERENCES players (name),
    o_level     TEXT,
    moves       TEXT    NOT NULL,
    result      TEXT    NOT NULL CHECK (result IN ('x_wins', 'o_wins', 'draw')),
    finished_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK ((x_player IS NULL) <> (x_level IS NULL)),
    CHECK ((o_player IS NULL) <> (o_level IS NULL))
) STRICT;

-- `ttt history NAME`: a player's games, newest first.
CREATE INDEX games_by_x_player ON games (x_player);
CREATE INDEX games_by_o_player ON games (o_player);
