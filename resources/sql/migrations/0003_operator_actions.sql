-- 0003_operator_actions.sql: the operator side of the protocol (SPEC 4) and the audit log.
--
-- Every op_* function takes (p_run_id, p_expected_token, p_reason, p_action_key, ...),
-- returns one dedup.op_result row and writes exactly one audit row in the same transaction
-- (none for a replay):
--   outcome 'applied'  : the action was applied;
--   outcome 'changed'  : the run is no longer in the state the operator saw (token differs,
--                        status does not allow the action, lease not expired any more,
--                        continuation already queued, run purged): nothing was changed;
--                        the audit row records the refused attempt;
--   outcome 'replayed' : p_action_key was used before: nothing was done now; the row
--                        repeats the first call's answer (original_outcome says what it was).
-- 'changed' is a result, not an error, so a bulk batch is never aborted by one row.
-- Caller bugs raise: DD004 (empty reason / key, bad resolution), DD005 (action key reused
-- for another action or run), DD007 (unknown step).

-- ---------------------------------------------------------------------------------------
-- Audit log: hash chain, append-only enforcement, verification.
-- ---------------------------------------------------------------------------------------

-- Canonical text of an audit row (everything but prev_hash and hash). jsonb text output is
-- deterministic (sorted keys, normalised numbers); at is rendered in UTC so the session
-- TimeZone does not matter.
CREATE FUNCTION dedup.audit_canonical(a dedup.audit_log)
RETURNS text
LANGUAGE sql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    SELECT jsonb_build_object(
        'id',               a.id,
        'at',               to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'db_role',          a.db_role,
        'os_user',          a.os_user,
        'client_host',      a.client_host,
        'client_addr',      a.client_addr::text,
        'application_name', a.application_name,
        'action',           a.action,
        'run_id',           a.run_id,
        'action_key',       a.action_key::text,
        'reason',           a.reason,
        'expected_token',   a.expected_token,
        'params',           a.params,
        'outcome',          a.outcome,
        'detail',           a.detail,
        'before',           a.before,
        'after',            a.after)::text
$$;

-- hash = hex(sha256(prev_hash || '|' || canonical))
CREATE FUNCTION dedup.audit_hash(a dedup.audit_log)
RETURNS text
LANGUAGE sql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    SELECT encode(sha256(convert_to(a.prev_hash || '|' || dedup.audit_canonical(a), 'UTF8')), 'hex')
$$;

-- BEFORE INSERT: serialise on the chain head's row lock, then set id (so chain order = id
-- order), at, who, prev_hash and hash, whatever the INSERT supplied.
CREATE FUNCTION dedup._audit_chain()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    h dedup.audit_head;
BEGIN
    SELECT * INTO h FROM dedup.audit_head WHERE singleton FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD008', MESSAGE = 'dedup.audit_head is missing';
    END IF;
    NEW.id               := nextval('dedup.audit_log_id_seq');
    NEW.at               := clock_timestamp();
    NEW.db_role          := session_user;
    NEW.os_user          := NULLIF(current_setting('dedup.os_user', true), '');
    NEW.client_host      := NULLIF(current_setting('dedup.client_host', true), '');
    NEW.client_addr      := inet_client_addr();
    NEW.application_name := NULLIF(current_setting('application_name', true), '');
    NEW.prev_hash        := h.last_hash;
    NEW.hash             := dedup.audit_hash(NEW);
    UPDATE dedup.audit_head
       SET last_id = NEW.id, last_hash = NEW.hash, updated_at = NEW.at
     WHERE singleton;
    RETURN NEW;
END
$$;
CREATE TRIGGER audit_log_chain
    BEFORE INSERT ON dedup.audit_log
    FOR EACH ROW EXECUTE FUNCTION dedup._audit_chain();

-- Nobody (the owner included) updates, deletes or truncates audit rows. Only a superuser
-- disabling these triggers can, and verify_audit() then reports the broken link.
CREATE FUNCTION dedup._audit_append_only()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'DD008',
        MESSAGE = format('dedup.audit_log is append-only (%s refused)', TG_OP);
END
$$;
CREATE TRIGGER audit_log_append_only
    BEFORE UPDATE OR DELETE ON dedup.audit_log
    FOR EACH ROW EXECUTE FUNCTION dedup._audit_append_only();
CREATE TRIGGER audit_log_no_truncate
    BEFORE TRUNCATE ON dedup.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION dedup._audit_append_only();

-- First broken link, or no row. problem: 'prev_hash' (a row was removed, inserted or
-- reordered before this one: expected = previous row's hash), 'hash' (this row's content
-- changed: expected = recomputed hash), 'tail' (rows removed from the end: id/expected =
-- the chain head, actual = hash of the last row present).
CREATE FUNCTION dedup.verify_audit()
RETURNS TABLE (id bigint, problem text, expected text, actual text)
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    h      dedup.audit_head;
    a      record;
    v_prev text := repeat('0', 64);
    v_last bigint := 0;
BEGIN
    -- read the head first: rows appended after this read have larger ids and are ignored
    SELECT * INTO h FROM dedup.audit_head WHERE singleton;
    FOR a IN
        SELECT l.id, l.prev_hash, l.hash, dedup.audit_hash(l) AS calc
          FROM dedup.audit_log l
         WHERE l.id <= COALESCE(h.last_id, 0)
         ORDER BY l.id
    LOOP
        IF a.prev_hash IS DISTINCT FROM v_prev THEN
            RETURN QUERY SELECT a.id, 'prev_hash'::text, v_prev, a.prev_hash;
            RETURN;
        END IF;
        IF a.hash IS DISTINCT FROM a.calc THEN
            RETURN QUERY SELECT a.id, 'hash'::text, a.calc, a.hash;
            RETURN;
        END IF;
        v_prev := a.hash;
        v_last := a.id;
    END LOOP;
    IF h.last_hash IS DISTINCT FROM v_prev OR h.last_id IS DISTINCT FROM v_last THEN
        RETURN QUERY SELECT h.last_id, 'tail'::text, h.last_hash, v_prev;
    END IF;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Operator action plumbing.
-- ---------------------------------------------------------------------------------------
CREATE TYPE dedup.op_result AS (
    outcome          text,     -- applied | changed | replayed
    run_id           bigint,
    status_before    text,
    status_after     text,
    lease_token      bigint,   -- token after the action (for 'changed': the current one)
    audit_id         bigint,
    detail           text,
    original_outcome text      -- for 'replayed': the first call's outcome; else NULL
);

-- Run state recorded in audit before/after. Deliberately without scope, idem_key, result
-- and context: the audit outlives purged runs and keys may be derived from personal data.
CREATE FUNCTION dedup._run_state(p_run_id bigint)
RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
        'status',           r.status,
        'lease_token',      r.lease_token,
        'lease_owner',      r.lease_owner,
        'lease_expires_at', r.lease_expires_at,
        'heartbeat_at',     r.heartbeat_at,
        'attempt',          r.attempt,
        'max_attempts',     r.max_attempts,
        'workflow',         r.workflow,
        'updated_at',       r.updated_at,
        'finished_at',      r.finished_at,
        'last_error',       r.last_error,
        'review_reason',    r.review_reason,
        'review_assignee',  r.review_assignee,
        'review_note',      r.review_note,
        'steps',           (SELECT jsonb_agg(jsonb_build_object('name', s.name, 'status', s.status)
                                             ORDER BY s.ordinal)
                              FROM dedup.steps s WHERE s.run_id = r.id),
        'pending_command', (SELECT c.id FROM dedup.commands c
                             WHERE c.run_id = r.id AND c.status = 'pending'))
      FROM dedup.runs r
     WHERE r.id = p_run_id
$$;

-- Validate the common arguments, serialise calls with the same action key, and return the
-- replay row if the key was used already (no row otherwise).
CREATE FUNCTION dedup._op_replay(p_fn text, p_run_id bigint, p_expected_token bigint,
                                 p_reason text, p_action_key text)
RETURNS SETOF dedup.op_result
LANGUAGE plpgsql
AS $$
DECLARE
    a dedup.audit_log;
BEGIN
    IF p_run_id IS NULL OR p_expected_token IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: p_run_id and p_expected_token are required', p_fn);
    END IF;
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('%s: a reason is required', p_fn);
    END IF;
    IF p_action_key IS NULL OR p_action_key ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('%s: p_action_key is required', p_fn);
    END IF;
    -- two consoles / a double click with the same key: the second waits, then replays
    PERFORM pg_advisory_xact_lock(1145307137, hashtext(p_action_key));
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF a.action <> p_fn OR a.run_id IS DISTINCT FROM p_run_id THEN
        RAISE EXCEPTION USING ERRCODE = 'DD005',
            MESSAGE = format('%s: action key %s was already used by %s on run %s',
                             p_fn, p_action_key, a.action, a.run_id);
    END IF;
    RETURN NEXT ROW('replayed', a.run_id, a.before->>'status',
                    COALESCE(a.after, a.before)->>'status',
                    (COALESCE(a.after, a.before)->>'lease_token')::bigint,
                    a.id, a.detail, a.outcome)::dedup.op_result;
END
$$;

-- Why the run is not in an actionable state (NULL when it is).
CREATE FUNCTION dedup._op_refusal(r dedup.runs, p_expected_token bigint, p_allowed text[],
                                  p_fn text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
    IF r.id IS NULL THEN
        RETURN 'run not found (purged?)';
    END IF;
    IF r.lease_token <> p_expected_token THEN
        RETURN format('lease token is %s, not the expected %s: the run changed since it was read',
                      r.lease_token, p_expected_token);
    END IF;
    IF NOT (r.status = ANY (p_allowed)) THEN
        RETURN format('run is %s; %s applies to %s', r.status, p_fn, array_to_string(p_allowed, '/'));
    END IF;
    RETURN NULL;
END
$$;

-- Write the audit row; return the op_result.
CREATE FUNCTION dedup._op_record(p_fn text, p_run_id bigint, p_expected_token bigint,
                                 p_reason text, p_action_key text, p_params jsonb,
                                 p_outcome text, p_detail text, p_before jsonb, p_after jsonb)
RETURNS dedup.op_result
LANGUAGE plpgsql
AS $$
DECLARE
    v_id bigint;
BEGIN
    -- id, at, who, prev_hash and hash are filled in by the audit_log_chain trigger
    INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                 expected_token, params, outcome, detail, before, after,
                                 prev_hash, hash)
    VALUES (0, now(), session_user, p_fn, p_run_id, p_action_key, p_reason,
            p_expected_token, p_params, p_outcome, p_detail, p_before, p_after, '', '')
    RETURNING id INTO v_id;
    RETURN ROW(p_outcome, p_run_id, p_before->>'status',
               COALESCE(p_after, p_before)->>'status',
               (COALESCE(p_after, p_before)->>'lease_token')::bigint,
               v_id, p_detail, NULL)::dedup.op_result;
END
$$;

-- Queue a continuation command (the run must be locked by the caller).
CREATE FUNCTION dedup._queue_continuation(r dedup.runs, p_action_key text, p_reason text,
                                          p_rerun_uncertain boolean, OUT command_id bigint,
                                          OUT from_step text)
LANGUAGE plpgsql
AS $$
BEGIN
    SELECT s.name INTO from_step FROM dedup.steps s
     WHERE s.run_id = r.id AND s.status NOT IN ('done', 'skipped')
     ORDER BY s.ordinal LIMIT 1;
    INSERT INTO dedup.commands (run_id, action_key, kind, status, requested_by, reason,
                                from_step, rerun_uncertain)
    VALUES (r.id, p_action_key, 'continue', 'pending', session_user, p_reason, from_step,
            COALESCE(p_rerun_uncertain, false))
    RETURNING id INTO command_id;
    -- an active run does not expire (expires_at is set again when it finishes)
    UPDATE dedup.runs x SET expires_at = NULL, updated_at = now() WHERE x.id = r.id;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_clear_stale_lease: processing run whose lease expired -> token+1 (fences the old
-- owner), lease cleared, in_progress steps -> uncertain, run -> failed (retryable, class
-- 'lease_expired') so a redelivery or a continuation resumes it; -> manual_review instead
-- when attempt >= max_attempts.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_clear_stale_lease(p_run_id bigint, p_expected_token bigint,
                                           p_reason text, p_action_key text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
    v_names  text[];
    v_status text;
    v_msg    text;
BEGIN
    SELECT * INTO res FROM dedup._op_replay('op_clear_stale_lease', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{processing}', 'op_clear_stale_lease');
    IF v_why IS NULL AND r.lease_expires_at > now() THEN
        v_why := format('the lease is live (expires at %s): the worker is heartbeating', r.lease_expires_at);
    END IF;
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_clear_stale_lease', p_run_id, p_expected_token, p_reason,
                                p_action_key, NULL, 'changed', v_why, v_before, NULL);
    END IF;

    v_msg := format('lease %s of %s expired at %s; cleared by %s', r.lease_token,
                    COALESCE(r.lease_owner, '(unnamed worker)'), r.lease_expires_at, session_user);
    v_names := dedup._mark_uncertain(r.id, session_user, r.attempt, v_msg);
    IF r.attempt >= r.max_attempts THEN
        v_status := 'manual_review';
        UPDATE dedup.runs x
           SET status = 'manual_review', lease_token = x.lease_token + 1, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = NULL, expires_at = NULL,
               review_reason = format('max_attempts reached (%s of %s); %s', r.attempt,
                                      r.max_attempts, v_msg),
               review_at = now(), review_assignee = NULL, review_note = NULL
         WHERE x.id = r.id;
    ELSE
        v_status := 'failed';
        UPDATE dedup.runs x
           SET status = 'failed', lease_token = x.lease_token + 1, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = now(),
               expires_at = now() + dedup._retention(x.workflow),
               last_error = jsonb_build_object('class', 'lease_expired', 'message', v_msg,
                                               'retryable', true, 'attempt', r.attempt, 'at', now())
         WHERE x.id = r.id;
    END IF;
    PERFORM dedup._close_commands(r.id, v_status, false, NULL);

    res := dedup._op_record('op_clear_stale_lease', p_run_id, p_expected_token, p_reason,
                            p_action_key, NULL, 'applied',
                            format('lease cleared; run is %s; uncertain steps: %s', v_status,
                                   COALESCE(NULLIF(array_to_string(v_names, ', '), ''), 'none')),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'lease_cleared', session_user, r.attempt, NULL,
        jsonb_build_object('audit_id', res.audit_id, 'reason', p_reason,
                           'lease_owner', r.lease_owner, 'lease_token', r.lease_token,
                           'new_lease_token', r.lease_token + 1, 'status', v_status,
                           'uncertain_steps', to_jsonb(v_names)));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- continuation_preview: what a continuation would do, step by step.
--   will = 'skip'      done / skipped
--          'run'       pending / failed, or uncertain with a downstream_key (the provider
--                      deduplicates), or uncertain when p_rerun_uncertain (operator's call)
--          'uncertain' uncertain (or in_progress) without a downstream_key: begin_step will
--                      route the run back to manual_review
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.continuation_preview(p_run_id bigint, p_rerun_uncertain boolean DEFAULT false)
RETURNS TABLE (name text, ordinal integer, status text, will text, downstream_key text,
               side_effect_ref text, attempts integer, error jsonb)
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
BEGIN
    IF NOT EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = p_run_id) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD003',
            MESSAGE = format('continuation_preview: run %s not found', p_run_id);
    END IF;
    RETURN QUERY
    SELECT s.name, s.ordinal, s.status,
           CASE
               WHEN s.status IN ('done', 'skipped') THEN 'skip'
               WHEN s.status IN ('pending', 'failed') THEN 'run'
               WHEN s.downstream_key IS NOT NULL THEN 'run'
               WHEN COALESCE(p_rerun_uncertain, false) THEN 'run'
               ELSE 'uncertain'
           END,
           s.downstream_key, s.side_effect_ref, s.attempts, s.error
      FROM dedup.steps s
     WHERE s.run_id = p_run_id
     ORDER BY s.ordinal;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_request_continuation: failed | manual_review run -> one pending 'continue' command
-- from the first step not done/skipped (run status unchanged until a worker takes it).
-- p_rerun_uncertain: the operator vouches that uncertain steps without a downstream_key did
-- not happen, so they are re-executed instead of routing the run back to review.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_request_continuation(p_run_id bigint, p_expected_token bigint,
                                              p_reason text, p_action_key text,
                                              p_rerun_uncertain boolean DEFAULT false)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
    v_cmd    bigint;
    v_from   text;
    v_params jsonb := jsonb_build_object('rerun_uncertain', COALESCE(p_rerun_uncertain, false));
BEGIN
    SELECT * INTO res FROM dedup._op_replay('op_request_continuation', p_run_id,
                                            p_expected_token, p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{failed,manual_review}',
                               'op_request_continuation');
    IF v_why IS NULL THEN
        SELECT c.id INTO v_cmd FROM dedup.commands c WHERE c.run_id = r.id AND c.status = 'pending';
        IF FOUND THEN
            v_why := format('a continuation is already queued (command %s)', v_cmd);
        END IF;
    END IF;
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_request_continuation', p_run_id, p_expected_token, p_reason,
                                p_action_key, v_params, 'changed', v_why, v_before, NULL);
    END IF;

    SELECT q.command_id, q.from_step INTO v_cmd, v_from
      FROM dedup._queue_continuation(r, p_action_key, p_reason, p_rerun_uncertain) q;
    res := dedup._op_record('op_request_continuation', p_run_id, p_expected_token, p_reason,
                            p_action_key, v_params || jsonb_build_object('command_id', v_cmd),
                            'applied',
                            format('command %s queued from step %s', v_cmd,
                                   COALESCE(v_from, '(none: all steps done)')),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'continuation_requested', session_user, r.attempt, v_from,
        jsonb_build_object('audit_id', res.audit_id, 'command_id', v_cmd, 'reason', p_reason,
                           'rerun_uncertain', COALESCE(p_rerun_uncertain, false)));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_route_to_review: processing | failed -> manual_review. A processing run loses its
-- lease (token+1: the worker is fenced) and its in_progress steps become uncertain.
-- Pending commands are cancelled.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_route_to_review(p_run_id bigint, p_expected_token bigint,
                                         p_reason text, p_action_key text,
                                         p_assignee text DEFAULT NULL)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
    v_names  text[] := '{}';
    v_bump   integer := 0;
BEGIN
    SELECT * INTO res FROM dedup._op_replay('op_route_to_review', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{processing,failed}', 'op_route_to_review');
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_route_to_review', p_run_id, p_expected_token, p_reason,
                                p_action_key, jsonb_build_object('assignee', p_assignee),
                                'changed', v_why, v_before, NULL);
    END IF;

    IF r.status = 'processing' THEN
        v_bump := 1;
        v_names := dedup._mark_uncertain(r.id, session_user, r.attempt,
            format('run routed to review by %s while the step was in progress', session_user));
    END IF;
    UPDATE dedup.runs x
       SET status = 'manual_review', lease_token = x.lease_token + v_bump, lease_owner = NULL,
           lease_expires_at = NULL, updated_at = now(), finished_at = NULL, expires_at = NULL,
           review_reason = p_reason, review_assignee = NULLIF(p_assignee, ''), review_note = NULL,
           review_at = now()
     WHERE x.id = r.id;
    PERFORM dedup._close_commands(r.id, 'manual_review', true, 'run routed to review');

    res := dedup._op_record('op_route_to_review', p_run_id, p_expected_token, p_reason,
                            p_action_key, jsonb_build_object('assignee', p_assignee), 'applied',
                            format('routed to review from %s', r.status),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'routed_to_review', session_user, r.attempt, NULL,
        jsonb_build_object('audit_id', res.audit_id, 'reason', p_reason, 'by', 'operator',
                           'assignee', p_assignee, 'uncertain_steps', to_jsonb(v_names)));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_resolve_review: manual_review -> succeeded (p_result, or the stored result, becomes
-- the replayed result) | cancelled | continue (queues a continuation like
-- op_request_continuation; the run stays manual_review until a worker takes it).
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_resolve_review(p_run_id bigint, p_expected_token bigint,
                                        p_reason text, p_action_key text,
                                        p_resolution text,
                                        p_result jsonb DEFAULT NULL,
                                        p_rerun_uncertain boolean DEFAULT false)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
    v_cmd    bigint;
    v_from   text;
    v_params jsonb;
BEGIN
    IF p_resolution IS NULL OR p_resolution NOT IN ('succeeded', 'cancelled', 'continue') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_resolve_review: p_resolution must be succeeded, cancelled or continue';
    END IF;
    v_params := jsonb_build_object('resolution', p_resolution, 'result', p_result,
                                   'rerun_uncertain', COALESCE(p_rerun_uncertain, false));
    SELECT * INTO res FROM dedup._op_replay('op_resolve_review', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{manual_review}', 'op_resolve_review');
    IF v_why IS NULL AND p_resolution = 'continue' THEN
        SELECT c.id INTO v_cmd FROM dedup.commands c WHERE c.run_id = r.id AND c.status = 'pending';
        IF FOUND THEN
            v_why := format('a continuation is already queued (command %s)', v_cmd);
        END IF;
    END IF;
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_resolve_review', p_run_id, p_expected_token, p_reason,
                                p_action_key, v_params, 'changed', v_why, v_before, NULL);
    END IF;

    IF p_resolution = 'continue' THEN
        SELECT q.command_id, q.from_step INTO v_cmd, v_from
          FROM dedup._queue_continuation(r, p_action_key, p_reason, p_rerun_uncertain) q;
        v_params := v_params || jsonb_build_object('command_id', v_cmd);
    ELSE
        -- The token moves on, so the worker that lost this run to review is fenced even
        -- from its "repeat" check in succeed() (same status, same token).
        UPDATE dedup.runs x
           SET status = p_resolution, lease_token = x.lease_token + 1,
               result = CASE WHEN p_resolution = 'succeeded' THEN COALESCE(p_result, x.result)
                             ELSE x.result END,
               updated_at = now(), finished_at = now(),
               expires_at = now() + dedup._retention(x.workflow)
         WHERE x.id = r.id;
        PERFORM dedup._close_commands(r.id, p_resolution, true, 'review resolved: ' || p_resolution);
    END IF;

    res := dedup._op_record('op_resolve_review', p_run_id, p_expected_token, p_reason,
                            p_action_key, v_params, 'applied',
                            CASE WHEN p_resolution = 'continue'
                                 THEN format('resolved: continue; command %s queued from step %s',
                                             v_cmd, COALESCE(v_from, '(none: all steps done)'))
                                 ELSE 'resolved: ' || p_resolution END,
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'resolved', session_user, r.attempt, v_from,
        jsonb_build_object('audit_id', res.audit_id, 'resolution', p_resolution,
                           'reason', p_reason, 'command_id', v_cmd));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_cancel: processing | failed | manual_review -> cancelled (terminal). A processing run
-- loses its lease (token+1) and its in_progress steps become uncertain.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_cancel(p_run_id bigint, p_expected_token bigint, p_reason text,
                                p_action_key text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
    v_names  text[] := '{}';
    v_bump   integer := 0;
BEGIN
    SELECT * INTO res FROM dedup._op_replay('op_cancel', p_run_id, p_expected_token, p_reason,
                                            p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{processing,failed,manual_review}', 'op_cancel');
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_cancel', p_run_id, p_expected_token, p_reason, p_action_key,
                                NULL, 'changed', v_why, v_before, NULL);
    END IF;

    IF r.status = 'processing' THEN
        v_bump := 1;
        v_names := dedup._mark_uncertain(r.id, session_user, r.attempt,
            format('run cancelled by %s while the step was in progress', session_user));
    END IF;
    UPDATE dedup.runs x
       SET status = 'cancelled', lease_token = x.lease_token + v_bump, lease_owner = NULL,
           lease_expires_at = NULL, updated_at = now(), finished_at = now(),
           expires_at = now() + dedup._retention(x.workflow)
     WHERE x.id = r.id;
    PERFORM dedup._close_commands(r.id, 'cancelled', true, 'run cancelled');

    res := dedup._op_record('op_cancel', p_run_id, p_expected_token, p_reason, p_action_key,
                            NULL, 'applied', format('cancelled from %s', r.status),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'cancelled', session_user, r.attempt, NULL,
        jsonb_build_object('audit_id', res.audit_id, 'reason', p_reason,
                           'uncertain_steps', to_jsonb(v_names)));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Review queue bookkeeping: assignee (NULL unassigns) and note (replaces the note; the
-- audit and the events keep the history). manual_review runs only.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_assign_review(p_run_id bigint, p_expected_token bigint, p_reason text,
                                       p_action_key text, p_assignee text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
BEGIN
    SELECT * INTO res FROM dedup._op_replay('op_assign_review', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{manual_review}', 'op_assign_review');
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_assign_review', p_run_id, p_expected_token, p_reason,
                                p_action_key, jsonb_build_object('assignee', p_assignee),
                                'changed', v_why, v_before, NULL);
    END IF;
    UPDATE dedup.runs x SET review_assignee = NULLIF(p_assignee, ''), updated_at = now()
     WHERE x.id = r.id;
    res := dedup._op_record('op_assign_review', p_run_id, p_expected_token, p_reason,
                            p_action_key, jsonb_build_object('assignee', p_assignee), 'applied',
                            COALESCE('assigned to ' || NULLIF(p_assignee, ''), 'unassigned'),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'review_assigned', session_user, r.attempt, NULL,
        jsonb_build_object('audit_id', res.audit_id, 'assignee', NULLIF(p_assignee, ''),
                           'previous', r.review_assignee));
    RETURN res;
END
$$;

CREATE FUNCTION dedup.op_review_note(p_run_id bigint, p_expected_token bigint, p_reason text,
                                     p_action_key text, p_note text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    v_before jsonb;
    v_why    text;
BEGIN
    IF p_note IS NULL OR p_note ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_review_note: p_note is required';
    END IF;
    SELECT * INTO res FROM dedup._op_replay('op_review_note', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{manual_review}', 'op_review_note');
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_review_note', p_run_id, p_expected_token, p_reason,
                                p_action_key, jsonb_build_object('note', p_note),
                                'changed', v_why, v_before, NULL);
    END IF;
    UPDATE dedup.runs x SET review_note = p_note, updated_at = now() WHERE x.id = r.id;
    res := dedup._op_record('op_review_note', p_run_id, p_expected_token, p_reason,
                            p_action_key, jsonb_build_object('note', p_note), 'applied',
                            'note saved', v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'review_noted', session_user, r.attempt, NULL,
        jsonb_build_object('audit_id', res.audit_id, 'note', p_note));
    RETURN res;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_resolve_step: the operator settles one step of a failed | manual_review run:
--   'done'    uncertain -> done (it happened; p_side_effect_ref = the provider's id)
--   'skipped' pending | failed | uncertain -> skipped (it must not run)
-- A step in another status answers 'changed'.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_resolve_step(p_run_id bigint, p_expected_token bigint, p_reason text,
                                      p_action_key text, p_step text, p_resolution text,
                                      p_side_effect_ref text DEFAULT NULL)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    res      dedup.op_result;
    r        dedup.runs;
    s        dedup.steps;
    v_before jsonb;
    v_why    text;
    v_params jsonb;
BEGIN
    IF p_resolution IS NULL OR p_resolution NOT IN ('done', 'skipped') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_resolve_step: p_resolution must be done or skipped';
    END IF;
    IF COALESCE(p_step, '') = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_resolve_step: p_step is required';
    END IF;
    v_params := jsonb_build_object('step', p_step, 'resolution', p_resolution,
                                   'side_effect_ref', p_side_effect_ref);
    SELECT * INTO res FROM dedup._op_replay('op_resolve_step', p_run_id, p_expected_token,
                                            p_reason, p_action_key);
    IF FOUND THEN
        RETURN res;
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id FOR NO KEY UPDATE;
    v_before := dedup._run_state(p_run_id);
    v_why := dedup._op_refusal(r, p_expected_token, '{failed,manual_review}', 'op_resolve_step');
    IF v_why IS NULL THEN
        SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
        IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'DD007',
                MESSAGE = format('op_resolve_step: run %s has no step "%s"', p_run_id, p_step);
        END IF;
        IF NOT ((p_resolution = 'done' AND s.status = 'uncertain')
                OR (p_resolution = 'skipped' AND s.status IN ('pending', 'failed', 'uncertain'))) THEN
            v_why := format('step "%s" is %s; cannot resolve it as %s', p_step, s.status, p_resolution);
        END IF;
    END IF;
    IF v_why IS NOT NULL THEN
        RETURN dedup._op_record('op_resolve_step', p_run_id, p_expected_token, p_reason,
                                p_action_key, v_params, 'changed', v_why, v_before, NULL);
    END IF;

    UPDATE dedup.steps x
       SET status = p_resolution,
           side_effect_ref = COALESCE(p_side_effect_ref, x.side_effect_ref),
           finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    UPDATE dedup.runs x SET updated_at = now() WHERE x.id = r.id;
    res := dedup._op_record('op_resolve_step', p_run_id, p_expected_token, p_reason,
                            p_action_key, v_params, 'applied',
                            format('step "%s": %s -> %s', p_step, s.status, p_resolution),
                            v_before, dedup._run_state(p_run_id));
    PERFORM dedup._event(r.id, 'step_resolved', session_user, r.attempt, p_step,
        jsonb_build_object('audit_id', res.audit_id, 'from', s.status, 'to', p_resolution,
                           'side_effect_ref', p_side_effect_ref, 'reason', p_reason));
    RETURN res;
END
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
