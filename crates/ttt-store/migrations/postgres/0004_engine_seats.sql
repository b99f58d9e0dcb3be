-- 0004_engine_seats: an outside program playing a side is a seat of its own kind, no longer a
-- computer whose level reads 'engine:NAME' (PostgreSQL).
--
-- Released: never edit this file. Change the schema with a new numbered migration. The
-- SQLite migration of the same number makes the same columns and checks.

-- A finished game's side is a human (`*_player`), a computer (`*_level`) or an outside
-- program (`*_engine`: the name it played under, never a path): exactly one is set. The
-- checks being replaced are the two of 0001_initial, named by PostgreSQL.
ALTER TABLE games ADD COLUMN x_engine TEXT, ADD COLUMN o_engine TEXT,
    DROP CONSTRAINT games_check, DROP CONSTRAINT games_check1;
UPDATE games SET x_engine = substr(x_level, 8), x_level = NULL
    WHERE substr(x_level, 1, 7) = 'engine:';
UPDATE games SET o_engine = substr(o_level, 8), o_level = NULL
    WHERE substr(o_level, 1, 7) = 'engine:';
ALTER TABLE games
    ADD CONSTRAINT games_x_one_player CHECK (num_nonnulls(x_player, x_level, x_engine) = 1),
    ADD CONSTRAINT games_o_one_player CHECK (num_nonnulls(o_player, o_level, o_engine) = 1);

-- A game in progress's side may be an outside program: 'engine', its name in `*_name`.
ALTER TABLE live_games DROP CONSTRAINT live_games_x_kind_check,
    DROP CONSTRAINT live_games_o_kind_check;
UPDATE live_games SET x_kind = 'engine', x_name = substr(x_level, 8), x_level = NULL
    WHERE x_kind = 'computer' AND substr(x_level, 1, 7) = 'engine:';
UPDATE live_games SET o_kind = 'engine', o_name = substr(o_level, 8), o_level = NULL
    WHERE o_kind = 'computer' AND substr(o_level, 1, 7) = 'engine:';
ALTER TABLE live_games
    ADD CONSTRAINT live_games_x_kind_check
        CHECK (x_kind IN ('human', 'computer', 'engine', 'friend')),
    ADD CONSTRAINT live_games_o_kind_check
        CHECK (o_kind IN ('human', 'computer', 'engine', 'friend'));
