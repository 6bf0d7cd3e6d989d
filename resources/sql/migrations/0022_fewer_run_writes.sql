-- 0022_fewer_run_writes.sql: two index entries and two dashboard rows fewer per run (issue 16,
-- the write path).
--
-- After 0021 a one-step run still wrote 4,056 bytes of WAL against 931 for a minimal dedup
-- table (docs/PERFORMANCE.md, "After 0021"). This migration removes two of the sources that
-- carry no information the store does not already hold elsewhere:
--
-- 1. Processing runs leave the dashboard rollup. A run was counted in dashboard_deltas when it
--    was created (+1 processing) and again when it finished (-1 processing, +1 succeeded):
--    three rows for a one-step run, 313 bytes. A processing run is already in a partial index
--    of its own (runs_stale_lease_idx, WHERE status = 'processing'), which is bounded by the
--    work in flight and the stuck runs, not by the store's size; with created_at among its
--    included columns, readers count the processing runs from it, index-only, per bucket,
--    workflow and scope, in the same statement (and so the same snapshot) as the folded
--    counts. The deltas keep every other status: a run that finishes writes one row (+1 of
--    its final status); a retry of a failed run one row (-1 failed); a change between two
--    other statuses two rows, as before.
--
-- 2. The unique key of a run becomes (idem_key, scope) instead of (scope, idem_key), and
--    runs_idem_key_idx (idem_key) goes: the unique index now serves a key or key prefix
--    across scopes as well (its leading column), so one index of runs does the work of two.
--    claim's ON CONFLICT (scope, idem_key) names the columns, not their order, and infers
--    the new index. A key within a scope is the same single probe; a key prefix within a
--    scope reads the prefix's range and keeps the scope's entries (the bucketed prefix walk
--    of 0009 is unchanged).
--
-- The migration holds writes to runs (not reads) while it builds the new unique index (about
-- 80 s on 10 million runs here, docs/PERFORMANCE.md) and rewrites the small processing
-- index; the constraint swap at its end holds reads too, for a moment.

LOCK TABLE dedup.runs IN SHARE ROW EXCLUSIVE MODE;
SELECT dedup._lock(3, '');

-- ---------------------------------------------------------------------------------------
-- 1. Processing runs: counted from their index, no longer in the rollup.
-- ---------------------------------------------------------------------------------------
-- The Stuck view picks expired leases' ids from it (StuckQueries::list); the Dashboard and
-- `dedupctl metrics` count processing runs per created_at bucket, workflow and scope from it.
-- Built under a new name; the old one is dropped at the end (section 3).
CREATE INDEX runs_stale_lease_idx_0022 ON dedup.runs (lease_expires_at)
    INCLUDE (id, workflow, scope, created_at)
    WHERE status = 'processing';

-- No trigger call at all for a run created processing (every claim).
DROP TRIGGER runs_dashboard_inserted ON dedup.runs;
CREATE TRIGGER runs_dashboard_inserted
    AFTER INSERT ON dedup.runs
    FOR EACH ROW
    WHEN (NEW.status <> 'processing')
    EXECUTE FUNCTION dedup._dash_runs_inserted();

CREATE OR REPLACE FUNCTION dedup._dash_runs_updated()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF OLD.status <> 'processing' THEN
        INSERT INTO dedup.dashboard_deltas
               (bucket, metric, scope, workflow, series, error_class, n)
        VALUES (dedup._dash_bucket(OLD.created_at), 'runs', OLD.scope, OLD.workflow,
                OLD.status, dedup._dash_error_class(OLD.status, OLD.last_error), -1);
    END IF;
    IF NEW.status <> 'processing' THEN
        INSERT INTO dedup.dashboard_deltas
               (bucket, metric, scope, workflow, series, error_class, n)
        VALUES (dedup._dash_bucket(NEW.created_at), 'runs', NEW.scope, NEW.workflow,
                NEW.status, dedup._dash_error_class(NEW.status, NEW.last_error), 1);
    END IF;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION dedup._dash_runs_deleted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    SELECT dedup._dash_bucket(o.created_at), 'runs', o.scope, o.workflow, o.status,
           dedup._dash_error_class(o.status, o.last_error), -count(*)::integer
      FROM old_runs o
     WHERE o.status <> 'processing'
     GROUP BY 1, 3, 4, 5, 6;
    RETURN NULL;
END
$$;

-- dashboard_rebuild() as in 0011, without the processing runs.
CREATE OR REPLACE FUNCTION dedup.dashboard_rebuild()
RETURNS bigint
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_rows bigint;
BEGIN
    -- Writers of runs and events wait until the recount commits, so no change can fall
    -- between the recount and the deltas it replaces.
    LOCK TABLE dedup.runs, dedup.events IN SHARE MODE;
    PERFORM dedup._lock(3, '');
    DELETE FROM dedup.dashboard_deltas;
    DELETE FROM dedup.dashboard_counts;
    DELETE FROM dedup.dashboard_scope_counts;
    WITH fine AS (
        SELECT dedup._dash_bucket(r.created_at) AS bucket, 'runs'::text AS metric,
               r.scope, r.workflow, r.status AS series,
               dedup._dash_error_class(r.status, r.last_error) AS error_class,
               count(*) AS n
          FROM dedup.runs r
         WHERE r.status <> 'processing'
         GROUP BY 1, 3, 4, 5, 6
        UNION ALL
        SELECT dedup._dash_bucket(e.at), 'duplicates', r.scope, r.workflow,
               dedup._dash_duplicate_outcome(e.kind, e.detail), '', count(*)
          FROM dedup.events e
          JOIN dedup.runs r ON r.id = e.run_id
         WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
         GROUP BY 1, 3, 4, 5),
    scoped AS (
        INSERT INTO dedup.dashboard_scope_counts
               (grain, metric, bucket, scope, workflow, series, error_class, n)
        SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain), f.scope, f.workflow,
               f.series, f.error_class, sum(f.n)
          FROM fine f
         CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        RETURNING 1)
    INSERT INTO dedup.dashboard_counts (grain, metric, bucket, workflow, series, error_class, n)
    SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain),
           CASE WHEN f.metric = 'duplicates' THEN '' ELSE f.workflow END, f.series,
           f.error_class, sum(f.n)
      FROM fine f
     CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
     GROUP BY 1, 2, 3, 4, 5, 6;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    RETURN v_rows;
END
$$;
REVOKE ALL ON FUNCTION dedup.dashboard_rebuild() FROM PUBLIC;

-- The rollup's processing rows sum to exactly the processing runs (writes to runs wait for
-- this transaction), so removing them leaves every other figure as it was: no recount.
DELETE FROM dedup.dashboard_deltas d WHERE d.metric = 'runs' AND d.series = 'processing';
DELETE FROM dedup.dashboard_counts c WHERE c.metric = 'runs' AND c.series = 'processing';
DELETE FROM dedup.dashboard_scope_counts c WHERE c.metric = 'runs' AND c.series = 'processing';

-- ---------------------------------------------------------------------------------------
-- 2. One unique index for the key, across scopes and within one.
-- ---------------------------------------------------------------------------------------
CREATE UNIQUE INDEX runs_idem_key_scope_key ON dedup.runs (idem_key, scope);

-- ---------------------------------------------------------------------------------------
-- 3. The swaps. Everything above ran under the SHARE ROW EXCLUSIVE lock (writers wait,
-- readers go on reading); dropping an index takes the table's exclusive lock, so the drops
-- come last and hold reads only for the moment to the commit.
-- ---------------------------------------------------------------------------------------
DROP INDEX dedup.runs_stale_lease_idx;
ALTER INDEX dedup.runs_stale_lease_idx_0022 RENAME TO runs_stale_lease_idx;
ALTER TABLE dedup.runs
    ADD CONSTRAINT runs_idem_key_scope_key UNIQUE USING INDEX runs_idem_key_scope_key;
ALTER TABLE dedup.runs DROP CONSTRAINT runs_scope_idem_key_key;
DROP INDEX dedup.runs_idem_key_idx;
