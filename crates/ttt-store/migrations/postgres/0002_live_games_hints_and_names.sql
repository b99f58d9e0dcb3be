-- 0002_live_games_hints_and_names: games in progress kept move by move, hints counted in
-- finished games, and player names compared without regard to case (PostgreSQL).
--
-- Released: never edit this file. Change the schema with a new numbered migration. The
-- SQLite migration of the same number makes the same tables; as there, the code that runs
-- with it fills `name_key`, merges two spellings of one player, and makes the key unique.

ALTER TABLE players ADD COLUMN name_key TEXT;

CREATE TABLE player_merges (
    kept      TEXT        NOT NULL,
    merged    TEXT        NOT NULL,
    wins      BIGINT      NOT NULL,
    losses    BIGINT      NOT NULL,
    ties      BIGINT      NOT NULL,
    merged_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE games ADD COLUMN hints_x INTEGER NOT NULL DEFAULT 0 CHECK (hints_x >= 0);
ALTER TABLE games ADD COLUMN hints_o INTEGER NOT NULL DEFAULT 0 CHECK (hints_o >= 0);

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
    invite_expires BIGINT,
    hints_x        INTEGER NOT NULL DEFAULT 0 CHECK (hints_x >= 0),
    hints_o        INTEGER NOT NULL DEFAULT 0 CHECK (hints_o >= 0),
    takeback       TEXT    CHECK (takeback IN ('X', 'O')),
    thinking_until BIGINT,
    record_id      BIGINT  REFERENCES games (id),
    rematch        TEXT,
    version        BIGINT  NOT NULL DEFAULT 0,
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL
);

CREATE INDEX live_games_by_update ON live_games (updated_at);

CREATE TABLE live_moves (
    game     TEXT    NOT NULL REFERENCES live_games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    cell_row INTEGER NOT NULL CHECK (cell_row >= 0),
    cell_col INTEGER NOT NULL CHECK (cell_col >= 0),
    PRIMARY KEY (game, ply)
);
