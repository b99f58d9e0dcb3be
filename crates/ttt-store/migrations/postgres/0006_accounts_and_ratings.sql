-- 0006_accounts_and_ratings: accounts (a player's name with a password), their sign-in
-- sessions, one-time codes to claim a name that has games, names held after an account is
-- deleted, each player's confusable skeleton, and Glicko-2 ratings per board with their
-- history; games (finished and in progress) say whether they are rated (PostgreSQL).
--
-- Released: never edit this file. Change the schema with a new numbered migration.
--
-- Secrets are never stored as themselves: a password as its Argon2id hash (a PHC string), a
-- session's token and a claim's code as their SHA-256 in hex.

-- The name's confusable skeleton (Unicode TR 39) of its key: two names with one skeleton
-- look alike. Filled for existing players by the migration's code, which reports look-alikes
-- and merges nothing.
ALTER TABLE players ADD COLUMN skeleton TEXT NOT NULL DEFAULT '';
CREATE INDEX players_by_skeleton ON players (skeleton);

-- An account is a player (the row of `players` with this key) with a password.
CREATE TABLE accounts (
    name_key            TEXT    NOT NULL PRIMARY KEY,
    password_hash       TEXT    NOT NULL,
    created_at          BIGINT NOT NULL,
    password_changed_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT    NOT NULL PRIMARY KEY,
    account    TEXT    NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account);

-- A code printed by `ttt accounts claim NAME` for whoever may sign up under a name that has
-- games and no account.
CREATE TABLE name_claims (
    name_key   TEXT    NOT NULL PRIMARY KEY,
    code_hash  TEXT    NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Names of deleted accounts, nobody's to take until `until` (seconds since the epoch).
CREATE TABLE held_names (
    skeleton TEXT    NOT NULL PRIMARY KEY,
    name     TEXT    NOT NULL,
    until    BIGINT NOT NULL
);

-- One rating per subject and board. A subject is a player's name key, `computer:LEVEL` or
-- `engine:NAME`; a board is a preset's name, with `-RULE` for rules other than free-style.
-- Numbers are kept in millionths (1500 is 1500000000), so both databases keep them exactly.
CREATE TABLE ratings (
    subject    TEXT    NOT NULL,
    board      TEXT    NOT NULL,
    rating     BIGINT NOT NULL,
    rd         BIGINT NOT NULL,
    volatility BIGINT NOT NULL,
    games      BIGINT NOT NULL DEFAULT 0 CHECK (games >= 0),
    rated_at   BIGINT NOT NULL,
    PRIMARY KEY (subject, board)
);
CREATE INDEX ratings_by_board ON ratings (board, rating);

-- Each rated game's new rating for each side.
CREATE TABLE rating_history (
    subject TEXT    NOT NULL,
    board   TEXT    NOT NULL,
    game_id BIGINT NOT NULL,
    rating  BIGINT NOT NULL,
    rd      BIGINT NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (subject, board, game_id)
);

ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE live_games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
