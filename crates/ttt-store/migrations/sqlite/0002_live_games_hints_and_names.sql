-- 0002_live_games_hints_and_names: games in progress kept move by move, hints counted in
-- finished games, and player names compared without regard to case.
--
-- Released: never edit this file. Change the schema with a new numbered migration.

-- A player's name as compared: the name in lower case ("Alice" and "alice" are one player,
-- shown as first spelled). Filled, and two spellings of one player merged, by the code that
-- runs with this migration, which then makes it unique (`players_by_key`).
ALTER TABLE players ADD COLUMN name_key TEXT;

-- Spellings merged into one player when names stopped depending on case, with the counts
-- the merged spelling brought: the record of what the merge did.
CREATE TABLE player_merges (
    kept      TEXT    NOT NULL,
    merged    TEXT    NOT NULL,
    wins      INTEGER NOT NULL,
    losses    INTEGER NOT NULL,
    ties      INTEGER NOT NULL,
    merged_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

-- Hints each side asked for during the game.
ALTER TABLE games ADD COLUMN hints_x INTEGER NOT NULL DEFAULT 0 CHECK (hints_x >= 0);
ALTER TABLE games ADD COLUMN hints_o INTEGER NOT NULL DEFAULT 0 CHECK (hints_o >= 0);

-- A game in progress (and, for a while, after its end). Each side is a human (`*_name`), a
-- computer (`*_level`) or a friend's seat (`*_name` once the friend has joined).
-- `*_token` is the hash of the secret token that lets a browser move for that side.
-- Times are seconds since the Unix epoch. `version` grows with every save: a save made from
-- an older version is refused, so two servers never fork a game.
CREATE TABLE live_games (
    id             TEXT    NOT NULL PRIMARY KEY,
    board_rows     INTEGER NOT NULL CHECK (board_rows >= 1),
    board_cols     INTEGER NOT NULL CHECK (board_cols >= 1),
    k              INTEGER NOT NULL CHECK (k >= 1),
    x_kind         TEXT    NOT NULL CHECK (x_kind IN ('human', 'computer', 'friend')),
    x_name         TEXT,
    x_level        TEXT,
    x_token        TEXT,
    o_kind         TEXT    NOT NULL CHECK (o_kind IN ('human', 'computer', 'friend')),
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
    updated_at     INTEGER NOT NULL
) STRICT;

-- Cleaning up: the games nobody has touched for a while.
CREATE INDEX live_games_by_update ON live_games (updated_at);

-- The moves of a game in progress, one row a ply: a ply can be taken only once.
CREATE TABLE live_moves (
    game     TEXT    NOT NULL REFERENCES live_games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    cell_row INTEGER NOT NULL CHECK (cell_row >= 0),
    cell_col INTEGER NOT NULL CHECK (cell_col >= 0),
    PRIMARY KEY (game, ply)
) STRICT;
