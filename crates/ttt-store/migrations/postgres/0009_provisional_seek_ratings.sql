-- 0009_provisional_seek_ratings: whether a seeker's rating shown in the lobby is provisional
-- (its deviation still large), so that the lobby marks it as the player pages do (`1523?`).
--
-- Released: never edit this file. Change the schema with a new numbered migration.

ALTER TABLE seeks ADD COLUMN rating_provisional BIGINT NOT NULL DEFAULT 0
  CHECK (rating_provisional IN (0, 1));
