-- 0011_dashboard_scope.sql: the Dashboard for logins limited to a scope prefix
-- (docs/SECURITY.md "Dashboard", docs/PERFORMANCE.md "Dashboard").
--
-- 0008's rollup has no scope, so 0010 could only show its rows to readers of whole
-- workflows: a login granted e.g. operator for `clinic-42/` saw an empty Dashboard although
-- it may read those runs. This migration adds the scope dimension without touching what a
-- reader of everything reads:
--
--   * dedup.dashboard_counts stays the store-wide aggregate (same rows, same reads), now
--     readable only by readers of everything (_reads_all()).
--   * dedup.dashboard_scope_counts: the same figures at the same grains per scope and
--     workflow (duplicates under their run's workflow and scope), readable with exactly the
--     rule of runs_read. The key leads with (grain, metric, bucket): a chart's range is one
--     index range per metric, the policy then keeps the rows of the reader's scopes.
--   * dedup.dashboard_deltas gains `scope`, and duplicates carry their run's workflow and
--     scope (looked up by the events trigger, a primary key probe). Still one delta row per
--     change; readers see the deltas of the runs they may read.
--   * dashboard_refresh() folds each delta into both tables in one transaction;
--     dashboard_rebuild() recounts both. The fold of the aggregate still files duplicates
--     under workflow '' (what its readers have always read).
--   * dashboard_samples (stuck and review over time) stays store-wide, for readers of
--     everything only: a restricted login gets its live stuck count and review queue (read
--     from runs under row-level security) but no history.
--
-- Purges: a run's events used to leave by the foreign key's cascade, after the run row is
-- gone, so the events trigger could no longer learn the run's scope. A BEFORE DELETE trigger
-- on runs now deletes the run's duplicate events first (the cascade takes the rest): the
-- events trigger still sees the run then.

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.dashboard_scope_counts (
    grain        integer     NOT NULL,   -- 300, 3600 or 86400 (as dashboard_counts)
    metric       text        NOT NULL,   -- 'runs' | 'duplicates'
    bucket       timestamptz NOT NULL,
    scope        text        COLLATE "C" NOT NULL,   -- the run's scope
    workflow     text        NOT NULL,   -- the run's workflow (also for duplicates)
    series       text        NOT NULL,
    error_class  text        NOT NULL,
    n            bigint      NOT NULL,
    -- Scope before bucket: a restricted login's console reads its scope prefixes' ranges
    -- (the regions of DashboardRange::readable), not every scope's rows of the time range.
    CONSTRAINT dashboard_scope_counts_pkey
        PRIMARY KEY (grain, metric, scope, bucket, workflow, series, error_class),
    CONSTRAINT dashboard_scope_counts_grain_check  CHECK (grain IN (300, 3600, 86400)),
    CONSTRAINT dashboard_scope_counts_metric_check CHECK (metric IN ('runs', 'duplicates'))
);
COMMENT ON TABLE dedup.dashboard_scope_counts IS
    'Dashboard rollup per scope and workflow (duplicates under their run''s), for logins whose '
    'grants are limited to workflows or scope prefixes; readers of everything read '
    'dashboard_counts. Exact together with dashboard_deltas. Written only by '
    'dashboard_refresh() and dashboard_rebuild().';

-- Existing deltas are recounted by the rebuild below; the default only fills them until then
-- (no table rewrite) and is dropped: every trigger names the scope.
ALTER TABLE dedup.dashboard_deltas ADD COLUMN scope text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE dedup.dashboard_deltas ALTER COLUMN scope DROP DEFAULT;
COMMENT ON COLUMN dedup.dashboard_deltas.scope IS
    'The run''s scope (duplicates: the scope of the run the event belongs to).';
COMMENT ON COLUMN dedup.dashboard_deltas.workflow IS
    'The run''s workflow (duplicates too; dashboard_counts files duplicates under '''').';

-- ---------------------------------------------------------------------------------------
-- Triggers: still one delta row per change, now with the run's scope.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup._dash_runs_inserted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(NEW.created_at), 'runs', NEW.scope, NEW.workflow, NEW.status,
            dedup._dash_error_class(NEW.status, NEW.last_error), 1);
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION dedup._dash_runs_updated()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(OLD.created_at), 'runs', OLD.scope, OLD.workflow, OLD.status,
            dedup._dash_error_class(OLD.status, OLD.last_error), -1),
           (dedup._dash_bucket(NEW.created_at), 'runs', NEW.scope, NEW.workflow, NEW.status,
            dedup._dash_error_class(NEW.status, NEW.last_error), 1);
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
     GROUP BY 1, 3, 4, 5, 6;
    RETURN NULL;
END
$$;

-- The run is looked up (its primary key): a duplicate counts under its run's workflow and
-- scope. A missing run (impossible through the foreign key, but cheap to survive) counts
-- under '' for both, which only readers of everything see.
CREATE OR REPLACE FUNCTION dedup._dash_events_inserted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    SELECT dedup._dash_bucket(NEW.at), 'duplicates', COALESCE(r.scope, ''),
           COALESCE(r.workflow, ''), dedup._dash_duplicate_outcome(NEW.kind, NEW.detail), '', 1
      FROM (SELECT 1) one
      LEFT JOIN dedup.runs r ON r.id = NEW.run_id;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION dedup._dash_events_deleted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    SELECT dedup._dash_bucket(OLD.at), 'duplicates', COALESCE(r.scope, ''),
           COALESCE(r.workflow, ''), dedup._dash_duplicate_outcome(OLD.kind, OLD.detail), '', -1
      FROM (SELECT 1) one
      LEFT JOIN dedup.runs r ON r.id = OLD.run_id;
    RETURN NULL;
END
$$;

-- Before a run row goes, its duplicate events go (their delete trigger still finds the run);
-- the foreign key's cascade takes the other events afterwards, as before. One probe of the
-- events' run_id index per deleted run.
CREATE FUNCTION dedup._dash_runs_deleting()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    DELETE FROM dedup.events e
     WHERE e.run_id = OLD.id AND e.kind IN ('duplicate_suppressed', 'mismatch');
    RETURN OLD;
END
$$;
CREATE TRIGGER runs_dashboard_deleting
    BEFORE DELETE ON dedup.runs
    FOR EACH ROW EXECUTE FUNCTION dedup._dash_runs_deleting();

CREATE OR REPLACE FUNCTION dedup._dash_truncated()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_TABLE_NAME = 'runs' THEN
        DELETE FROM dedup.dashboard_counts;
        DELETE FROM dedup.dashboard_scope_counts;
        DELETE FROM dedup.dashboard_deltas;
    ELSE
        DELETE FROM dedup.dashboard_counts WHERE metric = 'duplicates';
        DELETE FROM dedup.dashboard_scope_counts WHERE metric = 'duplicates';
        DELETE FROM dedup.dashboard_deltas WHERE metric = 'duplicates';
    END IF;
    RETURN NULL;
END
$$;

-- The protocol never changes a run's scope; should anything else, the counts follow it.
DROP TRIGGER runs_dashboard_updated ON dedup.runs;
CREATE TRIGGER runs_dashboard_updated
    AFTER UPDATE OF status, workflow, scope, created_at, last_error ON dedup.runs
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.workflow IS DISTINCT FROM NEW.workflow
          OR OLD.scope IS DISTINCT FROM NEW.scope
          OR OLD.created_at IS DISTINCT FROM NEW.created_at
          OR (NEW.status IN ('failed', 'manual_review')
              AND OLD.last_error IS DISTINCT FROM NEW.last_error))
    EXECUTE FUNCTION dedup._dash_runs_updated();

-- ---------------------------------------------------------------------------------------
-- dashboard_refresh(): each delta into both tables, in the same transaction.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.dashboard_refresh()
RETURNS TABLE (folded bigint, sampled boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_minute     timestamptz := dedup._dash_bucket(now(), 60);
    v_zero       tid[];
    v_zero_scope tid[];
BEGIN
    IF NOT dedup._has_capability('operator') THEN
        PERFORM dedup._deny('dashboard_refresh');
    END IF;
    -- One refresh at a time. Without it two folds would still move each delta exactly once
    -- (a DELETE returns a row to one of them only), but their upserts could deadlock.
    PERFORM dedup._lock(3, '');

    WITH moved AS (
        DELETE FROM dedup.dashboard_deltas d
        RETURNING d.bucket, d.metric, d.scope, d.workflow, d.series, d.error_class, d.n),
    -- per scope first: the aggregate is the same sums without the scope
    fine AS (
        SELECT g.grain, dedup._dash_bucket(m.bucket, g.grain) AS bucket, m.metric, m.scope,
               m.workflow, m.series, m.error_class, sum(m.n)::bigint AS n
          FROM moved m
         CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6, 7),
    summed AS (
        SELECT f.grain, f.bucket, f.metric,
               CASE WHEN f.metric = 'duplicates' THEN '' ELSE f.workflow END AS workflow,
               f.series, f.error_class, sum(f.n)::bigint AS n
          FROM fine f
         GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(f.n) <> 0),
    upserted AS (
        INSERT INTO dedup.dashboard_counts AS c
               (grain, metric, bucket, workflow, series, error_class, n)
        SELECT s.grain, s.metric, s.bucket, s.workflow, s.series, s.error_class, s.n
          FROM summed s
         ORDER BY 1, 2, 3, 4, 5, 6   -- one lock order for every writer
        ON CONFLICT (grain, metric, bucket, workflow, series, error_class)
        DO UPDATE SET n = c.n + EXCLUDED.n
        RETURNING c.ctid, c.n),
    upserted_scope AS (
        INSERT INTO dedup.dashboard_scope_counts AS c
               (grain, metric, bucket, scope, workflow, series, error_class, n)
        SELECT f.grain, f.metric, f.bucket, f.scope, f.workflow, f.series, f.error_class, f.n
          FROM fine f
         WHERE f.n <> 0
         ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (grain, metric, bucket, scope, workflow, series, error_class)
        DO UPDATE SET n = c.n + EXCLUDED.n
        RETURNING c.ctid, c.n)
    SELECT (SELECT count(*) FROM moved),
           (SELECT array_agg(u.ctid) FROM upserted u WHERE u.n = 0),
           (SELECT array_agg(u.ctid) FROM upserted_scope u WHERE u.n = 0)
      INTO folded, v_zero, v_zero_scope;

    -- Keys whose runs all moved elsewhere: a zero row is noise for every later read. They
    -- are deleted by the row versions the upserts returned (a TID scan; nobody else writes
    -- these tables while the fold holds the lock). 0008 joined the keys instead: the
    -- planner, which expects no row with n = 0, scanned the whole table once per key
    -- (200 s for 29,230 keys of a 600,000-row table, docs/PERFORMANCE.md).
    IF v_zero IS NOT NULL THEN
        DELETE FROM dedup.dashboard_counts c WHERE c.ctid = ANY (v_zero) AND c.n = 0;
    END IF;
    IF v_zero_scope IS NOT NULL THEN
        DELETE FROM dedup.dashboard_scope_counts c
         WHERE c.ctid = ANY (v_zero_scope) AND c.n = 0;
    END IF;

    sampled := false;
    IF NOT EXISTS (SELECT 1 FROM dedup.dashboard_samples s WHERE s.at = v_minute) THEN
        INSERT INTO dedup.dashboard_samples (at, stuck, review)
        SELECT v_minute,
               (SELECT count(*) FROM dedup.runs r
                 WHERE r.status = 'processing' AND r.lease_expires_at <= now()),
               (SELECT count(*) FROM dedup.runs r WHERE r.status = 'manual_review')
        ON CONFLICT (at) DO NOTHING;
        sampled := FOUND;
        DELETE FROM dedup.dashboard_samples s WHERE s.at < now() - interval '90 days';
    END IF;
    RETURN NEXT;
END
$$;
COMMENT ON FUNCTION dedup.dashboard_refresh() IS
    'Folds dashboard_deltas into dashboard_counts and dashboard_scope_counts (no figure '
    'changes: readers add both) and samples the stuck count and the review queue once a '
    'minute. The console calls it before each Dashboard read when its role may; without an '
    'operator console, schedule it (cron: psql -c "SELECT * FROM dedup.dashboard_refresh()" '
    'every minute).';

-- ---------------------------------------------------------------------------------------
-- dashboard_rebuild(): recount both tables from runs and events. Owner only. Returns the
-- rows of dashboard_counts, as before.
-- ---------------------------------------------------------------------------------------
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

-- The store as it is now: both tables from runs and events, in this migration's transaction.
SELECT dedup.dashboard_rebuild();

-- ---------------------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------------------
-- The aggregate has no scope: only readers of everything read it.
DROP POLICY dashboard_counts_read ON dedup.dashboard_counts;
CREATE POLICY dashboard_counts_read ON dedup.dashboard_counts FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0);

-- Per scope: runs_read's rule on the row's workflow and scope.
ALTER TABLE dedup.dashboard_scope_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY dashboard_scope_counts_read ON dedup.dashboard_scope_counts FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                WHERE (g.workflow IS NULL OR g.workflow = dashboard_scope_counts.workflow)
                  AND (g.scope_prefix IS NULL
                       OR pg_catalog.starts_with(dashboard_scope_counts.scope,
                                                 g.scope_prefix))));

DROP POLICY dashboard_deltas_read ON dedup.dashboard_deltas;
CREATE POLICY dashboard_deltas_read ON dedup.dashboard_deltas FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                WHERE (g.workflow IS NULL OR g.workflow = dashboard_deltas.workflow)
                  AND (g.scope_prefix IS NULL
                       OR pg_catalog.starts_with(dashboard_deltas.scope, g.scope_prefix))));

-- ---------------------------------------------------------------------------------------
-- Privileges
-- ---------------------------------------------------------------------------------------
REVOKE ALL ON dedup.dashboard_scope_counts FROM PUBLIC;
GRANT SELECT ON dedup.dashboard_scope_counts TO dedup_operator, dedup_viewer;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
