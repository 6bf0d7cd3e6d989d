-- 0009_performance.sql: the two performance misses of SPEC 8 recorded in docs/PERFORMANCE.md.
-- Depends only on 0001-0006 (it applies after 0007 and 0008 without needing them).

-- ---------------------------------------------------------------------------------------
-- 1. A key-prefix search on runs that are not the newest (2 s on 10 million runs).
--
-- The runs list is newest first, also for a prefix. No btree orders "runs whose key starts
-- with P" by time for every P, so RunQueries walks six-hour buckets of created_at from the
-- newest: for each bucket, this index gives the prefix's runs of that bucket as one range
-- (index-only: created_at and id are in it), which are few enough to sort; a bucket without
-- a match is one probe. The expression must be written exactly like this in the queries
-- (RunQueries.cpp, bucketOf) for the planner to use the index; date_bin over a timestamp
-- without time zone is immutable, and 'UTC' fixes the buckets whatever the session's
-- TimeZone.
-- ---------------------------------------------------------------------------------------
CREATE INDEX runs_bucket_key_idx ON dedup.runs
    ((date_bin('6 hours', created_at AT TIME ZONE 'UTC', timestamp '2000-01-01')), idem_key,
     created_at, id);

-- ---------------------------------------------------------------------------------------
-- 2. Protocol throughput: a step's completion commits without waiting for the WAL flush.
--
-- A run is six autocommit calls (claim, begin_step/complete_step twice, succeed) and each
-- notifies: PostgreSQL holds a cluster-wide lock from a notifying transaction's queue insert
-- until its commit has flushed, so notifying commits never share a flush, and with fsync on
-- the six flushes per run are the limit (docs/PERFORMANCE.md). The notifications stay (SPEC 4:
-- every state change notifies; the console's views depend on it). What changes is the one
-- call whose loss in a crash the protocol already handles: complete_step.
--
-- If the server crashes before a complete_step's commit reached the disk, the step is back
-- to in_progress under the old lease after recovery: exactly the state of a worker that
-- crashed after the side effect and before complete_step. The next owner's begin_step finds
-- it uncertain and re-executes it only with a downstream_key its provider deduplicates, else
-- routes the run to review (0002, begin_step). Every other call stays synchronous: begin_step
-- must be durable before the worker acts on 'run', or a lost begin_step would let the next
-- owner run the step again as 'pending'. A synchronous commit flushes all WAL before it, so
-- the worker's next call (begin_step of the next step, or succeed / fail) also makes the
-- completion durable; the window is the time between two calls of one worker.
--
-- _event() decides, per transaction, from the events it appends: a transaction whose only
-- state changes are step_done events commits with synchronous_commit = off (SET LOCAL);
-- any other event in the same transaction (the protocol allows complete_step(A) and
-- begin_step(B) in one) restores the session's setting, so the transaction is durable again.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text,
                                        p_attempt integer, p_step text, p_detail jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_list text;
BEGIN
    -- (A custom setting set locally once reads as '' afterwards, not NULL: hence COALESCE.)
    IF p_kind = 'step_done' THEN
        IF COALESCE(current_setting('dedup.durable', true), '') <> 'on'
           AND COALESCE(current_setting('dedup.sync_saved', true), '') = '' THEN
            PERFORM pg_catalog.set_config('dedup.sync_saved',
                                          pg_catalog.current_setting('synchronous_commit'), true);
            PERFORM pg_catalog.set_config('synchronous_commit', 'off', true);
        END IF;
    ELSIF COALESCE(current_setting('dedup.durable', true), '') <> 'on' THEN
        PERFORM pg_catalog.set_config('dedup.durable', 'on', true);
        v_list := NULLIF(current_setting('dedup.sync_saved', true), '');
        IF v_list IS NOT NULL THEN
            PERFORM pg_catalog.set_config('synchronous_commit', v_list, true);
        END IF;
    END IF;

    -- From here on as in 0002: observations and (opted-out) step events append silently,
    -- state changes are collected for the one NOTIFY at commit.
    IF p_kind IN ('duplicate_suppressed', 'mismatch')
       OR (p_kind IN ('step_started', 'step_done', 'step_failed', 'step_skipped', 'step_uncertain')
           AND current_setting('dedup.notify', true) = 'runs') THEN
        INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
        VALUES (p_run_id, p_kind, p_actor, p_attempt, p_step, p_detail);
        RETURN;
    END IF;

    v_list := current_setting('dedup.notify_runs', true);
    IF v_list IS NULL OR v_list = '' THEN
        PERFORM pg_catalog.set_config('dedup.notify_runs', p_run_id::text, true);
    ELSIF pg_catalog.strpos(',' || v_list || ',', ',' || p_run_id || ',') = 0 THEN
        IF pg_catalog.length(v_list) - pg_catalog.length(pg_catalog.replace(v_list, ',', '')) >= 99 THEN
            PERFORM pg_catalog.set_config('dedup.notify_more', 'on', true);
        ELSE
            PERFORM pg_catalog.set_config('dedup.notify_runs', v_list || ',' || p_run_id, true);
        END IF;
    END IF;
    INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
    VALUES (p_run_id, p_kind, p_actor, p_attempt, p_step, p_detail);
    PERFORM pg_catalog.set_config('dedup.notify_queued', 'on', true);
END
$$;
