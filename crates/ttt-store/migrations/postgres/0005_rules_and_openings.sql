-- 0005_rules_and_openings: the rule a game is played under (what wins, and what renju forbids
-- X) and its opening rule, on finished games and games in progress; and the opening's
-- choices so far on a game in progress (PostgreSQL).
--
-- Released: never edit this file. Change the schema with a new numbered migration. The
-- SQLite migration of the same number makes the same columns and checks.
--
-- The defaults are today's game, so every row written before reads as it was played:
-- free-style (K or more in a row wins), with no opening (the first player plays X from the
-- empty board).

ALTER TABLE games
    ADD COLUMN rule TEXT NOT NULL DEFAULT 'freestyle'
        CHECK (rule IN ('freestyle', 'standard', 'renju', 'caro')),
    ADD COLUMN opening TEXT NOT NULL DEFAULT 'none'
        CHECK (opening IN ('none', 'swap', 'swap2'));

-- The choices made so far, in order, joined by commas (`place_two,take_o`); empty before the
-- first. The opening's stones are ordinary moves, in `live_moves`.
ALTER TABLE live_games
    ADD COLUMN rule TEXT NOT NULL DEFAULT 'freestyle'
        CHECK (rule IN ('freestyle', 'standard', 'renju', 'caro')),
    ADD COLUMN opening TEXT NOT NULL DEFAULT 'none'
        CHECK (opening IN ('none', 'swap', 'swap2')),
    ADD COLUMN opening_choices TEXT NOT NULL DEFAULT '';
