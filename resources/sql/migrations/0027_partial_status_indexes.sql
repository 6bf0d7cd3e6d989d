-- 0027: succeeded runs leave the two status indexes of runs (issue 16, the write path;
-- docs/PERFORMANCE.md "After 0027"), and the lease holder's calls find their run by its
-- primary key whatever the planner thinks of the other indexes.
--
-- 1. A run's end (succeed) changes its status, an indexed column, so its UPDATE cannot be a HOT
-- update: the new row version enters every index of runs whose predicate it matches. Two of
-- those indexes exist only to find runs by status, newest first:
--
--   runs_status_created_idx          (status, created_at, id)
--   runs_workflow_status_created_idx (workflow, status, created_at, id)
--
-- and the status they were entered with at a run's end is, nearly always, succeeded: the one
-- status that never needs them. Succeeded runs are most of any store (90% of the generated
-- 10-million-run store), so a list of succeeded runs, newest first, is read from
-- runs_created_idx (or runs_workflow_created_idx with a workflow) keeping the succeeded ones:
-- a page of 100 reads about 110 entries there. The other statuses (processing, failed,
-- manual_review, cancelled) are each a few percent of the store and keep their index range.
-- Both indexes become partial, WHERE status <> 'succeeded': a one-step run writes two index
-- entries fewer (about 290 bytes of WAL), and its claim still enters them (as processing).
--
-- Same names, same columns; every query of the console and dedupctl is unchanged (a condition
-- status = 'failed' or status = ANY('{failed,manual_review}') implies the predicate, which the
-- planner proves from the constants of each custom plan).
--
-- 2. The lease holder's lookups by id (_fence, succeed, heartbeat) read the primary key only.
-- Their condition status = 'processing' let the planner answer "id = $1 AND status =
-- 'processing'" from a status index instead: on a young store, whose small status indexes look
-- cheaper than the primary key, it read (status, ..., id) entries until it found the id,
-- among them every run that was ever processing until VACUUM removes the old entries (found
-- by bench_write_path, whose server runs without autovacuum: about 60 us more per fenced call
-- with these partial indexes, which are smaller still). The status is now compared with IS NOT
-- DISTINCT FROM (the same test on a NOT NULL column), which no index and no index predicate
-- matches: the id is the one indexed condition, the run is one probe of runs_pkey. Nothing
-- else in the three functions changes.
--
-- The migration builds the new indexes under the table's SHARE lock (writers wait, readers
-- go on) and swaps them at the end (the drops hold reads for a moment, to the commit):
-- measured on 10 million runs in docs/PERFORMANCE.md.

-- ---------------------------------------------------------------------------------------
-- 1. The status indexes
-- ---------------------------------------------------------------------------------------
LOCK TABLE dedup.runs IN SHARE MODE;

CREATE INDEX runs_status_created_idx_0027 ON dedup.runs (status, created_at, id)
    WHERE status <> 'succeeded';
CREATE INDEX runs_workflow_status_created_idx_0027
    ON dedup.runs (workflow, status, created_at, id)
    WHERE status <> 'succeeded';

DROP INDEX dedup.runs_status_created_idx;
DROP INDEX dedup.runs_workflow_status_created_idx;
ALTER INDEX dedup.runs_status_created_idx_0027 RENAME TO runs_status_created_idx;
ALTER INDEX dedup.runs_workflow_status_created_idx_0027
    RENAME TO runs_workflow_status_created_idx;

-- ---------------------------------------------------------------------------------------
-- 2. _fence, succeed and heartbeat: 0026's and 0010's bodies, the status test as above
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup._fence(p_run_id bigint, p_lease_token bigint,
                                        p_lease_secret uuid, p_fn text)
RETURNS dedup.runs
LANGUAGE plpgsql
AS $$
DECLARE
    r dedup.runs;
BEGIN
    SELECT * INTO r FROM dedup.runs x
     WHERE x.id = p_run_id AND x.lease_token = p_lease_token
       AND x.lease_secret = p_lease_secret
       AND x.status IS NOT DISTINCT FROM 'processing'   -- 0027: runs_pkey only
       AND x.lease_login = session_user
       FOR NO KEY UPDATE;
    IF FOUND THEN
        IF NOT dedup._may('{worker}', r.workflow, r.scope) THEN
            PERFORM dedup._deny(p_fn);
        END IF;
        RETURN r;
    END IF;

    -- Not the lease holder's call as it stands: 0010's checks, for the exact error.
    IF p_run_id IS NULL OR p_lease_token IS NULL OR p_lease_secret IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: p_run_id, p_lease_token and p_lease_secret are required', p_fn);
    END IF;
    -- grants first, without a lock: a caller outside them learns nothing and holds nothing
    SELECT * INTO r FROM dedup.runs WHERE id = p_run_id;
    IF FOUND AND NOT dedup._may('{worker}', r.workflow, r.scope) THEN
        PERFORM dedup._deny(p_fn);
    END IF;
    SELECT * INTO r FROM dedup.runs WHERE id = p_run_id FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD003',
            MESSAGE = format('%s: run %s not found', p_fn, p_run_id);
    END IF;
    IF r.status <> 'processing' OR r.lease_token <> p_lease_token
       OR r.lease_secret IS DISTINCT FROM p_lease_secret THEN
        RAISE EXCEPTION USING ERRCODE = 'DD001',
            MESSAGE = format('%s: the lease of run %s is not this one', p_fn, p_run_id),
            DETAIL  = format('run status is %s', r.status),
            HINT    = 'The lease was taken over, cleared or ended; stop working on this run.';
    END IF;
    IF r.lease_login IS DISTINCT FROM session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'DD011',
            MESSAGE = format('%s: the lease of run %s belongs to another login', p_fn, p_run_id),
            HINT    = 'Only the login that claimed (or took over) a run may write under its lease.';
    END IF;
    RETURN r;
END
$$;
REVOKE ALL ON FUNCTION dedup._fence(bigint, bigint, uuid, text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION dedup.succeed(p_run_id bigint, p_lease_token bigint,
                                         p_lease_secret uuid, p_result jsonb DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r          dedup.runs;
    v_open     text;
    v_workflow text;
    v_scope    text;
    v_attempt  integer;
BEGIN
    IF p_result IS NOT NULL
       AND pg_catalog.octet_length(p_result::text)
           > (SELECT s.max_result_bytes FROM dedup.store_settings s) THEN
        PERFORM dedup._check_json('succeed', 'p_result', p_result,
                                  (SELECT s.max_result_bytes FROM dedup.store_settings s));
    END IF;

    -- The lease holder's call: the UPDATE is the fence (see the head of this file). A second
    -- round only after _fence found the lease valid although the UPDATE did not (it changed
    -- in between, e.g. a takeover that rolled back): the row is then locked and it matches.
    FOR v_round IN 1..2 LOOP
        UPDATE dedup.runs x
           SET status = 'succeeded', result = p_result, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = now(),
               expires_at = now() + COALESCE((SELECT ws.retention FROM dedup.workflow_settings ws
                                               WHERE ws.workflow = x.workflow),
                                             interval '90 days')
         WHERE x.id = p_run_id AND x.lease_token = p_lease_token
           AND x.lease_secret = p_lease_secret
           AND x.status IS NOT DISTINCT FROM 'processing'   -- 0027: runs_pkey only
           AND x.lease_login = session_user
        RETURNING x.workflow, x.scope, x.attempt INTO v_workflow, v_scope, v_attempt;
        IF FOUND THEN
            IF NOT dedup._may('{worker}', v_workflow, v_scope) THEN
                PERFORM dedup._deny('succeed');
            END IF;
            SELECT string_agg(format('"%s" (%s)', s.name, s.status), ', ' ORDER BY s.ordinal)
              INTO v_open
              FROM dedup.steps s
             WHERE s.run_id = p_run_id AND s.status NOT IN ('done', 'skipped');
            IF v_open IS NOT NULL THEN
                RAISE EXCEPTION USING ERRCODE = 'DD002',
                    MESSAGE = format('succeed: run %s has steps that are not done or skipped: %s',
                                     p_run_id, v_open),
                    HINT = 'complete_step or skip_step each of them first, or fail the run.';
            END IF;
            PERFORM dedup._close_commands(p_run_id, 'succeeded', true, 'run succeeded');
            -- no event row since 0021 (the run row says it): the change feed's row
            PERFORM dedup._event(p_run_id, 'succeeded', NULL, v_attempt, NULL, NULL);
            RETURN;
        END IF;
        EXIT WHEN v_round = 2;

        -- A repeated call, or an error to name: 0010's way.
        SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id;
        IF FOUND AND r.status = 'succeeded' AND r.lease_token = p_lease_token
           AND r.lease_secret = p_lease_secret AND r.lease_login = session_user
           AND dedup._may('{worker}', r.workflow, r.scope) THEN
            RETURN;   -- repeated call
        END IF;
        r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'succeed');
    END LOOP;
    RAISE EXCEPTION USING ERRCODE = '40001',
        MESSAGE = 'succeed: run changed concurrently, retry';
END
$$;

CREATE OR REPLACE FUNCTION dedup.heartbeat(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                p_lease interval DEFAULT interval '30 seconds')
RETURNS timestamptz
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_exp timestamptz;
BEGIN
    PERFORM dedup._check_lease('heartbeat', p_lease);
    UPDATE dedup.runs x
       SET lease_expires_at = now() + p_lease, heartbeat_at = now()
     WHERE x.id = p_run_id AND x.lease_token = p_lease_token
       AND x.status IS NOT DISTINCT FROM 'processing'   -- 0027: runs_pkey only
       AND x.lease_secret = p_lease_secret AND x.lease_login = session_user
       AND dedup._may('{worker}', x.workflow, x.scope)
    RETURNING x.lease_expires_at INTO v_exp;
    IF NOT FOUND THEN
        PERFORM dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'heartbeat');   -- raises the reason
    END IF;
    RETURN v_exp;
END
$$;
