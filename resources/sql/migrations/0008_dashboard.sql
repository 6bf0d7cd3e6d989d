-- 0008_dashboard.sql: the rollup behind the console's Dashboard (SPEC 7 "Dashboard"), so
-- that its charts never aggregate millions of runs (SPEC 8: 10 million runs).
--
-- What the Dashboard shows, and where it comes from:
--   * runs by status over time: runs per created_at bucket, by their current status;
--   * failure classes: the same runs in failed / manual_review, by last_error->>'class';
--   * duplicates suppressed over time: duplicate_suppressed / mismatch events per `at`
--     bucket, by outcome (replay / in_progress / in_review / mismatch);
--     these three are counted in dedup.dashboard_counts (below);
--   * stuck now and the review queue: read live from their partial indexes
--     (runs_stale_lease_idx, runs_review_queue_idx): they are bounded by the queue sizes,
--     not by the store's size;
--   * stuck and review queue over time: dedup.dashboard_samples, one row a minute written by
--     dashboard_refresh(). Past states of leases are not kept anywhere else, so this is the
--     only honest source: a minute nobody refreshed stays a gap.
--
-- How the counts stay exact without slowing the protocol down:
--   * Triggers on dedup.runs and dedup.events append one small row per change to
--     dedup.dashboard_deltas (+1 for a new run, -1/+1 for a status change, -n per purged
--     group, +/-1 per duplicate event), in the writing transaction: a rolled-back change
--     leaves no delta, a committed one always has its delta. Appends never update a shared
--     row, so concurrent workers never wait for each other here (a per-hour counter row
--     updated in place would serialise every claim of a workflow until its commit).
--   * dashboard_refresh() folds the deltas into dashboard_counts: it deletes them and adds
--     their sums, in one transaction, at three grains (5 minutes, 1 hour, 1 day). Readers
--     add counts and the deltas not folded yet, so a figure is exact whatever the fold's
--     progress: a snapshot sees a delta either unfolded or folded, never both.
--   * A chart reads at most (buckets x workflows x statuses/classes) count rows of the grain
--     that fits its bucket width, plus the pending deltas: a few thousand rows at most,
--     whatever the number of runs.
--
-- The trigger functions are not SECURITY DEFINER: only the owner writes runs and events
-- (through the protocol functions, which fix search_path), so they run as the owner.
-- A bulk load that disables user triggers (tests/bench RunStoreGenerator) must call
-- dashboard_rebuild() afterwards.

-- Buckets start at multiples of their width from a Monday at midnight UTC, whatever the
-- session's TimeZone (date_bin on timestamptz works on absolute time).
CREATE FUNCTION dedup._dash_bucket(p_at timestamptz, p_seconds integer DEFAULT 300)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN pg_catalog.date_bin(p_seconds * interval '1 second', p_at,
                           timestamptz '2000-01-03 00:00:00+00');

-- The failure class a run counts under: its last error's class while it is failed or in
-- review ('' when none was recorded, e.g. routed to review by an operator), else ''.
CREATE FUNCTION dedup._dash_error_class(p_status text, p_last_error jsonb)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN p_status IN ('failed', 'manual_review')
            THEN COALESCE(p_last_error->>'class', '') ELSE '' END;

-- The outcome a duplicate event counts under.
CREATE FUNCTION dedup._dash_duplicate_outcome(p_kind text, p_detail jsonb)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN p_kind = 'mismatch' THEN 'mismatch'
            ELSE COALESCE(p_detail->>'outcome', 'replay') END;

-- ---------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.dashboard_counts (
    grain        integer     NOT NULL,   -- bucket width in seconds: 300, 3600 or 86400
    metric       text        NOT NULL,   -- 'runs' | 'duplicates'
    bucket       timestamptz NOT NULL,   -- _dash_bucket(created_at or event at, grain)
    workflow     text        NOT NULL,   -- '' for duplicates
    series       text        NOT NULL,   -- runs: status; duplicates: outcome
    error_class  text        NOT NULL,   -- runs: _dash_error_class(); duplicates: ''
    n            bigint      NOT NULL,
    CONSTRAINT dashboard_counts_pkey
        PRIMARY KEY (grain, metric, bucket, workflow, series, error_class),
    CONSTRAINT dashboard_counts_grain_check  CHECK (grain IN (300, 3600, 86400)),
    CONSTRAINT dashboard_counts_metric_check CHECK (metric IN ('runs', 'duplicates'))
);
COMMENT ON TABLE dedup.dashboard_counts IS
    'Dashboard rollup: runs per created_at bucket by workflow, status and failure class, and '
    'duplicate events per bucket by outcome, at three grains. Exact together with '
    'dashboard_deltas (docs/PERFORMANCE.md, "Dashboard"). Written only by dashboard_refresh() '
    'and dashboard_rebuild().';

-- Appended by triggers, emptied by dashboard_refresh(). No index: appends stay a heap
-- insert, and the table holds only what changed since the last refresh.
CREATE TABLE dedup.dashboard_deltas (
    bucket       timestamptz NOT NULL,   -- 5-minute bucket
    metric       text        NOT NULL,
    workflow     text        NOT NULL,
    series       text        NOT NULL,
    error_class  text        NOT NULL,
    n            integer     NOT NULL
);
COMMENT ON TABLE dedup.dashboard_deltas IS
    'Changes to dashboard_counts not folded yet (appended by triggers on runs and events).';

CREATE TABLE dedup.dashboard_samples (
    at      timestamptz NOT NULL PRIMARY KEY,  -- the minute sampled
    stuck   bigint      NOT NULL,              -- processing runs whose lease had expired
    review  bigint      NOT NULL               -- runs in manual_review
);
COMMENT ON TABLE dedup.dashboard_samples IS
    'Stuck runs and review queue size, sampled at most once a minute by dashboard_refresh(); '
    'kept 90 days.';

-- ---------------------------------------------------------------------------------------
-- Triggers: one delta row per change.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._dash_runs_inserted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(NEW.created_at), 'runs', NEW.workflow, NEW.status,
            dedup._dash_error_class(NEW.status, NEW.last_error), 1);
    RETURN NULL;
END
$$;

CREATE FUNCTION dedup._dash_runs_updated()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(OLD.created_at), 'runs', OLD.workflow, OLD.status,
            dedup._dash_error_class(OLD.status, OLD.last_error), -1),
           (dedup._dash_bucket(NEW.created_at), 'runs', NEW.workflow, NEW.status,
            dedup._dash_error_class(NEW.status, NEW.last_error), 1);
    RETURN NULL;
END
$$;

-- Statement level: purge_expired deletes up to thousands of runs in one statement.
CREATE FUNCTION dedup._dash_runs_deleted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, workflow, series, error_class, n)
    SELECT dedup._dash_bucket(o.created_at), 'runs', o.workflow, o.status,
           dedup._dash_error_class(o.status, o.last_error), -count(*)::integer
      FROM old_runs o
     GROUP BY 1, 3, 4, 5;
    RETURN NULL;
END
$$;

CREATE FUNCTION dedup._dash_events_inserted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(NEW.at), 'duplicates', '',
            dedup._dash_duplicate_outcome(NEW.kind, NEW.detail), '', 1);
    RETURN NULL;
END
$$;

-- Row level with a WHEN clause: a purge deletes events run by run (the foreign key's
-- cascade is one statement per run), and only the duplicates among them need a delta.
CREATE FUNCTION dedup._dash_events_deleted()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO dedup.dashboard_deltas (bucket, metric, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(OLD.at), 'duplicates', '',
            dedup._dash_duplicate_outcome(OLD.kind, OLD.detail), '', -1);
    RETURN NULL;
END
$$;

-- TRUNCATE removes rows without DELETE triggers. TRUNCATE runs always takes events with it
-- (their foreign key), so it clears both metrics; TRUNCATE events alone, the duplicates.
CREATE FUNCTION dedup._dash_truncated()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_TABLE_NAME = 'runs' THEN
        DELETE FROM dedup.dashboard_counts;
        DELETE FROM dedup.dashboard_deltas;
    ELSE
        DELETE FROM dedup.dashboard_counts WHERE metric = 'duplicates';
        DELETE FROM dedup.dashboard_deltas WHERE metric = 'duplicates';
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER runs_dashboard_inserted
    AFTER INSERT ON dedup.runs
    FOR EACH ROW EXECUTE FUNCTION dedup._dash_runs_inserted();
-- The column list keeps heartbeats (lease columns only) from even evaluating the WHEN
-- clause; the WHEN clause skips updates that leave the counted key as it was.
CREATE TRIGGER runs_dashboard_updated
    AFTER UPDATE OF status, workflow, created_at, last_error ON dedup.runs
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status
          OR OLD.workflow IS DISTINCT FROM NEW.workflow
          OR OLD.created_at IS DISTINCT FROM NEW.created_at
          OR (NEW.status IN ('failed', 'manual_review')
              AND OLD.last_error IS DISTINCT FROM NEW.last_error))
    EXECUTE FUNCTION dedup._dash_runs_updated();
CREATE TRIGGER runs_dashboard_deleted
    AFTER DELETE ON dedup.runs
    REFERENCING OLD TABLE AS old_runs
    FOR EACH STATEMENT EXECUTE FUNCTION dedup._dash_runs_deleted();
CREATE TRIGGER runs_dashboard_truncated
    AFTER TRUNCATE ON dedup.runs
    FOR EACH STATEMENT EXECUTE FUNCTION dedup._dash_truncated();

CREATE TRIGGER events_dashboard_inserted
    AFTER INSERT ON dedup.events
    FOR EACH ROW
    WHEN (NEW.kind IN ('duplicate_suppressed', 'mismatch'))
    EXECUTE FUNCTION dedup._dash_events_inserted();
CREATE TRIGGER events_dashboard_deleted
    AFTER DELETE ON dedup.events
    FOR EACH ROW
    WHEN (OLD.kind IN ('duplicate_suppressed', 'mismatch'))
    EXECUTE FUNCTION dedup._dash_events_deleted();
CREATE TRIGGER events_dashboard_truncated
    AFTER TRUNCATE ON dedup.events
    FOR EACH STATEMENT EXECUTE FUNCTION dedup._dash_truncated();

-- ---------------------------------------------------------------------------------------
-- dashboard_refresh(): fold the deltas, take this minute's sample.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.dashboard_refresh()
RETURNS TABLE (folded bigint, sampled boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_minute timestamptz := dedup._dash_bucket(now(), 60);
    v_zero   dedup.dashboard_counts[];
BEGIN
    -- One refresh at a time. Without it two folds would still move each delta exactly once
    -- (a DELETE returns a row to one of them only), but their upserts could deadlock.
    PERFORM pg_advisory_xact_lock(7236498201);

    WITH moved AS (
        DELETE FROM dedup.dashboard_deltas d
        RETURNING d.bucket, d.metric, d.workflow, d.series, d.error_class, d.n),
    summed AS (
        SELECT g.grain, dedup._dash_bucket(m.bucket, g.grain) AS bucket, m.metric,
               m.workflow, m.series, m.error_class, sum(m.n)::bigint AS n
          FROM moved m
         CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(m.n) <> 0),
    upserted AS (
        INSERT INTO dedup.dashboard_counts AS c
               (grain, metric, bucket, workflow, series, error_class, n)
        SELECT s.grain, s.metric, s.bucket, s.workflow, s.series, s.error_class, s.n
          FROM summed s
         ORDER BY 1, 2, 3, 4, 5, 6   -- one lock order for every writer
        ON CONFLICT (grain, metric, bucket, workflow, series, error_class)
        DO UPDATE SET n = c.n + EXCLUDED.n
        RETURNING c.*)
    SELECT (SELECT count(*) FROM moved),
           (SELECT array_agg(ROW(u.grain, u.metric, u.bucket, u.workflow, u.series,
                                u.error_class, u.n)::dedup.dashboard_counts)
              FROM upserted u WHERE u.n = 0)
      INTO folded, v_zero;

    -- Keys whose runs all moved elsewhere: a zero row is noise for every later read.
    IF v_zero IS NOT NULL THEN
        DELETE FROM dedup.dashboard_counts c
         USING unnest(v_zero) z
         WHERE c.grain = z.grain AND c.metric = z.metric AND c.bucket = z.bucket
           AND c.workflow = z.workflow AND c.series = z.series
           AND c.error_class = z.error_class AND c.n = 0;
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
    'Folds dashboard_deltas into dashboard_counts (no figure changes: readers add both) and '
    'samples the stuck count and the review queue once a minute. The console calls it before '
    'each Dashboard read when its role may; without an operator console, schedule it (cron: '
    'psql -c "SELECT * FROM dedup.dashboard_refresh()" every minute).';

-- ---------------------------------------------------------------------------------------
-- dashboard_rebuild(): recount everything from runs and events (the backfill below; after
-- a bulk load with triggers disabled). Owner only.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.dashboard_rebuild()
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
    PERFORM pg_advisory_xact_lock(7236498201);
    DELETE FROM dedup.dashboard_deltas;
    DELETE FROM dedup.dashboard_counts;
    WITH fine AS (
        SELECT dedup._dash_bucket(r.created_at) AS bucket, 'runs'::text AS metric,
               r.workflow, r.status AS series,
               dedup._dash_error_class(r.status, r.last_error) AS error_class,
               count(*) AS n
          FROM dedup.runs r
         GROUP BY 1, 3, 4, 5
        UNION ALL
        SELECT dedup._dash_bucket(e.at), 'duplicates', '',
               dedup._dash_duplicate_outcome(e.kind, e.detail), '', count(*)
          FROM dedup.events e
         WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
         GROUP BY 1, 4)
    INSERT INTO dedup.dashboard_counts (grain, metric, bucket, workflow, series, error_class, n)
    SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain), f.workflow, f.series,
           f.error_class, sum(f.n)
      FROM fine f
     CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
     GROUP BY 1, 2, 3, 4, 5, 6;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    RETURN v_rows;
END
$$;

-- The store as it is now (a new one: nothing; an existing one: every run and duplicate).
SELECT dedup.dashboard_rebuild();

REVOKE ALL ON dedup.dashboard_counts, dedup.dashboard_deltas, dedup.dashboard_samples
    FROM PUBLIC;
GRANT SELECT ON dedup.dashboard_counts, dedup.dashboard_deltas, dedup.dashboard_samples
    TO dedup_operator, dedup_viewer;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.dashboard_refresh() TO dedup_operator;
