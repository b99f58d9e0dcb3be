-- 0008_endings_and_clocks: games that end off the board (a clock run out, a resignation, an
-- agreed draw, a game abandoned, or one aborted), draw offers, clocks, whether each player
-- has the game open, and the lobby's seeks.
--
-- Released: never edit this file. Change the schema with a new numbered migration.

-- How a finished game ended, where not on the board; the clock it was played with
-- ('5+3', '30s/move', '3 days/move'), NULL for none.
ALTER TABLE games ADD COLUMN ending TEXT
  CHECK (ending IN ('timeout', 'resign', 'draw_agreed', 'abandoned'));
ALTER TABLE games ADD COLUMN time_control TEXT;

-- The same for a game in progress (set, it is over; 'aborted' is never recorded), with the
-- side that lost (NULL for a draw or an aborted game).
ALTER TABLE live_games ADD COLUMN ending TEXT
  CHECK (ending IN ('timeout', 'resign', 'draw_agreed', 'abandoned', 'aborted'));
ALTER TABLE live_games ADD COLUMN ending_loser TEXT CHECK (ending_loser IN ('X', 'O'));
-- The side offering a draw, until the other answers or a move is made.
ALTER TABLE live_games ADD COLUMN draw_offer TEXT CHECK (draw_offer IN ('X', 'O'));
-- The clock: its control, what each side had left (milliseconds) when its clock last
-- stopped, whose runs and since when (milliseconds since the Unix epoch), and when it runs
-- out: the column the servers' watch for timeouts reads.
ALTER TABLE live_games ADD COLUMN time_control TEXT;
ALTER TABLE live_games ADD COLUMN clock_x_ms INTEGER;
ALTER TABLE live_games ADD COLUMN clock_o_ms INTEGER;
ALTER TABLE live_games ADD COLUMN clock_running TEXT CHECK (clock_running IN ('X', 'O'));
ALTER TABLE live_games ADD COLUMN clock_since_ms INTEGER;
ALTER TABLE live_games ADD COLUMN clock_deadline_ms INTEGER;
CREATE INDEX live_games_clock_deadline ON live_games (clock_deadline_ms)
  WHERE clock_deadline_ms IS NOT NULL;
-- When each side last had the game's page open (milliseconds since the Unix epoch): a
-- player gone long enough may be claimed against.
ALTER TABLE live_games ADD COLUMN seen_x INTEGER;
ALTER TABLE live_games ADD COLUMN seen_o INTEGER;

-- The lobby: games people are looking for an opponent for. A seek is open until accepted
-- (`game` set) or removed; the server holding the seeker's page marks it alive while the
-- page is open, and one not marked for a while is gone (its page closed, or its server).
CREATE TABLE seeks (
  id TEXT PRIMARY KEY,
  board_rows INTEGER NOT NULL,
  board_cols INTEGER NOT NULL,
  k INTEGER NOT NULL,
  rule TEXT NOT NULL,
  opening TEXT NOT NULL,
  time_control TEXT,
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  -- Quick pairing's: matched by rating, the range widening while it waits.
  quick INTEGER NOT NULL CHECK (quick IN (0, 1)),
  color TEXT NOT NULL CHECK (color IN ('random', 'X', 'O')),
  seeker TEXT NOT NULL,
  -- Whether the seeker is signed in to an account of that name.
  seeker_account INTEGER NOT NULL CHECK (seeker_account IN (0, 1)),
  -- The seeker's secret (hashed): proves the seek is theirs, and is their seat's in the game.
  token_hash TEXT NOT NULL,
  -- The seeker's rating on the seek's board, where it has one.
  rating INTEGER,
  -- Milliseconds since the Unix epoch.
  created_ms INTEGER NOT NULL,
  alive_ms INTEGER NOT NULL,
  -- The game it became, and who accepted it.
  game TEXT,
  accepted_by TEXT
);
CREATE INDEX seeks_open ON seeks (alive_ms) WHERE game IS NULL;
