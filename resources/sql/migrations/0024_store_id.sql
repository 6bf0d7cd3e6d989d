-- 0024: the store's id, which dedup:// links name (docs/CONSOLE.md "Links").
--
-- A link must open the run it was copied from, never a run with the same id in another store
-- (a staging copy, a second clinic group's store on the same host): host and database names
-- repeat across stores, so each store draws its own id once, here. A standby reads the same
-- row, so a link works on either. A store copied with pg_dump or a base backup keeps the id
-- of the store it was copied from; the owner gives the copy its own with
--   UPDATE dedup.store_settings SET store_id = gen_random_uuid();
-- which makes the links copied from it before open nothing there (docs/CONSOLE.md "Links").
--
-- Cost: one column of a one-row table; nothing on the write path.

ALTER TABLE dedup.store_settings
    ADD COLUMN store_id uuid NOT NULL DEFAULT gen_random_uuid();
COMMENT ON COLUMN dedup.store_settings.store_id IS
    'This store''s id, named by dedup:// links; drawn when the store was migrated to 0024.';
