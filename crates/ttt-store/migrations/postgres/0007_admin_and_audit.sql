-- 0007_admin_and_audit: accounts an operator has disabled, and the audit of what the
-- operator's commands (`ttt players rename|merge|delete`, `ttt accounts
-- disable|enable|reset-password`) changed.
--
-- Released: never edit this file. Change the schema with a new numbered migration.

-- A disabled account keeps its name from everyone, but nobody signs in to it.
ALTER TABLE accounts ADD COLUMN disabled BIGINT NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1));

-- One row for each change an operator's command made, written in the change's transaction,
-- and kept for good. `at` is seconds since the Unix epoch; `names` the players' names it
-- acted on, joined by ' -> ' (rename, merge) or alone; `os_user` who ran the command, as the
-- operating system named them.
CREATE TABLE audit (
    id      BIGSERIAL NOT NULL PRIMARY KEY,
    at      BIGINT    NOT NULL,
    command TEXT      NOT NULL,
    names   TEXT      NOT NULL,
    details TEXT      NOT NULL,
    os_user TEXT      NOT NULL
);
