-- 0003_forfeits: games lost because the program playing one side failed (it crashed, said
-- nothing in its time, or answered a move that is not one).
--
-- Released: never edit this file. Change the schema with a new numbered migration.

-- The side whose program failed ('X' or 'O'), which lost, and what it did, in one line;
-- both NULL for a game played to its end. The moves of such a game stop where that side was
-- to move, so they show no line: `result` says who won.
ALTER TABLE games ADD COLUMN forfeit TEXT CHECK (forfeit IN ('X', 'O'));
ALTER TABLE games ADD COLUMN forfeit_reason TEXT;

-- The same for a game in progress: set, it is over.
ALTER TABLE live_games ADD COLUMN forfeit TEXT CHECK (forfeit IN ('X', 'O'));
ALTER TABLE live_games ADD COLUMN forfeit_reason TEXT;
