-- 0021_routine_changes.sql: events only for what the rows cannot say (issue 16, the write
-- path).
--
-- Until now a one-step run wrote four event rows (claimed, step_started, step_done,
-- succeeded): 22% of its WAL and the largest single share of its server time
-- (docs/PERFORMANCE.md "Where the server time goes after 0020"). Three of them repeat what
-- the rows already hold: a step's started_at, attempts and downstream_key; its finished_at
-- and side_effect_ref; the run's status and finished_at. From this migration on those three
-- write no event:
--
--   * step_started, unless it says something the step row cannot: detail.rule (an uncertain
--     step re-executed under its downstream key) or detail.appended (an undeclared step);
--   * step_done;
--   * succeeded.
--
-- Every other kind is written as before (claimed with its detail.via, duplicates,
-- mismatches, takeovers, failures, uncertain steps, reviews, operator actions). The console
-- draws the dropped entries of a run's timeline from the step and run rows.
--
-- The change feed (0020) learned of every state change from the events. The changes that no
-- longer write one go to dedup.run_changes instead: an UNLOGGED table of (id, run_id), the
-- id drawn from the events' sequence after the transaction has an xid, exactly as _event
-- draws an event id, so the feed's horizon argument holds unchanged for its rows. Unlogged
-- means no WAL for the row or its index. What that gives up, on purpose:
--
--   * a crash (or a failover: a standby has no rows of it) empties the table. Every
--     connection of a reader ends with the crash, and a reader re-reads its views after it
--     reconnects (docs/PROTOCOL.md section 8), so nothing it shows stays stale;
--   * a standby cannot read it; the feed is read on the primary.
--
-- The table keeps the newest 200,000 ids' worth of rows: the call that draws an id divisible
-- by 8192 deletes the older ones (no WAL either) and leaves a feed mark of kind 'prune' with
-- the id below which rows are gone, so a reader that was further behind re-reads everything,
-- as after a purge. Readers poll twice a second; 200,000 ids are minutes of the busiest
-- traffic measured here.

CREATE UNLOGGED TABLE dedup.run_changes (
    id     bigint PRIMARY KEY, -- drawn from the sequence of events.id
    run_id bigint NOT NULL     -- no foreign key: a purged run's rows go with the next prune
);
COMMENT ON TABLE dedup.run_changes IS
    'The change feed''s record of state changes that write no event (docs/PROTOCOL.md '
    'section 8). Unlogged: emptied by a crash; the newest 200,000 ids are kept.';
GRANT SELECT ON dedup.run_changes TO dedup_operator, dedup_viewer;
-- As events: a restricted reader sees the rows of the runs it may read.
ALTER TABLE dedup.run_changes ENABLE ROW LEVEL SECURITY;
CREATE POLICY run_changes_read ON dedup.run_changes FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = run_changes.run_id));

ALTER TABLE dedup.feed_marks DROP CONSTRAINT feed_marks_kind_check;
ALTER TABLE dedup.feed_marks ADD CONSTRAINT feed_marks_kind_check
    CHECK (kind IN ('purge', 'prune'));
-- For 'prune': the rows of run_changes with an id below this are gone.
ALTER TABLE dedup.feed_marks ADD COLUMN below bigint;
ALTER TABLE dedup.feed_marks ADD CONSTRAINT feed_marks_below_check
    CHECK ((kind = 'prune') = (below IS NOT NULL));
COMMENT ON COLUMN dedup.feed_marks.runs IS
    'purge: the runs the batch deleted; prune: the run_changes rows dropped';

-- One state change without an event: a row for the change feed, and now and then the prune.
CREATE FUNCTION dedup._change(p_run_id bigint)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_id      bigint;
    v_dropped integer;
BEGIN
    -- The caller (_event) has given the transaction its xid before this id is drawn.
    v_id := pg_catalog.nextval('dedup.events_id_seq'::regclass);
    INSERT INTO dedup.run_changes (id, run_id) VALUES (v_id, p_run_id);
    IF v_id % 8192 = 0 THEN
        DELETE FROM dedup.run_changes c WHERE c.id < v_id - 200000;
        GET DIAGNOSTICS v_dropped = ROW_COUNT;
        IF v_dropped > 0 THEN
            INSERT INTO dedup.feed_marks (id, kind, runs, below)
            VALUES (pg_catalog.nextval('dedup.events_id_seq'::regclass), 'prune', v_dropped,
                    v_id - 200000);
            DELETE FROM dedup.feed_marks m
             WHERE m.kind = 'prune' AND m.at < now() - interval '1 day';
        END IF;
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text,
                                        p_attempt integer, p_step text, p_detail jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_saved text;
BEGIN
    IF p_kind = 'step_done' THEN
        IF COALESCE(current_setting('dedup.durable', true), '') <> 'on'
           AND COALESCE(current_setting('dedup.sync_saved', true), '') = '' THEN
            PERFORM pg_catalog.set_config('dedup.sync_saved',
                                          pg_catalog.current_setting('synchronous_commit'), true);
            PERFORM pg_catalog.set_config('synchronous_commit', 'off', true);
        END IF;
    ELSIF COALESCE(current_setting('dedup.durable', true), '') <> 'on' THEN
        PERFORM pg_catalog.set_config('dedup.durable', 'on', true);
        v_saved := NULLIF(current_setting('dedup.sync_saved', true), '');
        IF v_saved IS NOT NULL THEN
            PERFORM pg_catalog.set_config('synchronous_commit', v_saved, true);
        END IF;
    END IF;

    -- The xid before the id: the change feed's horizon rests on it (0020).
    PERFORM pg_catalog.pg_current_xact_id();
    IF p_kind IN ('step_done', 'succeeded')
       OR (p_kind = 'step_started'
           AND NOT (COALESCE(p_detail, '{}'::jsonb) ?| ARRAY['rule', 'appended'])) THEN
        PERFORM dedup._change(p_run_id);
    ELSE
        INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
        VALUES (p_run_id, p_kind, p_actor, p_attempt, p_step, p_detail);
    END IF;
    IF p_kind NOT IN ('duplicate_suppressed', 'mismatch')
       AND current_setting('dedup.notify', true) = 'on' THEN
        PERFORM pg_catalog.pg_notify('dedup_events',
                                     '{"runs":[' || p_run_id::text || '],"more":false}');
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION dedup._newest_event_id()
RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT GREATEST(COALESCE((SELECT max(e.id) FROM dedup.events e), 0),
                    COALESCE((SELECT max(m.id) FROM dedup.feed_marks m), 0),
                    COALESCE((SELECT max(c.id) FROM dedup.run_changes c), 0))
$$;

-- 0020's feed with the third source: events, run_changes and the marks a reader needs (a
-- purge always; a prune only when it dropped rows after p_after).
CREATE OR REPLACE FUNCTION dedup.changes(p_after bigint, p_limit integer DEFAULT 1000)
RETURNS TABLE (snapshot_xmin xid8, snapshot_xmax xid8, event_id bigint, run_id bigint)
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_snapshot pg_snapshot := pg_catalog.pg_current_snapshot();
BEGIN
    IF p_after < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'changes: p_after must be 0 or more (NULL to start)';
    END IF;
    IF p_limit IS NULL OR p_limit < 1 OR p_limit > 10000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'changes: p_limit must be between 1 and 10000';
    END IF;
    IF p_after IS NULL THEN
        RETURN QUERY
            SELECT pg_catalog.pg_snapshot_xmin(v_snapshot),
                   pg_catalog.pg_snapshot_xmax(v_snapshot), dedup._newest_event_id(), NULL::bigint;
        RETURN;
    END IF;
    -- A one-shot plan with the values known (0020).
    RETURN QUERY EXECUTE
        'SELECT pg_catalog.pg_snapshot_xmin($3), pg_catalog.pg_snapshot_xmax($3), e.id, e.run_id
           FROM (SELECT 1) one
           LEFT JOIN LATERAL (
               SELECT u.id, u.run_id
                 FROM (SELECT x.id, x.run_id FROM dedup.events x WHERE x.id > $1
                       UNION ALL
                       SELECT c.id, c.run_id FROM dedup.run_changes c WHERE c.id > $1
                       UNION ALL
                       SELECT m.id, NULL::bigint FROM dedup.feed_marks m
                        WHERE m.id > $1 AND (m.below IS NULL OR $1 < m.below - 1)) u
                ORDER BY u.id LIMIT $2) e ON true'
        USING p_after, p_limit, v_snapshot;
END
$$;

-- A refusal names the newest event only when it was written by the change that left the run
-- as it is (the same transaction: events.at = runs.updated_at = now()). Since the finish of
-- a run writes no event, the newest one may be the claim: "changed by its worker" then.
CREATE OR REPLACE FUNCTION dedup._op_changed_by(r dedup.runs)
RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    a dedup.audit_log;
    e record;
BEGIN
    SELECT * INTO a FROM dedup.audit_log l
     WHERE l.run_id = r.id AND l.outcome = 'applied'
     ORDER BY l.id DESC LIMIT 1;
    IF FOUND AND (a.after->>'lease_token')::bigint = r.lease_token
       AND a.after->>'status' = r.status THEN
        RETURN format('changed by %s (%s, audit %s) at %s', a.db_role, a.action, a.id,
                      to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"'));
    END IF;
    SELECT x.kind, x.actor, x.at INTO e FROM dedup.events x
     WHERE x.run_id = r.id ORDER BY x.id DESC LIMIT 1;
    IF FOUND AND e.at >= r.updated_at THEN
        RETURN format('changed by %s (%s) at %s', COALESCE(e.actor, 'its worker'), e.kind,
                      to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"'));
    END IF;
    RETURN format('changed by %s at %s',
                  CASE WHEN r.lease_owner IS NOT NULL THEN 'worker ' || r.lease_owner
                       ELSE 'its worker' END,
                  to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"'));
END
$$;

REVOKE ALL ON FUNCTION dedup._change(bigint) FROM PUBLIC;
