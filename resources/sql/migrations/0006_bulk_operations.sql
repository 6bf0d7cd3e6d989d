-- 0007_bulk_operations.sql: one operator action over many runs (SPEC 7 "Actions").
--
-- What goes wrong in other consoles' "retry all" and how this contract prevents it:
--   * acting on rows the filter no longer matches: the target set is frozen when the
--     operator confirms, one item per run with the lease token and status they saw; an item
--     whose run has moved on is skipped as 'changed', never acted on;
--   * skipping half the rows while the set changes underneath: items are keyed by run id,
--     not by position in a list, and are taken in run-id order until none is pending;
--   * applying twice after a crash, a lost connection or from a second console: items are
--     applied by op_bulk_step in short batches, each in one transaction with the op_* calls
--     (batches of one operation take turns, so two consoles share the work), and
--     each item uses its own action key (bulk id ':' run id), which the op_* functions replay;
--   * nobody knowing who did what: every item writes its own audit row (the op_* function's),
--     and creating, starting, pausing, resuming and aborting the operation are audited too.
-- Batches hold their runs' row locks, and the audit head, only for the batch (default 50).

CREATE TABLE dedup.bulk_operations (
    id             uuid        NOT NULL PRIMARY KEY,
    action         text        NOT NULL,
    params         jsonb       NOT NULL DEFAULT '{}',
    reason         text        NOT NULL,
    -- how the set was chosen (the filter or "N selected runs"), for the audit and reports
    selection      jsonb       NOT NULL DEFAULT '{}',
    requested_by   text        NOT NULL,
    status         text        NOT NULL DEFAULT 'preparing',
    total          integer     NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    finished_at    timestamptz,
    -- the console applying it now and when it last applied a batch: a second console shows
    -- "running on <runner>" and can take over a stalled one by stepping it itself
    runner         text,
    runner_seen_at timestamptz,
    CONSTRAINT bulk_operations_action_check CHECK (action IN (
        'op_clear_stale_lease', 'op_request_continuation', 'op_route_to_review',
        'op_resolve_review', 'op_cancel')),
    CONSTRAINT bulk_operations_status_check CHECK (status IN (
        'preparing', 'running', 'paused', 'aborted', 'finished')),
    CONSTRAINT bulk_operations_reason_check CHECK (reason !~ '^[[:space:]]*$')
);
CREATE INDEX bulk_operations_active_idx ON dedup.bulk_operations (created_at)
    WHERE status IN ('preparing', 'running', 'paused');
CREATE INDEX bulk_operations_created_idx ON dedup.bulk_operations (created_at);

CREATE TABLE dedup.bulk_items (
    bulk_id         uuid        NOT NULL REFERENCES dedup.bulk_operations (id) ON DELETE CASCADE,
    -- no foreign key: a purged run keeps its item (and the item says what happened to it)
    run_id          bigint      NOT NULL,
    expected_token  bigint      NOT NULL,
    expected_status text        NOT NULL,
    state           text        NOT NULL DEFAULT 'pending',
    detail          text,
    audit_id        bigint,
    done_at         timestamptz,
    PRIMARY KEY (bulk_id, run_id),
    CONSTRAINT bulk_items_state_check CHECK (state IN ('pending', 'applied', 'changed', 'failed'))
);
CREATE INDEX bulk_items_pending_idx ON dedup.bulk_items (bulk_id, run_id) WHERE state = 'pending';

-- Audit row for the operation itself (run_id NULL). Its action key is derived from the bulk
-- id and the event, so a resent start / abort is written once.
CREATE FUNCTION dedup._bulk_audit(b dedup.bulk_operations, p_event text, p_reason text,
                                  p_action_key text, p_before text, p_after text)
RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
    v_id bigint;
BEGIN
    SELECT l.id INTO v_id FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF FOUND THEN
        RETURN v_id;
    END IF;
    INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                 expected_token, params, outcome, detail, before, after,
                                 prev_hash, hash)
    VALUES (0, now(), session_user, 'op_bulk_' || p_event, NULL, p_action_key, p_reason, NULL,
            jsonb_build_object('bulk_id', b.id, 'action', b.action, 'params', b.params,
                               'selection', b.selection, 'total', b.total),
            'applied', format('bulk %s %s: %s', b.action, p_event, b.id),
            jsonb_build_object('status', p_before), jsonb_build_object('status', p_after),
            '', '')
    RETURNING id INTO v_id;
    RETURN v_id;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_bulk_create: a new operation in 'preparing' (items are added next). Idempotent by id:
-- the same call again returns the existing operation; the id reused for something else is
-- DD005.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_bulk_create(p_bulk_id uuid, p_action text, p_params jsonb,
                                     p_reason text, p_selection jsonb)
RETURNS dedup.bulk_operations
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    b dedup.bulk_operations;
    v_params jsonb := COALESCE(p_params, '{}');
BEGIN
    IF p_bulk_id IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: p_bulk_id is required';
    END IF;
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: a reason is required';
    END IF;
    IF p_action IS NULL OR p_action NOT IN ('op_clear_stale_lease', 'op_request_continuation',
                                            'op_route_to_review', 'op_resolve_review', 'op_cancel') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_create: %s cannot be applied in bulk', COALESCE(p_action, 'NULL'));
    END IF;
    IF jsonb_typeof(v_params) <> 'object' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: p_params must be an object';
    END IF;
    IF p_action = 'op_resolve_review'
       AND COALESCE(v_params->>'resolution', '') NOT IN ('succeeded', 'cancelled', 'continue') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_create: op_resolve_review needs params.resolution succeeded, cancelled or continue';
    END IF;
    IF v_params ? 'rerun_uncertain' AND jsonb_typeof(v_params->'rerun_uncertain') <> 'boolean' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_create: params.rerun_uncertain must be a boolean';
    END IF;

    PERFORM pg_advisory_xact_lock(1145307138, hashtext(p_bulk_id::text));
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id;
    IF FOUND THEN
        IF b.action <> p_action OR b.params <> v_params OR b.reason <> p_reason
           OR b.requested_by <> session_user THEN
            RAISE EXCEPTION USING ERRCODE = 'DD005',
                MESSAGE = format('op_bulk_create: bulk id %s is already used by %s of %s',
                                 p_bulk_id, b.action, b.requested_by);
        END IF;
        RETURN b;
    END IF;
    INSERT INTO dedup.bulk_operations (id, action, params, reason, selection, requested_by)
    VALUES (p_bulk_id, p_action, v_params, p_reason, COALESCE(p_selection, '{}'), session_user)
    RETURNING * INTO b;
    RETURN b;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_bulk_add_items: adds up to 10,000 runs, each with the token and status the operator
-- saw, to a 'preparing' operation of the calling role. Runs already in it are ignored (a
-- resent batch adds nothing). Returns the operation's new total.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_bulk_add_items(p_bulk_id uuid, p_run_ids bigint[], p_tokens bigint[],
                                        p_statuses text[])
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    b dedup.bulk_operations;
    v_n integer := COALESCE(cardinality(p_run_ids), 0);
    v_added integer;
BEGIN
    IF v_n = 0 OR v_n > 10000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_add_items: between 1 and 10000 runs per call';
    END IF;
    IF COALESCE(cardinality(p_tokens), -1) <> v_n OR COALESCE(cardinality(p_statuses), -1) <> v_n THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_add_items: p_run_ids, p_tokens and p_statuses must have the same length';
    END IF;
    IF array_position(p_run_ids, NULL) IS NOT NULL OR array_position(p_tokens, NULL) IS NOT NULL
       OR array_position(p_statuses, NULL) IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_add_items: NULL element';
    END IF;
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_add_items: no bulk operation %s', p_bulk_id);
    END IF;
    IF b.requested_by <> session_user THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = format('op_bulk_add_items: bulk operation %s belongs to %s', p_bulk_id, b.requested_by);
    END IF;
    IF b.status <> 'preparing' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('op_bulk_add_items: bulk operation %s is %s; its set is frozen', p_bulk_id, b.status);
    END IF;
    INSERT INTO dedup.bulk_items (bulk_id, run_id, expected_token, expected_status)
    SELECT p_bulk_id, u.run_id, u.token, u.status
      FROM unnest(p_run_ids, p_tokens, p_statuses) AS u(run_id, token, status)
    ON CONFLICT (bulk_id, run_id) DO NOTHING;
    GET DIAGNOSTICS v_added = ROW_COUNT;
    UPDATE dedup.bulk_operations x SET total = x.total + v_added, updated_at = now()
     WHERE x.id = p_bulk_id
    RETURNING x.total INTO v_added;
    RETURN v_added;
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_bulk_control: start (preparing -> running; the set is frozen and the start audited),
-- pause (running -> paused), resume (paused -> running), abort (preparing / running /
-- paused -> aborted; pending items stay pending and are never applied). Any operator may
-- pause, resume or abort, so a second console can stop a runaway operation. Repeating a
-- command that is already in effect changes nothing.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_bulk_control(p_bulk_id uuid, p_command text, p_reason text,
                                      p_action_key text)
RETURNS dedup.bulk_operations
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    b dedup.bulk_operations;
    v_from text[];
    v_to text;
    v_before text;
BEGIN
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_control: a reason is required';
    END IF;
    IF p_action_key IS NULL OR p_action_key ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_control: p_action_key is required';
    END IF;
    CASE p_command
        WHEN 'start'  THEN v_from := '{preparing}';              v_to := 'running';
        WHEN 'pause'  THEN v_from := '{running}';                v_to := 'paused';
        WHEN 'resume' THEN v_from := '{paused}';                 v_to := 'running';
        WHEN 'abort'  THEN v_from := '{preparing,running,paused}'; v_to := 'aborted';
        ELSE RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_control: unknown command %s', COALESCE(p_command, 'NULL'));
    END CASE;
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_control: no bulk operation %s', p_bulk_id);
    END IF;
    IF b.status = v_to THEN
        RETURN b; -- already in effect (a resend, or another console did it)
    END IF;
    IF NOT (b.status = ANY (v_from)) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('op_bulk_control: cannot %s a bulk operation that is %s', p_command, b.status);
    END IF;
    IF p_command = 'start' AND b.total = 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_control: the operation has no runs';
    END IF;
    v_before := b.status;
    UPDATE dedup.bulk_operations x
       SET status = v_to, updated_at = now(),
           finished_at = CASE WHEN v_to = 'aborted' THEN now() ELSE x.finished_at END
     WHERE x.id = p_bulk_id
    RETURNING * INTO b;
    PERFORM dedup._bulk_audit(b, p_command, p_reason, p_action_key, v_before, v_to);
    RETURN b;
END
$$;

-- One item: the op_* call for it, with the item's own action key.
CREATE FUNCTION dedup._bulk_apply(b dedup.bulk_operations, i dedup.bulk_items)
RETURNS dedup.op_result
LANGUAGE plpgsql
AS $$
DECLARE
    v_key text := b.id::text || ':' || i.run_id;
    p jsonb := b.params;
    v_rerun boolean := COALESCE((p->>'rerun_uncertain')::boolean, false);
BEGIN
    CASE b.action
        WHEN 'op_clear_stale_lease' THEN
            RETURN dedup.op_clear_stale_lease(i.run_id, i.expected_token, b.reason, v_key);
        WHEN 'op_request_continuation' THEN
            RETURN dedup.op_request_continuation(i.run_id, i.expected_token, b.reason, v_key, v_rerun);
        WHEN 'op_route_to_review' THEN
            RETURN dedup.op_route_to_review(i.run_id, i.expected_token, b.reason, v_key,
                                            NULLIF(p->>'assignee', ''));
        WHEN 'op_resolve_review' THEN
            RETURN dedup.op_resolve_review(i.run_id, i.expected_token, b.reason, v_key,
                                           p->>'resolution', NULL, v_rerun);
        WHEN 'op_cancel' THEN
            RETURN dedup.op_cancel(i.run_id, i.expected_token, b.reason, v_key);
    END CASE;
    RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('unknown bulk action %s', b.action);
END
$$;

-- ---------------------------------------------------------------------------------------
-- op_bulk_step: applies up to p_limit pending items of a running operation, in one
-- transaction, and returns what happened to each. Two consoles stepping the same operation
-- take turns (the operation's row lock), each taking the next pending items. An item whose run's status is no longer the one the operator
-- saw is 'changed' without calling the action; otherwise the op_* function decides
-- (applied / changed); an error in one item is recorded as 'failed' with its message and
-- does not stop the batch. When no pending item is left the operation is 'finished'.
-- Returns no rows when the operation is not running (paused, aborted, finished).
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_bulk_step(p_bulk_id uuid, p_limit integer DEFAULT 50, p_runner text DEFAULT NULL)
RETURNS TABLE (run_id bigint, state text, detail text, audit_id bigint)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    b      dedup.bulk_operations;
    i      dedup.bulk_items;
    r      dedup.runs;
    res    dedup.op_result;
    v_state  text;
    v_detail text;
    v_audit  bigint;
BEGIN
    IF p_limit IS NULL OR p_limit < 1 OR p_limit > 1000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_step: p_limit must be between 1 and 1000';
    END IF;
    -- Batches of one operation take turns: a pause or abort waits for the batch in progress
    -- and no batch starts after it. (Shared locks would let two consoles' batches deadlock:
    -- each holds the operation row shared and wants it exclusively at the end, while one of
    -- them waits for the audit head the other holds.)
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('op_bulk_step: no bulk operation %s', p_bulk_id);
    END IF;
    IF b.status <> 'running' THEN
        RETURN;
    END IF;
    FOR i IN SELECT * FROM dedup.bulk_items x
              WHERE x.bulk_id = p_bulk_id AND x.state = 'pending'
              ORDER BY x.run_id
              LIMIT p_limit
    LOOP
        v_audit := NULL;
        SELECT * INTO r FROM dedup.runs x WHERE x.id = i.run_id;
        IF r.id IS NOT NULL AND r.status <> i.expected_status THEN
            v_state := 'changed';
            v_detail := format('run is %s, was %s when selected', r.status, i.expected_status);
        ELSE
            BEGIN
                res := dedup._bulk_apply(b, i);
                v_audit := res.audit_id;
                v_detail := res.detail;
                v_state := CASE WHEN res.outcome = 'replayed' THEN res.original_outcome
                                ELSE res.outcome END;
            EXCEPTION WHEN OTHERS THEN
                v_state := 'failed';
                v_detail := format('%s (%s)', SQLERRM, SQLSTATE);
            END;
        END IF;
        UPDATE dedup.bulk_items x
           SET state = v_state, detail = v_detail, audit_id = v_audit, done_at = now()
         WHERE x.bulk_id = i.bulk_id AND x.run_id = i.run_id;
        run_id := i.run_id; state := v_state; detail := v_detail; audit_id := v_audit;
        RETURN NEXT;
    END LOOP;
    UPDATE dedup.bulk_operations x
       SET updated_at = now(), runner = COALESCE(p_runner, session_user), runner_seen_at = now(),
           status = CASE WHEN NOT EXISTS (SELECT 1 FROM dedup.bulk_items y
                                           WHERE y.bulk_id = x.id AND y.state = 'pending')
                         THEN 'finished' ELSE x.status END,
           finished_at = CASE WHEN NOT EXISTS (SELECT 1 FROM dedup.bulk_items y
                                                WHERE y.bulk_id = x.id AND y.state = 'pending')
                              THEN now() ELSE x.finished_at END
     WHERE x.id = p_bulk_id;
END
$$;

-- The report of an operation: counts per state (one row per state that occurs).
CREATE VIEW dedup.bulk_summary WITH (security_barrier) AS
SELECT b.id AS bulk_id, b.action, b.status, b.total, b.requested_by, b.created_at, b.finished_at,
       b.runner, b.runner_seen_at,
       count(*) FILTER (WHERE i.state = 'applied') AS applied,
       count(*) FILTER (WHERE i.state = 'changed') AS changed,
       count(*) FILTER (WHERE i.state = 'failed')  AS failed,
       count(*) FILTER (WHERE i.state = 'pending') AS pending
  FROM dedup.bulk_operations b
  LEFT JOIN dedup.bulk_items i ON i.bulk_id = b.id
 GROUP BY b.id;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
REVOKE ALL ON dedup.bulk_operations, dedup.bulk_items, dedup.bulk_summary FROM PUBLIC;
GRANT SELECT ON dedup.bulk_operations, dedup.bulk_items, dedup.bulk_summary
      TO dedup_operator, dedup_viewer;
GRANT EXECUTE ON FUNCTION
    dedup.op_bulk_create(uuid, text, jsonb, text, jsonb),
    dedup.op_bulk_add_items(uuid, bigint[], bigint[], text[]),
    dedup.op_bulk_control(uuid, text, text, text),
    dedup.op_bulk_step(uuid, integer, text)
    TO dedup_operator;
