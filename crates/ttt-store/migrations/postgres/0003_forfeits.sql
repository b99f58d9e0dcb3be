-- 0003_forfeits: games lost because the program playing one side failed (it crashed, said
-- nothing in its time, or answered a move that is not one) (PostgreSQL).
--
-- Released: never edit this file. Change the schema with a new numbered migration. The
-- SQLite migration of the same number makes the same columns.

ALTER TABLE games ADD COLUMN forfeit TEXT CHECK (forfeit IN ('X', 'O'));
ALTER TABLE games ADD COLUMN forfeit_reason TEXT;
ALTER TABLE games ADD CHECK ((forfeit IS NULL) = (forfeit_reason IS NULL));

ALTER TABLE live_games ADD COLUMN forfeit TEXT CHECK (forfeit IN ('X', 'O'));
ALTER TABLE live_games ADD COLUMN forfeit_reason TEXT;
ALTER TABLE live_games ADD CHECK ((forfeit IS NULL) = (forfeit_reason IS NULL));
