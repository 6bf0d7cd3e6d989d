-- 0026: the worker's everyday calls take their shortest way first (docs/PERFORMANCE.md
-- "After 0026"). Same answers, same errors, same rows; fewer statements and one row lock
-- fewer per run.
--
-- Measured before (private cluster, fsync off, pg_stat_statements.track = all): of a one-step
-- run's 1.66 ms of server time, succeed took 0.48 ms, and its own UPDATE of the run 0.20 ms;
-- _fence ran 3 times per run (65 us each, of which two reads of the run row); the step table
-- entered two unique indexes per step although one of them, (run_id, name), is all any
-- statement looks a step up by.
--
-- 1. _fence: the lease holder's call (nearly every call) is one locked read by the primary key
--    that only the holder of token, secret and login can match, then its grants. A caller whose
--    grant was revoked meanwhile still gets DD010, and the error gives the lock back with the
--    statement. Anything else takes 0010's way, which decides the exact error.
-- 2. succeed: the fenced UPDATE itself is the fence (its WHERE is _fence's test, re-checked on
--    the newest row version when a takeover got there first), so the run row is not locked
--    separately first: one statement and one WAL record (Heap/LOCK, 54 bytes) fewer. Steps not
--    done or skipped still refuse it (DD002): the error undoes the UPDATE with the statement.
--    A repeated call, or any error, takes 0010's way.
-- 3. complete_step: the argument checks as one expression, and the step's UPDATE first; a
--    step that is not in progress or uncertain takes 0010's way (repeated call or error).
-- 4. steps: the primary key is (run_id, name), the index every statement uses; the
--    (run_id, ordinal) unique index goes (one index entry fewer per step). Ordinals stay
--    unique because every function that adds a step holds the run's row lock and numbers it
--    after the largest one.
-- 5. _event: settings changed by assignments, the change feed's row written in place.
-- 6. begin_step: the argument checks as one expression; a pending declared step whose earlier
--    steps are settled, with nothing paused, is started by one UPDATE.

-- ---------------------------------------------------------------------------------------
-- 4. One unique index per step row.
-- ---------------------------------------------------------------------------------------
-- The index is built anew (an index that backs a constraint cannot become the primary key):
-- it holds writes to steps, not reads, for the build (2.0 s for 3 million steps on the 2-core
-- development machine; it grows with the table).
CREATE UNIQUE INDEX steps_run_name_idx ON dedup.steps (run_id, name);
ALTER TABLE dedup.steps DROP CONSTRAINT steps_run_id_name_key,
                        DROP CONSTRAINT steps_pkey;
SET LOCAL client_min_messages = warning;   -- not the notice that the index is renamed
ALTER TABLE dedup.steps ADD CONSTRAINT steps_pkey PRIMARY KEY USING INDEX steps_run_name_idx;
SET LOCAL client_min_messages = notice;
COMMENT ON CONSTRAINT steps_pkey ON dedup.steps IS
    'One row per step name and run. Ordinals are numbered by the functions under the run''s lock.';

-- ---------------------------------------------------------------------------------------
-- 1. _fence
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
       AND x.lease_secret = p_lease_secret AND x.status = 'processing'
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

-- ---------------------------------------------------------------------------------------
-- 2. succeed
-- ---------------------------------------------------------------------------------------
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
           AND x.lease_secret = p_lease_secret AND x.status = 'processing'
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

-- ---------------------------------------------------------------------------------------
-- 3. complete_step
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.complete_step(p_run_id bigint, p_lease_token bigint,
                                               p_lease_secret uuid, p_step text,
                                               p_side_effect_ref text DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r dedup.runs;
    s dedup.steps;
BEGIN
    -- _check_text's rules as one expression; a call that breaks one gets its exact error
    IF p_step IS NULL OR p_step ~ '^[[:space:]]*$' OR pg_catalog.octet_length(p_step) > 100
       OR COALESCE(p_side_effect_ref ~ '^[[:space:]]*$'
                   OR pg_catalog.octet_length(p_side_effect_ref) > 512, false) THEN
        PERFORM dedup._check_text('complete_step', 'p_step', p_step, 100, true);
        PERFORM dedup._check_text('complete_step', 'p_side_effect_ref', p_side_effect_ref, 512,
                                  false);
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'complete_step');
    UPDATE dedup.steps x
       SET status = 'done', side_effect_ref = COALESCE(p_side_effect_ref, x.side_effect_ref),
           error = NULL, finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step AND x.status IN ('in_progress', 'uncertain');
    IF FOUND THEN
        PERFORM dedup._event(p_run_id, 'step_done', r.lease_owner, r.attempt, p_step,
                             jsonb_build_object('side_effect_ref', p_side_effect_ref));
        RETURN;
    END IF;

    -- A repeated call, or an error to name: 0010's way.
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('complete_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = 'done' THEN
        IF p_side_effect_ref IS NULL OR p_side_effect_ref IS NOT DISTINCT FROM s.side_effect_ref THEN
            RETURN;
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('complete_step: step "%s" is already done with another side_effect_ref',
                             p_step);
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'DD002',
        MESSAGE = format('complete_step: step "%s" is %s (call begin_step first)', p_step, s.status);
END
$$;

-- ---------------------------------------------------------------------------------------
-- 5. _event and _change as 0021 defined them, with their settings changed by assignments
--    (PL/pgSQL evaluates those as simple expressions; a PERFORM runs a query each time) and
--    the change feed's row written here rather than by a call of _change: about 30 us of
--    each of the four calls of a one-step run.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._prune_changes(p_id bigint)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_dropped integer;
BEGIN
    DELETE FROM dedup.run_changes c WHERE c.id < p_id - 200000;
    GET DIAGNOSTICS v_dropped = ROW_COUNT;
    IF v_dropped > 0 THEN
        INSERT INTO dedup.feed_marks (id, kind, runs, below)
        VALUES (pg_catalog.nextval('dedup.events_id_seq'::regclass), 'prune', v_dropped,
                p_id - 200000);
        DELETE FROM dedup.feed_marks m
         WHERE m.kind = 'prune' AND m.at < now() - interval '1 day';
    END IF;
END
$$;
REVOKE ALL ON FUNCTION dedup._prune_changes(bigint) FROM PUBLIC;

CREATE OR REPLACE FUNCTION dedup._change(p_run_id bigint)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_id bigint;
BEGIN
    -- The caller has given the transaction its xid before this id is drawn (0020).
    v_id := pg_catalog.nextval('dedup.events_id_seq'::regclass);
    INSERT INTO dedup.run_changes (id, run_id) VALUES (v_id, p_run_id);
    IF v_id % 8192 = 0 THEN
        PERFORM dedup._prune_changes(v_id);
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text,
                                        p_attempt integer, p_step text, p_detail jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_set text;
    v_xid xid8;
    v_id  bigint;
BEGIN
    IF p_kind = 'step_done' THEN
        IF COALESCE(current_setting('dedup.durable', true), '') <> 'on'
           AND COALESCE(current_setting('dedup.sync_saved', true), '') = '' THEN
            v_set := pg_catalog.set_config('dedup.sync_saved',
                                           pg_catalog.current_setting('synchronous_commit'), true);
            v_set := pg_catalog.set_config('synchronous_commit', 'off', true);
        END IF;
    ELSIF COALESCE(current_setting('dedup.durable', true), '') <> 'on' THEN
        v_set := pg_catalog.set_config('dedup.durable', 'on', true);
        v_set := NULLIF(current_setting('dedup.sync_saved', true), '');
        IF v_set IS NOT NULL THEN
            v_set := pg_catalog.set_config('synchronous_commit', v_set, true);
        END IF;
    END IF;

    -- The xid before the id: the change feed's horizon rests on it (0020).
    v_xid := pg_catalog.pg_current_xact_id();
    IF p_kind IN ('step_done', 'succeeded')
       OR (p_kind = 'step_started'
           AND NOT (COALESCE(p_detail, '{}'::jsonb) ?| ARRAY['rule', 'appended'])) THEN
        -- what _change does
        v_id := pg_catalog.nextval('dedup.events_id_seq'::regclass);
        INSERT INTO dedup.run_changes (id, run_id) VALUES (v_id, p_run_id);
        IF v_id % 8192 = 0 THEN
            PERFORM dedup._prune_changes(v_id);
        END IF;
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

-- ---------------------------------------------------------------------------------------
-- 6. begin_step: 0023's function with its argument checks as one expression and the
--    everyday call (a pending declared step, earlier steps settled, nothing paused) decided by
--    one UPDATE; everything else goes on as in 0023.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.begin_step(p_run_id bigint, p_lease_token bigint,
                                            p_lease_secret uuid, p_step text,
                                            p_downstream_key text DEFAULT NULL)
RETURNS text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    s        dedup.steps;
    p        dedup.workflow_pauses;
    v_cmd    bigint;
    v_reason text;
    v_detail jsonb;
    v_err    jsonb;
    v_before dedup.steps;
    v_attempts   integer;
    v_downstream text;
BEGIN
    -- _check_text's rules as one expression; a call that breaks one gets its exact error
    IF p_step IS NULL OR p_step ~ '^[[:space:]]*$' OR pg_catalog.octet_length(p_step) > 100
       OR COALESCE(p_downstream_key ~ '^[[:space:]]*$'
                   OR pg_catalog.octet_length(p_downstream_key) > 512, false) THEN
        PERFORM dedup._check_text('begin_step', 'p_step', p_step, 100, true);
        PERFORM dedup._check_text('begin_step', 'p_downstream_key', p_downstream_key, 512, false);
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'begin_step');
    IF r.lease_expires_at <= now() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD006',
            MESSAGE = format('begin_step: the lease of run %s expired at %s', p_run_id, r.lease_expires_at),
            HINT = 'Call heartbeat first: if it succeeds the lease is still yours.';
    END IF;

    -- The everyday call: a declared step that is pending, every earlier step settled, nothing
    -- paused. One UPDATE decides it; anything else (a repeat, an uncertain or failed step, an
    -- appended step, a pause, an error) takes 0023's way below. The run's row lock, taken by
    -- _fence, keeps the steps as the UPDATE saw them.
    IF NOT EXISTS (SELECT 1 FROM dedup.workflow_pauses w
                    WHERE w.workflow = r.workflow AND w.stop_steps
                      AND pg_catalog.starts_with(r.scope, w.scope_prefix)) THEN
        UPDATE dedup.steps x
           SET status = 'in_progress', attempts = x.attempts + 1, lease_token = p_lease_token,
               downstream_key = COALESCE(p_downstream_key, x.downstream_key),
               started_at = now(), finished_at = NULL, updated_at = now()
         WHERE x.run_id = p_run_id AND x.name = p_step AND x.status = 'pending'
           AND NOT EXISTS (SELECT 1 FROM dedup.steps y
                            WHERE y.run_id = p_run_id AND y.ordinal < x.ordinal
                              AND y.status NOT IN ('done', 'skipped'))
        RETURNING x.attempts, x.downstream_key INTO v_attempts, v_downstream;
        IF FOUND THEN
            PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
                jsonb_build_object('step_attempt', v_attempts, 'downstream_key', v_downstream));
            RETURN 'run';
        END IF;
    END IF;

    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF s.status IN ('done', 'skipped') THEN
        RETURN 'skip';
    END IF;

    -- step order: the first earlier step that is not settled blocks this one
    SELECT * INTO v_before FROM dedup.steps x
     WHERE x.run_id = p_run_id AND x.status NOT IN ('done', 'skipped')
       AND (s.ordinal IS NULL OR x.ordinal < s.ordinal)
     ORDER BY x.ordinal LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('begin_step: step "%s" cannot begin while step "%s" (number %s) is %s',
                             p_step, v_before.name, v_before.ordinal, v_before.status),
            HINT = 'Steps run in their order; finish or skip_step the earlier step first.';
    END IF;

    IF COALESCE(s.status = 'in_progress' AND s.lease_token = p_lease_token, false) THEN
        RETURN 'run';   -- repeated call within the same lease (e.g. a lost reply)
    END IF;

    -- Stop before the next step: nothing of this step has happened yet.
    SELECT * INTO p FROM dedup.workflow_pauses w
     WHERE w.workflow = r.workflow AND w.stop_steps
       AND pg_catalog.starts_with(r.scope, w.scope_prefix)
     LIMIT 1;
    IF FOUND THEN
        v_err := jsonb_build_object(
            'class', 'paused',
            'message', format('workflow %s paused before step "%s": %s', r.workflow, p_step, p.reason),
            'retryable', true, 'paused', true, 'attempt', r.attempt, 'at', now(),
            'retry_after_seconds', ceil(date_part('epoch', p.retry_after))::integer);
        UPDATE dedup.runs x
           SET status = 'failed', last_error = v_err, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = now(),
               expires_at = now() + dedup._retention(x.workflow)
         WHERE x.id = p_run_id;
        -- a continuation in flight waits for the resume, as a queued one does
        UPDATE dedup.commands c
           SET status = 'pending', taken_by = NULL, taken_at = NULL, taken_token = NULL
         WHERE c.run_id = p_run_id AND c.status = 'taken';
        PERFORM dedup._event(p_run_id, 'failed', r.lease_owner, r.attempt, p_step, v_err);
        RETURN 'paused';
    END IF;

    IF s.run_id IS NULL THEN
        -- a step the claim did not declare: append it
        IF (SELECT count(*) FROM dedup.steps y WHERE y.run_id = p_run_id) >= 100 THEN
            RAISE EXCEPTION USING ERRCODE = 'DD009',
                MESSAGE = 'begin_step: a run has at most 100 steps';
        END IF;
        INSERT INTO dedup.steps AS x (run_id, ordinal, name, status, attempts, lease_token,
                                      downstream_key, started_at)
        VALUES (p_run_id,
                COALESCE((SELECT max(y.ordinal) FROM dedup.steps y WHERE y.run_id = p_run_id), 0) + 1,
                p_step, 'in_progress', 1, p_lease_token, p_downstream_key, now());
        PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
            jsonb_build_object('step_attempt', 1, 'downstream_key', p_downstream_key, 'appended', true));
        RETURN 'run';
    END IF;

    v_detail := NULL;
    IF s.status IN ('in_progress', 'uncertain') THEN
        -- A previous lease started it and never recorded the outcome.
        IF s.downstream_key IS NOT NULL
           AND (p_downstream_key IS NULL OR p_downstream_key = s.downstream_key) THEN
            v_detail := jsonb_build_object('reexecute', 'uncertain', 'rule', 'downstream_key');
        ELSE
            SELECT c.id INTO v_cmd FROM dedup.commands c
             WHERE c.run_id = p_run_id AND c.status = 'taken' AND c.rerun_uncertain;
            IF FOUND THEN
                v_detail := jsonb_build_object('reexecute', 'uncertain', 'rule', 'operator',
                                               'command_id', v_cmd);
            END IF;
        END IF;

        IF v_detail IS NULL THEN
            v_reason := CASE
                WHEN s.downstream_key IS NULL THEN
                    format('step "%s": outcome unknown (started under lease %s, never recorded) '
                           'and the step has no downstream_key; check with the provider, then '
                           'resolve the step', s.name, s.lease_token)
                ELSE
                    format('step "%s": outcome unknown and the downstream_key changed (%s -> %s)',
                           s.name, s.downstream_key, p_downstream_key)
                END;
            PERFORM dedup._mark_uncertain(p_run_id, r.lease_owner, r.attempt,
                                          'run routed to review by begin_step');
            UPDATE dedup.runs x
               SET status = 'manual_review', lease_owner = NULL, lease_expires_at = NULL,
                   updated_at = now(), review_reason = v_reason, review_at = now(),
                   review_assignee = NULL, review_note = NULL
             WHERE x.id = p_run_id;
            PERFORM dedup._close_commands(p_run_id, 'manual_review', false, NULL);
            PERFORM dedup._event(p_run_id, 'routed_to_review', r.lease_owner, r.attempt, p_step,
                                 jsonb_build_object('reason', v_reason, 'by', 'begin_step'));
            RETURN 'uncertain';
        END IF;
    END IF;

    -- pending, failed, or uncertain-but-safe: (re-)execute
    UPDATE dedup.steps x
       SET status = 'in_progress', attempts = x.attempts + 1, lease_token = p_lease_token,
           downstream_key = COALESCE(p_downstream_key, x.downstream_key),
           started_at = now(), finished_at = NULL, updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
        COALESCE(v_detail, '{}'::jsonb)
        || jsonb_build_object('step_attempt', s.attempts + 1,
                              'downstream_key', COALESCE(p_downstream_key, s.downstream_key)));
    RETURN 'run';
END
$$;

