-- 0004_engine_seats: an outside program playing a side is a seat of its own kind, no longer a
-- computer whose level reads 'engine:NAME'.
--
-- Released: never edit this file. Change the schema with a new numbered migration.
--
-- SQLite cannot change a table's CHECK constraints, so `games` and `live_games` are made
-- anew, filled from the old ones and renamed, as SQLite's documentation describes for
-- ALTER TABLE. Foreign keys are not enforced while a migration runs; the store checks them
-- all before it commits.

-- A finished game's side is a human (`*_player`), a computer (`*_level`) or an outside
-- program (`*_engine`: the name it played under, never a path): exactly one is set.
CREATE TABLE games_new (
    id             INTEGER NOT NULL PRIMARY KEY,
    board_rows     INTEGER NOT NULL CHECK (board_rows >= 1),
    board_cols     INTEGER NOT NULL CHECK (board_cols >= 1),
    k              INTEGER NOT NULL CHECK (k >= 1),
    x_player       TEXT    REFERENCES players (name),
    x_level        TEXT,
    o_player       TEXT    REFERENCES players (name),
    o_level        TEXT,
    moves          TEXT    NOT NULL,
    result         TEXT    NOT NULL CHECK (result IN ('x_wins', 'o_wins', 'draw')),
    finished_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    hints_x        INTEGER NOT NULL DEFAULT 0 CHECK (hints_x >= 0),
    hints_o        INTEGER NOT NULL DEFAULT 0 CHECK (hints_o >= 0),
    forfeit        TEXT    CHECK (forfeit IN ('X', 'O')),
    forfeit_reason TEXT,
    x_engine       TEXT,
    o_engine       TEXT,
    CHECK ((x_player IS NOT NULL) + (x_level IS NOT NULL) + (x_engine IS NOT NULL) = 1),
    CHECK ((o_player IS NOT NULL) + (o_level IS NOT NULL) + (o_engine IS NOT NULL) = 1)
) STRICT;

-- The old rows as they were, then each engine's name out of its level, as PostgreSQL does.
INSERT INTO games_new SELECT *, NULL, NULL FROM games;
UPDATE games_new SET x_engine = substr(x_level, 8), x_level = NULL
    WHERE substr(x_level, 1, 7) = 'engine:';
UPDATE games_new SET o_engine = substr(o_level, 8), o_level = NULL
    WHERE substr(o_level, 1, 7) = 'engine:';

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_x_player ON games (x_player);
CREATE INDEX games_by_o_player ON games (o_player);

-- A game in progress's side is a human (`*_name`), a computer (`*_level`), an outside
-- program ('engine', its name in `*_name`) or a friend's seat (`*_name` once the friend has
-- joined).
CREATE TABLE live_games_new (
    id             TEXT    NOT NULL PRIMARY KEY,
    board_rows     INTEGER NOT NULL CHECK (board_rows >= 1),
    board_cols     INTEGER NOT NULL CHECK (board_cols >= 1),
    k              INTEGER NOT NULL CHECK (k >= 1),
    x_kind         TEXT    NOT NULL CHECK (x_kind IN ('human', 'computer', 'engine', 'friend')),
    x_name         TEXT,
    x_level        TEXT,
    x_token        TEXT,
    o_kind         TEXT    NOT NULL CHECK (o_kind IN ('human', 'computer', 'engine', 'friend')),
    o_name         TEXT,
    o_level        TEXT,
    o_token        TEXT,
    invite         TEXT    UNIQUE,
    invite_expires INTEGER,
    hints_x        INTEGER NOT NULL DEFAULT 0 CHECK (hints_x >= 0),
    hints_o        INTEGER NOT NULL DEFAULT 0 CHECK (hints_o >= 0),
    takeback       TEXT    CHECK (takeback IN ('X', 'O')),
    thinking_until INTEGER,
    record_id      INTEGER REFERENCES games (id),
    rematch        TEXT,
    version        INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    forfeit        TEXT    CHECK (forfeit IN ('X', 'O')),
    forfeit_reason TEXT
) STRICT;

INSERT INTO live_games_new SELECT * FROM live_games;
UPDATE live_games_new SET x_kind = 'engine', x_name = substr(x_level, 8), x_level = NULL
    WHERE x_kind = 'computer' AND substr(x_level, 1, 7) = 'engine:';
UPDATE live_games_new SET o_kind = 'engine', o_name = substr(o_level, 8), o_level = NULL
    WHERE o_kind = 'computer' AND substr(o_level, 1, 7) = 'engine:';

DROP TABLE live_games;
ALTER TABLE live_games_new RENAME TO live_games;
CREATE INDEX live_games_by_update ON live_games (updated_at);
