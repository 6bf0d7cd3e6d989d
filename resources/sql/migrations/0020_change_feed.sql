-- 0020_change_feed.sql: live updates without NOTIFY in the workers' transactions
-- (issue 16, the write path).
--
-- Until now every state change sent a NOTIFY (section 8 of docs/PROTOCOL.md). A transaction
-- with a pending notification takes a lock that is global to the whole PostgreSQL instance
-- (every database in it) before its commit record and holds it until that record is
-- flushed, so notifying commits never share a WAL flush: with 4 workers and fsync on,
-- taking pg_notify out gave 1.4-1.9x the runs/s (docs/PERFORMANCE.md "Write path"). And the
-- lock was paid whether or not anyone listened.
--
-- From this migration on the store notifies only where asked to (dedup.notify = 'on' for the
-- session, the login or the database), and the console reads its live updates from the
-- events the protocol writes anyway: dedup.changes(p_after) returns the events after an id
-- together with the statement's snapshot bounds, and the reader keeps a horizon (below) so
-- that no event is skipped because its transaction committed after a later one.
--
-- Why an event id below the horizon is final. events.id comes from an identity sequence
-- with CACHE 1, so ids are drawn in time order across sessions. _event makes sure its
-- transaction has an xid before it draws one (pg_current_xact_id(); free once the
-- transaction has written, which every protocol call has by then); _mark_uncertain inserts
-- its events in the statement that updates the steps, after its run row was locked, so its
-- transaction has an xid too. So if a reader's statement saw event M at a snapshot whose
-- xmax is X, every event with an id up to M belongs to a transaction whose xid is below X;
-- once a later snapshot's xmin reaches X, all of those transactions have ended, and every
-- committed event up to M is visible. The reader re-reads from the last such M, skipping
-- the ids it already delivered. A transaction that stays open holds the horizon back
-- (only transactions that wrote: plain reads have no xid); the reader bounds the re-read
-- window (dedup.changes' p_limit) and, when it fills, re-reads its views instead.
--
-- The cost: events_id_idx, one btree entry per event (the feed's range scan); the NOTIFY
-- it replaces cost every worker commit the instance-wide lock.
--
-- Purges delete their runs' events: each batch that deleted runs leaves a mark in
-- dedup.feed_marks under an id of the events' sequence, which the feed returns as a row
-- without a run ("re-read everything"; it names no run, so it tells a restricted reader
-- nothing about other scopes). Marks older than a day go with the next purge. With
-- dedup.notify = 'on' purge_expired notifies as before.

CREATE INDEX events_id_idx ON dedup.events (id);

CREATE TABLE dedup.feed_marks (
    id   bigint PRIMARY KEY, -- drawn from the sequence of events.id
    at   timestamptz NOT NULL DEFAULT now(),
    kind text NOT NULL CHECK (kind IN ('purge')),
    runs integer NOT NULL CHECK (runs > 0)
);
GRANT SELECT ON dedup.feed_marks TO dedup_operator, dedup_viewer;
-- As the store's other small tables: everyone who may read it reads every row, and nobody
-- but the owner writes it, whatever privileges a role got elsewhere (pg_write_all_data).
ALTER TABLE dedup.feed_marks ENABLE ROW LEVEL SECURITY;
CREATE POLICY feed_marks_read ON dedup.feed_marks FOR SELECT USING (true);

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

    -- The xid before the event id: the change feed's horizon rests on it (above).
    PERFORM pg_catalog.pg_current_xact_id();
    INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
    VALUES (p_run_id, p_kind, p_actor, p_attempt, p_step, p_detail);
    IF p_kind NOT IN ('duplicate_suppressed', 'mismatch')
       AND current_setting('dedup.notify', true) = 'on' THEN
        PERFORM pg_catalog.pg_notify('dedup_events',
                                     '{"runs":[' || p_run_id::text || '],"more":false}');
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION dedup._purge_expired_checked(p_batch integer DEFAULT 1000)
RETURNS TABLE (deleted integer, succeeded integer, failed integer, cancelled integer)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_ids    bigint[];
    v_status text[];
BEGIN
    IF p_batch IS NULL OR p_batch < 1 OR p_batch > 100000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'purge_expired: p_batch must be between 1 and 100000';
    END IF;
    WITH victims AS (
        SELECT r.id
          FROM dedup.runs r
         WHERE r.expires_at <= now()
           AND r.status IN ('succeeded', 'failed', 'cancelled')
         ORDER BY r.expires_at
         LIMIT p_batch
           FOR UPDATE SKIP LOCKED),
    gone AS (
        DELETE FROM dedup.runs r
         USING victims v
         WHERE r.id = v.id
        RETURNING r.id, r.status)
    SELECT array_agg(g.id ORDER BY g.id), array_agg(g.status) INTO v_ids, v_status FROM gone g;

    -- Purged runs leave no event (their events go with them): where notifications are asked
    -- for, the batch announces itself on the events' channel so that listeners drop them.
    IF cardinality(v_ids) > 0 THEN
        -- The xid is there (the delete): the feed's horizon holds for the mark's id too.
        INSERT INTO dedup.feed_marks (id, kind, runs)
        VALUES (pg_catalog.nextval(pg_catalog.pg_get_serial_sequence('dedup.events', 'id')),
                'purge', cardinality(v_ids));
        DELETE FROM dedup.feed_marks m WHERE m.at < now() - interval '1 day';
    END IF;
    IF cardinality(v_ids) > 0 AND current_setting('dedup.notify', true) = 'on' THEN
        PERFORM pg_notify('dedup_events',
            jsonb_build_object('runs', to_jsonb(v_ids[1:100]),
                               'more', cardinality(v_ids) > 100)::text);
    END IF;
    deleted   := COALESCE(cardinality(v_ids), 0);
    succeeded := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'succeeded');
    failed    := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'failed');
    cancelled := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'cancelled');
    RETURN NEXT;
END
$$;

-- The store's newest event id, whoever asks: where a reader starts (it says how many events
-- the store has written, nothing about which runs).
CREATE FUNCTION dedup._newest_event_id()
RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT GREATEST(COALESCE((SELECT max(e.id) FROM dedup.events e), 0),
                    COALESCE((SELECT max(m.id) FROM dedup.feed_marks m), 0))
$$;

-- The change feed. p_after NULL starts a reader: one row, event_id the store's newest event
-- id, run_id NULL. Otherwise one row per event after p_after that the caller may read
-- (row-level security of dedup.events applies: a restricted login sees the events of its
-- own runs) and per purge mark after it (run_id NULL: re-read everything), oldest first, at
-- most p_limit, or a single row with NULL event columns when there is none. Every row carries the statement's snapshot bounds (pg_snapshot_xmin /
-- _xmax of pg_current_snapshot()) for the reader's horizon.
CREATE FUNCTION dedup.changes(p_after bigint, p_limit integer DEFAULT 1000)
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
    -- A one-shot plan with the values known: a generic plan would estimate `id > $1` at a
    -- third of the table and could read all of it.
    RETURN QUERY EXECUTE
        'SELECT pg_catalog.pg_snapshot_xmin($3), pg_catalog.pg_snapshot_xmax($3), e.id, e.run_id
           FROM (SELECT 1) one
           LEFT JOIN LATERAL (
               SELECT u.id, u.run_id
                 FROM (SELECT x.id, x.run_id FROM dedup.events x WHERE x.id > $1
                       UNION ALL
                       SELECT m.id, NULL::bigint FROM dedup.feed_marks m WHERE m.id > $1) u
                ORDER BY u.id LIMIT $2) e ON true'
        USING p_after, p_limit, v_snapshot;
END
$$;

COMMENT ON FUNCTION dedup.changes(bigint, integer) IS
    'The change feed: events after p_after (oldest first, at most p_limit) with the snapshot '
    'bounds a reader needs for its horizon (docs/PROTOCOL.md section 8).';

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
-- The readers of events (workers have no SELECT on them).
GRANT EXECUTE ON FUNCTION dedup.changes(bigint, integer), dedup._newest_event_id()
    TO dedup_operator, dedup_viewer;
