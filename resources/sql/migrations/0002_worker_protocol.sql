-- 0002_worker_protocol.sql: the worker side of the run protocol (SPEC 4).
--
-- claim, heartbeat, begin_step, complete_step, fail_step, skip_step, succeed, fail,
-- take_command; the event/notification plumbing they share.
--
-- Errors use the project's SQLSTATE class DD (docs/PROTOCOL.md, "Errors"):
--   DD001 fenced (stale lease token)     DD002 illegal transition
--   DD003 run not found                  DD004 invalid argument
--   DD005 action key conflict            DD006 lease expired (begin_step)
--   DD007 step not found                 DD008 append-only table
--
-- Times are now() (transaction start): call the protocol in autocommit mode or in short
-- transactions.

-- ---------------------------------------------------------------------------------------
-- Events and the one coalesced NOTIFY per transaction.
--
-- _event() appends one event. If the event announces a state change it also records the run
-- id in the transaction-local setting dedup.notify_runs (distinct ids, at most 100;
-- dedup.notify_more = on past that). The deferred constraint trigger events_notify is queued
-- only for the first announcing event of a transaction (its WHEN clause); it fires at
-- commit and sends ONE NOTIFY dedup_events '{"runs":[...],"more":false}' built from the list
-- as it is then. Local settings vanish with the transaction, and with an aborted
-- subtransaction together with the events (and the queued trigger) it inserted.
--
-- Which events announce:
--   duplicate_suppressed, mismatch : never (observations; the run did not change);
--   step_started, step_done, step_failed, step_skipped, step_uncertain : unless the session
--     set dedup.notify = 'runs' (opt-in for high-throughput workers: PostgreSQL serialises
--     the commits of notifying transactions, WAL flush included);
--   everything else (run status / lease / review / command changes) : always.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text, p_attempt integer,
                             p_step text, p_detail jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_list text;
BEGIN
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

CREATE FUNCTION dedup._events_notify()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    v_list text;
BEGIN
    IF current_setting('dedup.notify_sent', true) = 'on' THEN
        RETURN NULL;
    END IF;
    v_list := NULLIF(current_setting('dedup.notify_runs', true), '');
    IF v_list IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM pg_catalog.set_config('dedup.notify_sent', 'on', true);
    IF v_list !~ '^[0-9]+(,[0-9]+)*$' THEN
        -- the setting is client-writable: never let it shape the payload
        PERFORM pg_catalog.pg_notify('dedup_events', '{"runs":[],"more":true}');
        RETURN NULL;
    END IF;
    PERFORM pg_catalog.pg_notify('dedup_events',
        '{"runs":[' || v_list || '],"more":'
        || CASE WHEN current_setting('dedup.notify_more', true) = 'on' THEN 'true' ELSE 'false' END
        || '}');
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER events_notify
    AFTER INSERT ON dedup.events
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW
    WHEN (COALESCE(pg_catalog.current_setting('dedup.notify_runs', true), '') <> ''
          AND pg_catalog.current_setting('dedup.notify_queued', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION dedup._events_notify();

-- events are append-only (rows leave only with their run, by cascade)
CREATE FUNCTION dedup._events_no_update()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'DD008', MESSAGE = 'dedup.events is append-only';
END
$$;
CREATE TRIGGER events_append_only
    BEFORE UPDATE ON dedup.events
    FOR EACH ROW EXECUTE FUNCTION dedup._events_no_update();

-- ---------------------------------------------------------------------------------------
-- Internal helpers (no EXECUTE for anyone but the owner; called from the SECURITY DEFINER
-- functions, whose search_path they inherit; every name is schema-qualified anyway).
-- ---------------------------------------------------------------------------------------

-- Retention of a workflow.
CREATE FUNCTION dedup._retention(p_workflow text)
RETURNS interval
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v interval;
BEGIN
    SELECT ws.retention INTO v FROM dedup.workflow_settings ws WHERE ws.workflow = p_workflow;
    RETURN COALESCE(v, interval '90 days');
END
$$;

-- Lock a run for a fenced call; raise DD003 / DD001. Expired-but-not-taken-over leases pass
-- (only a token change fences); begin_step adds its own liveness check (DD006).
CREATE FUNCTION dedup._fence(p_run_id bigint, p_lease_token bigint, p_fn text)
RETURNS dedup.runs
LANGUAGE plpgsql
AS $$
DECLARE
    r dedup.runs;
BEGIN
    IF p_run_id IS NULL OR p_lease_token IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: p_run_id and p_lease_token are required', p_fn);
    END IF;
    SELECT * INTO r FROM dedup.runs WHERE id = p_run_id FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD003',
            MESSAGE = format('%s: run %s not found', p_fn, p_run_id);
    END IF;
    IF r.status <> 'processing' OR r.lease_token <> p_lease_token THEN
        RAISE EXCEPTION USING ERRCODE = 'DD001',
            MESSAGE = format('%s: lease token %s of run %s is stale', p_fn, p_lease_token, p_run_id),
            DETAIL  = format('run status is %s, current lease token is %s', r.status, r.lease_token),
            HINT    = 'The lease was taken over, cleared or ended; stop working on this run.';
    END IF;
    RETURN r;
END
$$;

-- Append steps that the run does not have yet (by name), after the existing ordinals.
CREATE FUNCTION dedup._add_steps(p_run_id bigint, p_steps text[])
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.unnest(p_steps) n WHERE n IS NULL OR n = '')
       OR (SELECT count(DISTINCT n) FROM pg_catalog.unnest(p_steps) n) <> pg_catalog.cardinality(p_steps) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'p_steps must hold distinct, non-empty step names';
    END IF;
    INSERT INTO dedup.steps (run_id, ordinal, name)
    SELECT p_run_id,
           COALESCE((SELECT max(s.ordinal) FROM dedup.steps s WHERE s.run_id = p_run_id), 0)
             + row_number() OVER (ORDER BY t.o),
           t.n
    FROM pg_catalog.unnest(p_steps) WITH ORDINALITY AS t(n, o)
    WHERE NOT EXISTS (SELECT 1 FROM dedup.steps s WHERE s.run_id = p_run_id AND s.name = t.n);
END
$$;

-- Mark the run's in_progress steps uncertain (their outcome is unknown); one step_uncertain
-- event each. One statement; the events skip _event(): every caller also appends a
-- run-level event for the same run, which announces it.
CREATE FUNCTION dedup._mark_uncertain(p_run_id bigint, p_actor text, p_attempt integer, p_why text)
RETURNS text[]
LANGUAGE plpgsql
AS $$
DECLARE
    v_names text[];
BEGIN
    WITH u AS (
        UPDATE dedup.steps s
           SET status = 'uncertain', updated_at = now(),
               error = jsonb_build_object('class', 'outcome_unknown', 'message', p_why)
         WHERE s.run_id = p_run_id AND s.status = 'in_progress'
        RETURNING s.name, s.ordinal),
    e AS (
        INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
        SELECT p_run_id, 'step_uncertain', p_actor, p_attempt, u.name,
               jsonb_build_object('why', p_why)
          FROM u
         ORDER BY u.ordinal)
    SELECT COALESCE(array_agg(u.name ORDER BY u.ordinal), '{}') INTO v_names FROM u;
    RETURN v_names;
END
$$;

-- The run left processing (p_run_status is its new status): the command being executed
-- becomes done; with p_cancel_pending (run finished, or routed to review by an operator)
-- a pending command is cancelled.
CREATE FUNCTION dedup._close_commands(p_run_id bigint, p_run_status text, p_cancel_pending boolean,
                                      p_note text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    UPDATE dedup.commands c
       SET status = CASE WHEN c.status = 'taken' THEN 'done' ELSE 'cancelled' END,
           finished_at = now(), result_status = p_run_status,
           note = CASE WHEN c.status = 'pending' THEN p_note ELSE c.note END
     WHERE c.run_id = p_run_id
       AND (c.status = 'taken' OR (p_cancel_pending AND c.status = 'pending'));
END
$$;

-- ---------------------------------------------------------------------------------------
-- claim
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.claim(
    p_scope            text,
    p_key              text,
    p_workflow         text,
    p_fingerprint      text,
    p_correlation_id   text     DEFAULT NULL,
    p_worker           text     DEFAULT NULL,
    p_lease            interval DEFAULT interval '30 seconds',
    p_steps            text[]   DEFAULT '{}',
    p_key_version      text     DEFAULT NULL,
    p_workflow_version text     DEFAULT NULL,
    p_max_attempts     integer  DEFAULT NULL,
    p_context          jsonb    DEFAULT NULL)
RETURNS TABLE (outcome text, run_id bigint, lease_token bigint, status text, result jsonb,
               lease_owner text, lease_expires_at timestamptz, attempt integer,
               last_error jsonb)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r          dedup.runs;
    v_id       bigint;
    v_exp      timestamptz;
    v_tries    integer := 0;
    v_takeover boolean;
    v_names    text[];
    v_cmd      bigint;
    v_reason   text;
BEGIN
    IF COALESCE(p_scope, '') = '' OR COALESCE(p_key, '') = '' OR COALESCE(p_workflow, '') = ''
       OR COALESCE(p_fingerprint, '') = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'claim: p_scope, p_key, p_workflow and p_fingerprint are required';
    END IF;
    IF p_lease IS NULL OR p_lease <= interval '0' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'claim: p_lease must be positive';
    END IF;
    IF p_max_attempts IS NOT NULL AND p_max_attempts < 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'claim: p_max_attempts must be >= 1';
    END IF;

    LOOP
        v_tries := v_tries + 1;
        IF v_tries > 5 THEN   -- the row keeps vanishing (purge) or changing under us
            RAISE EXCEPTION USING ERRCODE = '40001',
                MESSAGE = 'claim: run changed concurrently too often, retry';
        END IF;

        -- 1. First delivery: insert the run already acquired (token 1, attempt 1). A
        --    concurrent inserter of the same key makes us wait for its outcome: if it
        --    rolls back we insert, if it commits we fall through.
        INSERT INTO dedup.runs AS n
               (scope, idem_key, key_version, workflow, workflow_version, correlation_id,
                fingerprint, context, status, attempt, max_attempts, lease_owner, lease_token,
                lease_expires_at, heartbeat_at)
        VALUES (p_scope, p_key, p_key_version, p_workflow, p_workflow_version, p_correlation_id,
                p_fingerprint, p_context, 'processing', 1,
                COALESCE(p_max_attempts,
                         (SELECT ws.max_attempts FROM dedup.workflow_settings ws
                           WHERE ws.workflow = p_workflow), 5),
                p_worker, 1, now() + p_lease, now())
        ON CONFLICT (scope, idem_key) DO NOTHING
        RETURNING n.id, n.lease_expires_at INTO v_id, v_exp;

        IF v_id IS NOT NULL THEN
            IF cardinality(p_steps) > 0 THEN
                IF array_position(p_steps, NULL) IS NOT NULL OR '' = ANY (p_steps)
                   OR (cardinality(p_steps) > 1
                       AND (SELECT count(DISTINCT u.n) FROM unnest(p_steps) AS u(n))
                           <> cardinality(p_steps)) THEN
                    RAISE EXCEPTION USING ERRCODE = 'DD004',
                        MESSAGE = 'claim: p_steps must hold distinct, non-empty step names';
                END IF;
                INSERT INTO dedup.steps (run_id, ordinal, name)
                SELECT v_id, t.o, t.n FROM unnest(p_steps) WITH ORDINALITY AS t(n, o);
            END IF;
            PERFORM dedup._event(v_id, 'claimed', p_worker, 1, NULL,
                                 '{"via":"new","lease_token":1}'::jsonb);
            outcome := 'acquired'; run_id := v_id; lease_token := 1; status := 'processing';
            lease_owner := p_worker; lease_expires_at := v_exp; attempt := 1;
            RETURN NEXT;
            RETURN;
        END IF;

        -- 2. The key exists. Answers that change nothing are decided without a row lock.
        SELECT * INTO r FROM dedup.runs x WHERE x.scope = p_scope AND x.idem_key = p_key;
        IF NOT FOUND THEN
            CONTINUE;   -- purged between our insert and this read
        END IF;

        IF r.fingerprint <> p_fingerprint THEN
            PERFORM dedup._event(r.id, 'mismatch', p_worker, r.attempt, NULL,
                jsonb_build_object('fingerprint', p_fingerprint, 'stored_fingerprint', r.fingerprint));
            outcome := 'mismatch'; run_id := r.id; status := r.status; attempt := r.attempt;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status = 'manual_review' THEN
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                                 '{"outcome":"in_review"}'::jsonb);
            outcome := 'in_review'; run_id := r.id; status := r.status; attempt := r.attempt;
            last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status IN ('succeeded', 'cancelled')
           OR (r.status = 'failed' AND NOT COALESCE((r.last_error->>'retryable')::boolean, true)) THEN
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                                 '{"outcome":"replay"}'::jsonb);
            outcome := 'replay'; run_id := r.id; status := r.status; result := r.result;
            attempt := r.attempt; last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status = 'processing' AND r.lease_expires_at > now() THEN
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                jsonb_build_object('outcome', 'in_progress', 'lease_owner', r.lease_owner));
            outcome := 'in_progress'; run_id := r.id; status := r.status;
            lease_owner := r.lease_owner; lease_expires_at := r.lease_expires_at;
            attempt := r.attempt;
            RETURN NEXT;
            RETURN;
        END IF;

        -- 3. Acquisition of an existing run (retry of a retryable failure, or takeover of an
        --    expired lease): lock, then make sure it is still acquirable.
        SELECT * INTO r FROM dedup.runs x WHERE x.id = r.id FOR NO KEY UPDATE;
        IF NOT FOUND OR r.fingerprint <> p_fingerprint
           OR NOT ((r.status = 'processing' AND r.lease_expires_at <= now())
                   OR (r.status = 'failed' AND COALESCE((r.last_error->>'retryable')::boolean, true))) THEN
            CONTINUE;   -- changed while we were deciding: decide again
        END IF;
        v_takeover := r.status = 'processing';

        IF v_takeover THEN
            PERFORM dedup._event(r.id, 'lease_expired', p_worker, r.attempt, NULL,
                jsonb_build_object('lease_owner', r.lease_owner, 'lease_token', r.lease_token,
                                   'lease_expires_at', r.lease_expires_at));
            v_names := dedup._mark_uncertain(r.id, p_worker, r.attempt,
                format('lease %s of %s expired while the step was in progress',
                       r.lease_token, COALESCE(r.lease_owner, '(unnamed worker)')));
        END IF;

        -- Poison pill guard: a run that keeps losing its worker stops at max_attempts.
        IF r.attempt >= r.max_attempts THEN
            v_reason := format('max_attempts reached (%s of %s): %s', r.attempt, r.max_attempts,
                CASE WHEN v_takeover THEN 'the lease expired again'
                     ELSE 'last error ' || COALESCE(r.last_error->>'class', '?') || ': '
                          || COALESCE(r.last_error->>'message', '') END);
            UPDATE dedup.runs x
               SET status = 'manual_review',
                   lease_token = x.lease_token + CASE WHEN v_takeover THEN 1 ELSE 0 END,
                   lease_owner = NULL, lease_expires_at = NULL, updated_at = now(),
                   finished_at = NULL, expires_at = NULL,
                   review_reason = v_reason, review_at = now(), review_assignee = NULL,
                   review_note = NULL
             WHERE x.id = r.id
            RETURNING * INTO r;
            PERFORM dedup._close_commands(r.id, 'manual_review', false, NULL);
            PERFORM dedup._event(r.id, 'routed_to_review', p_worker, r.attempt, NULL,
                                 jsonb_build_object('reason', v_reason, 'by', 'claim'));
            outcome := 'in_review'; run_id := r.id; status := r.status; attempt := r.attempt;
            last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        UPDATE dedup.runs x
           SET status = 'processing', attempt = x.attempt + 1, lease_token = x.lease_token + 1,
               lease_owner = p_worker, lease_expires_at = now() + p_lease, heartbeat_at = now(),
               updated_at = now(), finished_at = NULL, expires_at = NULL
         WHERE x.id = r.id
        RETURNING * INTO r;

        IF cardinality(p_steps) > 0 THEN
            PERFORM dedup._add_steps(r.id, p_steps);
        END IF;

        IF v_takeover THEN
            PERFORM dedup._event(r.id, 'lease_taken_over', p_worker, r.attempt, NULL,
                jsonb_build_object('lease_token', r.lease_token, 'uncertain_steps', to_jsonb(v_names)));
        ELSE
            -- a redelivery that re-acquires a failed run executes its pending continuation
            UPDATE dedup.commands c
               SET status = 'taken', taken_by = p_worker, taken_at = now(),
                   taken_token = r.lease_token
             WHERE c.run_id = r.id AND c.status = 'pending'
            RETURNING c.id INTO v_cmd;
            PERFORM dedup._event(r.id, 'claimed', p_worker, r.attempt, NULL,
                jsonb_build_object('via', 'retry', 'lease_token', r.lease_token, 'command_id', v_cmd));
        END IF;

        outcome := 'acquired'; run_id := r.id; lease_token := r.lease_token;
        status := r.status; lease_owner := r.lease_owner;
        lease_expires_at := r.lease_expires_at; attempt := r.attempt;
        last_error := r.last_error;
        RETURN NEXT;
        RETURN;
    END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------
-- heartbeat: extend the lease. Accepted while the token is current, even if the lease has
-- expired (nobody took it over); returns the new lease_expires_at.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.heartbeat(p_run_id bigint, p_lease_token bigint,
                                p_lease interval DEFAULT interval '30 seconds')
RETURNS timestamptz
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_exp timestamptz;
BEGIN
    IF p_lease IS NULL OR p_lease <= interval '0' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'heartbeat: p_lease must be positive';
    END IF;
    UPDATE dedup.runs x
       SET lease_expires_at = now() + p_lease, heartbeat_at = now()
     WHERE x.id = p_run_id AND x.lease_token = p_lease_token AND x.status = 'processing'
    RETURNING x.lease_expires_at INTO v_exp;
    IF NOT FOUND THEN
        PERFORM dedup._fence(p_run_id, p_lease_token, 'heartbeat');   -- raises the reason
    END IF;
    RETURN v_exp;
END
$$;

-- ---------------------------------------------------------------------------------------
-- begin_step: 'run' | 'skip' | 'uncertain'.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.begin_step(p_run_id bigint, p_lease_token bigint, p_step text,
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
    v_cmd    bigint;
    v_reason text;
    v_detail jsonb;
BEGIN
    IF COALESCE(p_step, '') = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'begin_step: p_step is required';
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, 'begin_step');
    IF r.lease_expires_at <= now() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD006',
            MESSAGE = format('begin_step: the lease of run %s expired at %s', p_run_id, r.lease_expires_at),
            HINT = 'Call heartbeat first: if it succeeds the lease is still yours.';
    END IF;

    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        -- a step the claim did not declare: append it
        INSERT INTO dedup.steps AS x (run_id, ordinal, name, status, attempts, lease_token,
                                      downstream_key, started_at)
        VALUES (p_run_id,
                COALESCE((SELECT max(y.ordinal) FROM dedup.steps y WHERE y.run_id = p_run_id), 0) + 1,
                p_step, 'in_progress', 1, p_lease_token, p_downstream_key, now());
        PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
            jsonb_build_object('step_attempt', 1, 'downstream_key', p_downstream_key, 'appended', true));
        RETURN 'run';
    END IF;

    IF s.status IN ('done', 'skipped') THEN
        RETURN 'skip';
    END IF;

    IF s.status = 'in_progress' AND s.lease_token = p_lease_token THEN
        RETURN 'run';   -- repeated call within the same lease (e.g. a lost reply)
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
            -- this step if a previous lease left it in_progress, and any other step of this
            -- lease still in progress: their outcomes are unknown now
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

-- ---------------------------------------------------------------------------------------
-- complete_step: in_progress|uncertain -> done. Repeating it on a done step is a no-op
-- (DD002 if it names a different side_effect_ref).
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.complete_step(p_run_id bigint, p_lease_token bigint, p_step text,
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
    r := dedup._fence(p_run_id, p_lease_token, 'complete_step');
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
            MESSAGE = format('complete_step: step "%s" is already done with side_effect_ref %s',
                             p_step, COALESCE(s.side_effect_ref, 'NULL'));
    END IF;
    IF s.status NOT IN ('in_progress', 'uncertain') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('complete_step: step "%s" is %s (call begin_step first)', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = 'done', side_effect_ref = COALESCE(p_side_effect_ref, x.side_effect_ref),
           error = NULL, finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_done', r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('side_effect_ref', p_side_effect_ref));
END
$$;

-- ---------------------------------------------------------------------------------------
-- fail_step: in_progress -> failed (the side effect did not happen), or -> uncertain with
-- p_uncertain (its outcome is unknown, e.g. a timeout after the request was sent).
-- Repeating it is a no-op.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.fail_step(p_run_id bigint, p_lease_token bigint, p_step text,
                                p_error_class text, p_message text DEFAULT NULL,
                                p_uncertain boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    s        dedup.steps;
    v_target text := CASE WHEN COALESCE(p_uncertain, false) THEN 'uncertain' ELSE 'failed' END;
BEGIN
    IF COALESCE(p_error_class, '') = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'fail_step: p_error_class is required';
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, 'fail_step');
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('fail_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = v_target AND s.lease_token = p_lease_token
       AND s.error->>'class' = p_error_class THEN
        RETURN;   -- repeated call
    END IF;
    IF s.status <> 'in_progress' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('fail_step: step "%s" is %s, not in_progress', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = v_target, finished_at = now(), updated_at = now(),
           error = jsonb_build_object('class', p_error_class, 'message', p_message)
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id,
                         CASE v_target WHEN 'failed' THEN 'step_failed' ELSE 'step_uncertain' END,
                         r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('class', p_error_class, 'message', p_message));
END
$$;

-- ---------------------------------------------------------------------------------------
-- skip_step: pending|failed|uncertain -> skipped (the workflow decided the step does not
-- apply, or an uncertain step is known to have happened elsewhere). Repeating is a no-op.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.skip_step(p_run_id bigint, p_lease_token bigint, p_step text,
                                p_reason text DEFAULT NULL)
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
    r := dedup._fence(p_run_id, p_lease_token, 'skip_step');
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('skip_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = 'skipped' THEN
        RETURN;
    END IF;
    IF s.status NOT IN ('pending', 'failed', 'uncertain') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('skip_step: step "%s" is %s', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = 'skipped', finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_skipped', r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('reason', p_reason));
END
$$;

-- ---------------------------------------------------------------------------------------
-- succeed: processing -> succeeded with the stored result. Repeating it with the same
-- token is a no-op.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.succeed(p_run_id bigint, p_lease_token bigint, p_result jsonb DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r       dedup.runs;
    v_names text[];
BEGIN
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    IF FOUND AND r.status = 'succeeded' AND r.lease_token = p_lease_token THEN
        RETURN;   -- repeated call
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, 'succeed');
    v_names := dedup._mark_uncertain(p_run_id, r.lease_owner, r.attempt,
                                     'the run succeeded while the step was still in progress');
    UPDATE dedup.runs x
       SET status = 'succeeded', result = p_result, lease_owner = NULL, lease_expires_at = NULL,
           updated_at = now(), finished_at = now(),
           expires_at = now() + dedup._retention(x.workflow)
     WHERE x.id = p_run_id;
    PERFORM dedup._close_commands(p_run_id, 'succeeded', true, 'run succeeded');
    PERFORM dedup._event(p_run_id, 'succeeded', r.lease_owner, r.attempt, NULL,
                         jsonb_build_object('lease_token', r.lease_token));
END
$$;

-- ---------------------------------------------------------------------------------------
-- fail: processing -> failed, or -> manual_review when a retryable failure reaches
-- max_attempts. Returns the new status. Repeating it (same token and error class) is a
-- no-op returning the status.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.fail(p_run_id bigint, p_lease_token bigint, p_error_class text,
                           p_message text, p_retryable boolean)
RETURNS text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    v_status text;
    v_err    jsonb;
    v_reason text;
BEGIN
    IF COALESCE(p_error_class, '') = '' OR p_retryable IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'fail: p_error_class and p_retryable are required';
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    IF FOUND AND r.status IN ('failed', 'manual_review') AND r.lease_token = p_lease_token
       AND r.last_error->>'class' = p_error_class
       AND (r.last_error->>'attempt')::integer = r.attempt THEN
        RETURN r.status;   -- repeated call
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, 'fail');

    PERFORM dedup._mark_uncertain(p_run_id, r.lease_owner, r.attempt,
                                  'the run failed while the step was in progress');
    v_err := jsonb_build_object('class', p_error_class, 'message', p_message,
                                'retryable', p_retryable, 'attempt', r.attempt, 'at', now());
    IF p_retryable AND r.attempt >= r.max_attempts THEN
        v_status := 'manual_review';
        v_reason := format('max_attempts reached (%s of %s); last error %s: %s',
                           r.attempt, r.max_attempts, p_error_class, COALESCE(p_message, ''));
        UPDATE dedup.runs x
           SET status = 'manual_review', last_error = v_err, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), review_reason = v_reason,
               review_at = now(), review_assignee = NULL, review_note = NULL
         WHERE x.id = p_run_id;
    ELSE
        v_status := 'failed';
        UPDATE dedup.runs x
           SET status = 'failed', last_error = v_err, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = now(),
               expires_at = now() + dedup._retention(x.workflow)
         WHERE x.id = p_run_id;
    END IF;
    PERFORM dedup._close_commands(p_run_id, v_status, false, NULL);
    PERFORM dedup._event(p_run_id, 'failed', r.lease_owner, r.attempt, NULL, v_err);
    IF v_status = 'manual_review' THEN
        PERFORM dedup._event(p_run_id, 'routed_to_review', r.lease_owner, r.attempt, NULL,
                             jsonb_build_object('reason', v_reason, 'by', 'fail'));
    END IF;
    RETURN v_status;
END
$$;

-- ---------------------------------------------------------------------------------------
-- take_command: a worker takes the oldest pending continuation (optionally of its own
-- workflows), acquiring the run's lease. Zero rows when there is nothing to take.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.take_command(p_worker text,
                                   p_lease interval DEFAULT interval '30 seconds',
                                   p_workflows text[] DEFAULT NULL)
RETURNS TABLE (command_id bigint, run_id bigint, lease_token bigint,
               lease_expires_at timestamptz, attempt integer, workflow text,
               workflow_version text, scope text, idem_key text, correlation_id text,
               fingerprint text, context jsonb, from_step text, steps text[],
               rerun_uncertain boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    c       dedup.commands;
    r       dedup.runs;
    v_skip  bigint[] := '{}';
    v_names text[];
BEGIN
    IF p_lease IS NULL OR p_lease <= interval '0' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'take_command: p_lease must be positive';
    END IF;
    LOOP
        SELECT * INTO c FROM dedup.commands x
         WHERE x.status = 'pending' AND x.id <> ALL (v_skip)
           AND (p_workflows IS NULL
                OR EXISTS (SELECT 1 FROM dedup.runs y
                            WHERE y.id = x.run_id AND y.workflow = ANY (p_workflows)))
         ORDER BY x.id
         LIMIT 1
         FOR UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
            RETURN;
        END IF;
        -- never wait for a run while holding a command (no lock-order deadlock with claim)
        SELECT * INTO r FROM dedup.runs y WHERE y.id = c.run_id FOR NO KEY UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
            v_skip := v_skip || c.id;
            CONTINUE;
        END IF;
        IF r.status NOT IN ('failed', 'manual_review') THEN
            UPDATE dedup.commands x
               SET status = 'cancelled', finished_at = now(), result_status = r.status,
                   note = 'run is ' || r.status || ', not failed/manual_review'
             WHERE x.run_id = c.run_id AND x.id = c.id;
            CONTINUE;
        END IF;

        UPDATE dedup.runs y
           SET status = 'processing', attempt = y.attempt + 1, lease_token = y.lease_token + 1,
               lease_owner = p_worker, lease_expires_at = now() + p_lease, heartbeat_at = now(),
               updated_at = now(), finished_at = NULL, expires_at = NULL
         WHERE y.id = c.run_id
        RETURNING * INTO r;
        UPDATE dedup.commands x
           SET status = 'taken', taken_by = p_worker, taken_at = now(), taken_token = r.lease_token
         WHERE x.run_id = c.run_id AND x.id = c.id;
        PERFORM dedup._event(r.id, 'claimed', p_worker, r.attempt, NULL,
            jsonb_build_object('via', 'command', 'lease_token', r.lease_token, 'command_id', c.id));
        -- The steps still to settle are read now, not when the command was queued: an
        -- operator may have settled a step (op_resolve_step) while the command waited.
        SELECT COALESCE(array_agg(s.name ORDER BY s.ordinal), '{}') INTO v_names
          FROM dedup.steps s
         WHERE s.run_id = r.id AND s.status NOT IN ('done', 'skipped');
        PERFORM dedup._event(r.id, 'continuation_taken', p_worker, r.attempt, v_names[1],
            jsonb_build_object('command_id', c.id, 'queued_from_step', c.from_step));

        RETURN QUERY SELECT c.id, r.id, r.lease_token, r.lease_expires_at, r.attempt,
                            r.workflow, r.workflow_version, r.scope::text, r.idem_key::text,
                            r.correlation_id::text, r.fingerprint, r.context, v_names[1],
                            v_names, c.rerun_uncertain;
        RETURN;
    END LOOP;
END
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
