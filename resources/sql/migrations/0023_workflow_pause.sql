-- 0023: pausing a workflow (docs/PROTOCOL.md, "Pausing a workflow").
--
-- The circuit breaker for a provider outage: while a workflow (or the runs of one scope prefix
-- of it) is paused, `claim` answers `paused` instead of acquiring, `take_command` leaves its
-- continuations waiting, and with "stop before the next step" `begin_step` answers `paused`
-- and releases the run, which waits as a retryable failure that costs no attempt.
--
-- Cost on the write path: one probe of a table of a few rows per acquiring claim and per
-- begin_step that would start a step; nothing is written while nothing is paused.

CREATE TABLE dedup.workflow_pauses (
    workflow      text        NOT NULL,
    scope_prefix  text        NOT NULL DEFAULT '',   -- '' pauses every scope of the workflow
    stop_steps    boolean     NOT NULL DEFAULT false,
    retry_after   interval    NOT NULL DEFAULT interval '60 seconds',
    reason        text        NOT NULL,
    paused_by     text        NOT NULL,
    paused_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT workflow_pauses_pkey PRIMARY KEY (workflow, scope_prefix),
    CONSTRAINT workflow_pauses_retry_after_check
        CHECK (retry_after > interval '0' AND retry_after <= interval '1 day')
);
COMMENT ON TABLE dedup.workflow_pauses IS
    'Paused workflows (optionally one scope prefix of a workflow); written only by '
    'op_pause_workflow and op_resume_workflow.';

-- Readable by a reader whose grants cover the workflow and overlap the paused scopes: a pause
-- of every scope concerns a reader of one prefix, a pause of 'tenant-07' one of 'tenant-'.
ALTER TABLE dedup.workflow_pauses ENABLE ROW LEVEL SECURITY;
CREATE POLICY workflow_pauses_read ON dedup.workflow_pauses FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                WHERE (g.workflow IS NULL OR g.workflow = workflow_pauses.workflow)
                  AND (g.scope_prefix IS NULL
                       OR pg_catalog.starts_with(workflow_pauses.scope_prefix, g.scope_prefix)
                       OR pg_catalog.starts_with(g.scope_prefix, workflow_pauses.scope_prefix))));
GRANT SELECT ON dedup.workflow_pauses TO dedup_operator, dedup_viewer;

-- A pause row as the audit log records it (before / after).
CREATE FUNCTION dedup._pause_json(p dedup.workflow_pauses)
RETURNS jsonb
LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, pg_temp
RETURN CASE WHEN p.workflow IS NULL THEN NULL ELSE pg_catalog.jsonb_build_object(
    'workflow', p.workflow, 'scope_prefix', p.scope_prefix, 'stop_steps', p.stop_steps,
    'retry_after_seconds', pg_catalog.ceil(pg_catalog.date_part('epoch', p.retry_after))::integer,
    'reason', p.reason, 'paused_by', p.paused_by, 'paused_at', p.paused_at) END;

-- What `claim` returns in `result` with `paused`: the pause as the audit log records it, marked.
CREATE FUNCTION dedup._pause_hint(p dedup.workflow_pauses)
RETURNS jsonb
LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, dedup, pg_temp
RETURN '{"paused": true}'::jsonb || dedup._pause_json(p);

-- ---------------------------------------------------------------------------------------
-- claim: acquisitions (a new key, a retry, a takeover) answer `paused` while a pause covers
-- the workflow and scope; every other answer is unchanged. A run released by a pause
-- (last_error.paused) is acquired again without counting an attempt.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.claim(
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
               last_error jsonb, lease_secret uuid)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r          dedup.runs;
    p          dedup.workflow_pauses;
    v_paused   boolean;
    v_id       bigint;
    v_exp      timestamptz;
    v_secret   uuid;
    v_tries    integer := 0;
    v_takeover boolean;
    v_released boolean;
    v_names    text[];
    v_cmd      bigint;
    v_reason   text;
    v_steps    text[] := COALESCE(p_steps, '{}');
    v_step     text;
    v_max_lease      interval;
    v_max_context    integer;
    v_bad_steps      bigint := 0;
    v_distinct_steps bigint := 0;
BEGIN
    -- The argument checks (section 7a) as one expression on the way every valid call takes;
    -- a call that fails it goes through the checks one by one for the exact error. (One
    -- PL/pgSQL statement instead of about fifteen: the claim's own code is most of its cost.)
    SELECT st.max_lease, st.max_context_bytes INTO v_max_lease, v_max_context
      FROM dedup.store_settings st;
    IF cardinality(v_steps) > 0 THEN
        SELECT count(*) FILTER (WHERE u.n IS NULL OR u.n ~ '^[[:space:]]*$'
                                   OR pg_catalog.octet_length(u.n) > 100),
               count(DISTINCT u.n)
          INTO v_bad_steps, v_distinct_steps
          FROM unnest(v_steps) AS u(n);
    END IF;
    IF p_scope IS NULL OR p_key IS NULL OR p_workflow IS NULL OR p_fingerprint IS NULL
       OR p_lease IS NULL OR p_lease <= interval '0'
       OR p_lease > COALESCE(v_max_lease, interval '1 hour')
       OR NOT (pg_catalog.octet_length(p_scope) <= 200 AND pg_catalog.octet_length(p_key) <= 512
               AND pg_catalog.octet_length(p_workflow) <= 100
               AND pg_catalog.octet_length(p_fingerprint) <= 200
               AND COALESCE(pg_catalog.octet_length(p_correlation_id) <= 200, true)
               AND COALESCE(pg_catalog.octet_length(p_worker) <= 200, true)
               AND COALESCE(pg_catalog.octet_length(p_key_version) <= 100, true)
               AND COALESCE(pg_catalog.octet_length(p_workflow_version) <= 100, true))
       OR p_scope ~ '^[[:space:]]*$' OR p_key ~ '^[[:space:]]*$'
       OR p_workflow ~ '^[[:space:]]*$' OR p_fingerprint ~ '^[[:space:]]*$'
       OR COALESCE(p_correlation_id ~ '^[[:space:]]*$', false)
       OR COALESCE(p_worker ~ '^[[:space:]]*$', false)
       OR COALESCE(p_key_version ~ '^[[:space:]]*$', false)
       OR COALESCE(p_workflow_version ~ '^[[:space:]]*$', false)
       OR COALESCE(p_max_attempts NOT BETWEEN 1 AND 1000, false)
       OR COALESCE(array_ndims(v_steps) > 1, false) OR cardinality(v_steps) > 100
       OR v_bad_steps > 0 OR v_distinct_steps <> cardinality(v_steps)
       OR (p_context IS NOT NULL
           AND pg_catalog.octet_length(p_context::text) > v_max_context) THEN
        PERFORM dedup._check_text('claim', 'p_scope', p_scope, 200, true);
        PERFORM dedup._check_text('claim', 'p_key', p_key, 512, true);
        PERFORM dedup._check_text('claim', 'p_workflow', p_workflow, 100, true);
        PERFORM dedup._check_text('claim', 'p_fingerprint', p_fingerprint, 200, true);
        PERFORM dedup._check_text('claim', 'p_correlation_id', p_correlation_id, 200, false);
        PERFORM dedup._check_text('claim', 'p_worker', p_worker, 200, false);
        PERFORM dedup._check_text('claim', 'p_key_version', p_key_version, 100, false);
        PERFORM dedup._check_text('claim', 'p_workflow_version', p_workflow_version, 100, false);
        PERFORM dedup._check_lease('claim', p_lease);
        IF p_max_attempts IS NOT NULL AND (p_max_attempts < 1 OR p_max_attempts > 1000) THEN
            RAISE EXCEPTION USING ERRCODE = 'DD004',
                MESSAGE = 'claim: p_max_attempts must be between 1 and 1000';
        END IF;
        IF array_ndims(v_steps) > 1 THEN
            RAISE EXCEPTION USING ERRCODE = 'DD004',
                MESSAGE = 'claim: p_steps must be a one-dimensional array of step names';
        END IF;
        IF cardinality(v_steps) > 100 THEN
            RAISE EXCEPTION USING ERRCODE = 'DD009',
                MESSAGE = format('claim: p_steps has %s steps; the limit is 100', cardinality(v_steps));
        END IF;
        FOREACH v_step IN ARRAY v_steps LOOP
            PERFORM dedup._check_text('claim', 'a step name', v_step, 100, true);
        END LOOP;
        IF cardinality(v_steps) > 1
           AND (SELECT count(DISTINCT u.n) FROM unnest(v_steps) AS u(n)) <> cardinality(v_steps) THEN
            RAISE EXCEPTION USING ERRCODE = 'DD004',
                MESSAGE = 'claim: p_steps must hold distinct, non-empty step names';
        END IF;
        PERFORM dedup._check_json('claim', 'p_context', p_context,
                                  (SELECT s.max_context_bytes FROM dedup.store_settings s));
    END IF;
    -- before the key is looked at: outside its grants a caller learns nothing about keys
    IF NOT dedup._may('{worker}', p_workflow, p_scope) THEN
        PERFORM dedup._deny('claim');
    END IF;

    -- One probe of a table that is empty unless an operator paused something.
    SELECT * INTO p FROM dedup.workflow_pauses w
     WHERE w.workflow = p_workflow AND pg_catalog.starts_with(p_scope, w.scope_prefix)
     LIMIT 1;
    v_paused := FOUND;

    LOOP
        v_tries := v_tries + 1;
        IF v_tries > 5 THEN   -- the row keeps vanishing (purge) or changing under us
            RAISE EXCEPTION USING ERRCODE = '40001',
                MESSAGE = 'claim: run changed concurrently too often, retry';
        END IF;

        -- 1. First delivery: insert the run already acquired (token 1, attempt 1). While
        --    paused nothing is inserted: an existing key still gets its usual answer below.
        v_id := NULL;
        IF NOT v_paused THEN
            v_secret := gen_random_uuid();
            INSERT INTO dedup.runs AS n
                   (scope, idem_key, key_version, workflow, workflow_version, correlation_id,
                    fingerprint, context, status, attempt, max_attempts, lease_owner, lease_token,
                    lease_expires_at, heartbeat_at, lease_login, lease_secret)
            VALUES (p_scope, p_key, p_key_version, p_workflow, p_workflow_version, p_correlation_id,
                    p_fingerprint, p_context, 'processing', 1,
                    COALESCE(p_max_attempts,
                             (SELECT ws.max_attempts FROM dedup.workflow_settings ws
                               WHERE ws.workflow = p_workflow), 5),
                    p_worker, 1, now() + p_lease, now(), session_user, v_secret)
            ON CONFLICT (scope, idem_key) DO NOTHING
            RETURNING n.id, n.lease_expires_at INTO v_id, v_exp;
        END IF;

        IF v_id IS NOT NULL THEN
            IF cardinality(v_steps) > 0 THEN
                INSERT INTO dedup.steps (run_id, ordinal, name)
                SELECT v_id, t.o, t.n FROM unnest(v_steps) WITH ORDINALITY AS t(n, o);
            END IF;
            PERFORM dedup._event(v_id, 'claimed', p_worker, 1, NULL,
                                 '{"via":"new","lease_token":1}'::jsonb);
            outcome := 'acquired'; run_id := v_id; lease_token := 1; status := 'processing';
            lease_owner := p_worker; lease_expires_at := v_exp; attempt := 1;
            lease_secret := v_secret;
            RETURN NEXT;
            RETURN;
        END IF;

        -- 2. The key exists. Answers that change nothing are decided without a row lock.
        SELECT * INTO r FROM dedup.runs x WHERE x.scope = p_scope AND x.idem_key = p_key;
        IF NOT FOUND THEN
            IF v_paused THEN   -- a new key while paused: nothing is created
                outcome := 'paused'; result := dedup._pause_hint(p);
                RETURN NEXT;
                RETURN;
            END IF;
            CONTINUE;   -- purged between our insert and this read
        END IF;

        IF r.workflow <> p_workflow THEN
            -- the key belongs to another workflow's run: nothing of it is returned
            PERFORM dedup._event(r.id, 'mismatch', p_worker, r.attempt, NULL,
                jsonb_build_object('workflow', p_workflow, 'fingerprint', p_fingerprint));
            outcome := 'mismatch';
            RETURN NEXT;
            RETURN;
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

        -- The run would be acquired (retry or takeover): not while paused. Nothing changes.
        IF v_paused THEN
            outcome := 'paused'; run_id := r.id; status := r.status; attempt := r.attempt;
            last_error := r.last_error; result := dedup._pause_hint(p);
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
        -- released by a pause before a step: the attempt was not used up
        v_released := r.status = 'failed' AND COALESCE((r.last_error->>'paused')::boolean, false);

        IF v_takeover THEN
            PERFORM dedup._event(r.id, 'lease_expired', p_worker, r.attempt, NULL,
                jsonb_build_object('lease_owner', r.lease_owner, 'lease_token', r.lease_token,
                                   'lease_login', r.lease_login,
                                   'lease_expires_at', r.lease_expires_at));
            v_names := dedup._mark_uncertain(r.id, p_worker, r.attempt,
                format('lease %s of %s expired while the step was in progress',
                       r.lease_token, COALESCE(r.lease_owner, '(unnamed worker)')));
        END IF;

        -- Poison pill guard: a run that keeps losing its worker stops at max_attempts.
        IF r.attempt >= r.max_attempts AND NOT v_released THEN
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

        v_secret := gen_random_uuid();
        UPDATE dedup.runs x
           SET status = 'processing',
               attempt = x.attempt + CASE WHEN v_released THEN 0 ELSE 1 END,
               lease_token = x.lease_token + 1,
               lease_owner = p_worker, lease_expires_at = now() + p_lease, heartbeat_at = now(),
               updated_at = now(), finished_at = NULL, expires_at = NULL,
               lease_login = session_user, lease_secret = v_secret
         WHERE x.id = r.id
        RETURNING * INTO r;

        IF cardinality(v_steps) > 0 THEN
            IF (SELECT count(*) FROM dedup.steps y WHERE y.run_id = r.id)
               + (SELECT count(*) FROM unnest(v_steps) AS u(n)
                   WHERE NOT EXISTS (SELECT 1 FROM dedup.steps y
                                      WHERE y.run_id = r.id AND y.name = u.n)) > 100 THEN
                RAISE EXCEPTION USING ERRCODE = 'DD009',
                    MESSAGE = 'claim: a run has at most 100 steps';
            END IF;
            PERFORM dedup._add_steps(r.id, v_steps);
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
                jsonb_build_object('via', 'retry', 'lease_token', r.lease_token, 'command_id', v_cmd)
                || CASE WHEN v_released THEN '{"after_pause":true}'::jsonb ELSE '{}'::jsonb END);
        END IF;

        outcome := 'acquired'; run_id := r.id; lease_token := r.lease_token;
        status := r.status; lease_owner := r.lease_owner;
        lease_expires_at := r.lease_expires_at; attempt := r.attempt;
        last_error := r.last_error; lease_secret := v_secret;
        RETURN NEXT;
        RETURN;
    END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------
-- begin_step: under a pause with stop_steps, a step that would start answers `paused`; the
-- run is released as a retryable failure (class 'paused', last_error.paused = true) and its
-- taken continuation goes back to pending.
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
BEGIN
    PERFORM dedup._check_text('begin_step', 'p_step', p_step, 100, true);
    PERFORM dedup._check_text('begin_step', 'p_downstream_key', p_downstream_key, 512, false);
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'begin_step');
    IF r.lease_expires_at <= now() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD006',
            MESSAGE = format('begin_step: the lease of run %s expired at %s', p_run_id, r.lease_expires_at),
            HINT = 'Call heartbeat first: if it succeeds the lease is still yours.';
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

-- ---------------------------------------------------------------------------------------
-- take_command: continuations of a paused workflow (and scope) wait.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.take_command(p_worker text,
                                              p_lease interval DEFAULT interval '30 seconds',
                                              p_workflows text[] DEFAULT NULL)
RETURNS TABLE (command_id bigint, run_id bigint, lease_token bigint,
               lease_expires_at timestamptz, attempt integer, workflow text,
               workflow_version text, scope text, idem_key text, correlation_id text,
               fingerprint text, context jsonb, from_step text, steps text[],
               rerun_uncertain boolean, lease_secret uuid)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    c        dedup.commands;
    r        dedup.runs;
    v_skip   bigint[] := '{}';
    v_names  text[];
    v_secret uuid;
BEGIN
    PERFORM dedup._check_text('take_command', 'p_worker', p_worker, 200, false);
    PERFORM dedup._check_lease('take_command', p_lease);
    IF array_ndims(p_workflows) > 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'take_command: p_workflows must be one-dimensional';
    END IF;
    LOOP
        SELECT * INTO c FROM dedup.commands x
         WHERE x.status = 'pending' AND x.id <> ALL (v_skip)
           AND EXISTS (SELECT 1 FROM dedup.runs y
                        WHERE y.id = x.run_id
                          AND (p_workflows IS NULL OR y.workflow = ANY (p_workflows))
                          AND dedup._may('{worker}', y.workflow, y.scope)
                          AND NOT EXISTS (SELECT 1 FROM dedup.workflow_pauses w
                                           WHERE w.workflow = y.workflow
                                             AND pg_catalog.starts_with(y.scope, w.scope_prefix)))
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

        v_secret := gen_random_uuid();
        UPDATE dedup.runs y
           SET status = 'processing', attempt = y.attempt + 1, lease_token = y.lease_token + 1,
               lease_owner = p_worker, lease_expires_at = now() + p_lease, heartbeat_at = now(),
               updated_at = now(), finished_at = NULL, expires_at = NULL,
               lease_login = session_user, lease_secret = v_secret
         WHERE y.id = c.run_id
        RETURNING * INTO r;
        UPDATE dedup.commands x
           SET status = 'taken', taken_by = p_worker, taken_at = now(), taken_token = r.lease_token
         WHERE x.run_id = c.run_id AND x.id = c.id;
        PERFORM dedup._event(r.id, 'claimed', p_worker, r.attempt, NULL,
            jsonb_build_object('via', 'command', 'lease_token', r.lease_token, 'command_id', c.id));
        SELECT COALESCE(array_agg(s.name ORDER BY s.ordinal), '{}') INTO v_names
          FROM dedup.steps s
         WHERE s.run_id = r.id AND s.status NOT IN ('done', 'skipped');
        PERFORM dedup._event(r.id, 'continuation_taken', p_worker, r.attempt, v_names[1],
            jsonb_build_object('command_id', c.id, 'queued_from_step', c.from_step));

        RETURN QUERY SELECT c.id, r.id, r.lease_token, r.lease_expires_at, r.attempt,
                            r.workflow, r.workflow_version, r.scope::text, r.idem_key::text,
                            r.correlation_id::text, r.fingerprint, r.context, v_names[1],
                            v_names, c.rerun_uncertain, v_secret;
        RETURN;
    END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------
-- The operator's two calls. Permitted to an operator whose grants cover the workflow and
-- every scope the pause covers (`_may` with the prefix as the scope). Audited with a reason;
-- an action key used again by the same action returns the recorded answer and writes nothing.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._pause_replay(p_fn text, p_action_key text, p_workflow text,
                                    p_scope_prefix text)
RETURNS TABLE (outcome text, workflow text, scope_prefix text, stop_steps boolean,
               retry_after interval, reason text, paused_by text, paused_at timestamptz,
               audit_id bigint)
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    a dedup.audit_log;
    v jsonb;
BEGIN
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF a.action <> p_fn OR a.params->>'workflow' IS DISTINCT FROM p_workflow
       OR a.params->>'scope_prefix' IS DISTINCT FROM p_scope_prefix THEN
        RAISE EXCEPTION USING ERRCODE = 'DD005',
            MESSAGE = format('%s: action key %s was already used by %s', p_fn, p_action_key,
                             a.action);
    END IF;
    v := COALESCE(a.after, a.before);
    RETURN QUERY SELECT a.detail, p_workflow, p_scope_prefix, (v->>'stop_steps')::boolean,
                        make_interval(secs => (v->>'retry_after_seconds')::integer),
                        v->>'reason', v->>'paused_by', (v->>'paused_at')::timestamptz, a.id;
END
$$;

-- The audit row of an applied pause or resume (run_id NULL; the chain trigger fills in who,
-- when and the hashes).
CREATE FUNCTION dedup._pause_audit(p_fn text, p_action_key text, p_reason text, p_params jsonb,
                                   p_detail text, p_before dedup.workflow_pauses,
                                   p_after dedup.workflow_pauses)
RETURNS bigint
LANGUAGE sql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                 expected_token, params, outcome, detail, before, after,
                                 prev_hash, hash)
    VALUES (0, now(), session_user, p_fn, NULL, p_action_key, p_reason, NULL, p_params,
            'applied', p_detail, dedup._pause_json(p_before), dedup._pause_json(p_after), '', '')
    RETURNING id
$$;

CREATE FUNCTION dedup.op_pause_workflow(p_workflow text, p_reason text, p_action_key text,
                                        p_scope_prefix text DEFAULT NULL,
                                        p_stop_steps boolean DEFAULT false,
                                        p_retry_after interval DEFAULT interval '60 seconds')
RETURNS TABLE (outcome text, workflow text, scope_prefix text, stop_steps boolean,
               retry_after interval, reason text, paused_by text, paused_at timestamptz,
               audit_id bigint)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_prefix text := COALESCE(p_scope_prefix, '');
    v_old    dedup.workflow_pauses;
    v_new    dedup.workflow_pauses;
    v_out    text;
    v_audit  bigint;
BEGIN
    PERFORM dedup._check_text('op_pause_workflow', 'p_workflow', p_workflow, 100, true);
    PERFORM dedup._check_text('op_pause_workflow', 'p_scope_prefix', p_scope_prefix, 200, false);
    PERFORM dedup._check_text('op_pause_workflow', 'a reason', p_reason, 2000, true);
    PERFORM dedup._check_text('op_pause_workflow', 'p_action_key', p_action_key, 200, true);
    IF p_stop_steps IS NULL OR p_retry_after IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_pause_workflow: p_stop_steps and p_retry_after are required';
    END IF;
    IF p_retry_after <= interval '0' OR p_retry_after > interval '1 day' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_pause_workflow: p_retry_after must be more than 0 and at most 1 day';
    END IF;
    IF NOT dedup._may('{operator}', p_workflow, v_prefix) THEN
        PERFORM dedup._deny('op_pause_workflow');
    END IF;
    PERFORM dedup._lock(1, p_action_key);
    RETURN QUERY SELECT * FROM dedup._pause_replay('op_pause_workflow', p_action_key,
                                                   p_workflow, v_prefix);
    IF FOUND THEN
        RETURN;
    END IF;

    SELECT * INTO v_old FROM dedup.workflow_pauses w
     WHERE w.workflow = p_workflow AND w.scope_prefix = v_prefix FOR UPDATE;
    v_out := CASE WHEN FOUND THEN 'updated' ELSE 'paused' END;
    INSERT INTO dedup.workflow_pauses AS w (workflow, scope_prefix, stop_steps, retry_after,
                                            reason, paused_by, paused_at)
    VALUES (p_workflow, v_prefix, p_stop_steps, p_retry_after, p_reason, session_user, now())
    ON CONFLICT (workflow, scope_prefix) DO UPDATE
       SET stop_steps = EXCLUDED.stop_steps, retry_after = EXCLUDED.retry_after,
           reason = EXCLUDED.reason, paused_by = EXCLUDED.paused_by,
           paused_at = w.paused_at   -- paused since the first pause
    RETURNING * INTO v_new;
    v_audit := dedup._pause_audit('op_pause_workflow', p_action_key, p_reason,
        jsonb_build_object('workflow', p_workflow, 'scope_prefix', v_prefix,
                           'stop_steps', p_stop_steps,
                           'retry_after_seconds', ceil(date_part('epoch', p_retry_after))::integer),
        v_out, v_old, v_new);
    RETURN QUERY SELECT v_out, v_new.workflow, v_new.scope_prefix, v_new.stop_steps,
                        v_new.retry_after, v_new.reason, v_new.paused_by, v_new.paused_at, v_audit;
END
$$;

CREATE FUNCTION dedup.op_resume_workflow(p_workflow text, p_reason text, p_action_key text,
                                         p_scope_prefix text DEFAULT NULL)
RETURNS TABLE (outcome text, workflow text, scope_prefix text, stop_steps boolean,
               retry_after interval, reason text, paused_by text, paused_at timestamptz,
               audit_id bigint)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_prefix text := COALESCE(p_scope_prefix, '');
    v_old    dedup.workflow_pauses;
    v_audit  bigint;
BEGIN
    PERFORM dedup._check_text('op_resume_workflow', 'p_workflow', p_workflow, 100, true);
    PERFORM dedup._check_text('op_resume_workflow', 'p_scope_prefix', p_scope_prefix, 200, false);
    PERFORM dedup._check_text('op_resume_workflow', 'a reason', p_reason, 2000, true);
    PERFORM dedup._check_text('op_resume_workflow', 'p_action_key', p_action_key, 200, true);
    IF NOT dedup._may('{operator}', p_workflow, v_prefix) THEN
        PERFORM dedup._deny('op_resume_workflow');
    END IF;
    PERFORM dedup._lock(1, p_action_key);
    RETURN QUERY SELECT * FROM dedup._pause_replay('op_resume_workflow', p_action_key,
                                                   p_workflow, v_prefix);
    IF FOUND THEN
        RETURN;
    END IF;

    DELETE FROM dedup.workflow_pauses w
     WHERE w.workflow = p_workflow AND w.scope_prefix = v_prefix
    RETURNING * INTO v_old;
    IF NOT FOUND THEN
        -- nothing to resume: nothing changes and nothing is audited
        RETURN QUERY SELECT 'not_paused'::text, p_workflow, v_prefix, NULL::boolean,
                            NULL::interval, NULL::text, NULL::text, NULL::timestamptz,
                            NULL::bigint;
        RETURN;
    END IF;
    v_audit := dedup._pause_audit('op_resume_workflow', p_action_key, p_reason,
        jsonb_build_object('workflow', p_workflow, 'scope_prefix', v_prefix),
        'resumed', v_old, NULL);
    RETURN QUERY SELECT 'resumed'::text, v_old.workflow, v_old.scope_prefix, v_old.stop_steps,
                        v_old.retry_after, v_old.reason, v_old.paused_by, v_old.paused_at,
                        v_audit;
END
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    dedup.claim(text, text, text, text, text, text, interval, text[], text, text, integer, jsonb),
    dedup.begin_step(bigint, bigint, uuid, text, text),
    dedup.take_command(text, interval, text[])
    TO dedup_worker;
GRANT EXECUTE ON FUNCTION
    dedup.op_pause_workflow(text, text, text, text, boolean, interval),
    dedup.op_resume_workflow(text, text, text, text)
    TO dedup_operator;
