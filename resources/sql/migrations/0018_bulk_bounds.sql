-- 0018_bulk_bounds.sql: bulk operations that do not stall everyone else, and every bulk
-- control audited with its reason (issue 20, items 2 and 3).
--
-- Until now a batch (op_bulk_step, 0006) applied up to p_limit items (at most 1000) in one
-- transaction. Every item writes an audit row, and the audit chain trigger (0003) locks
-- dedup.audit_head at the first of them until the transaction ends: every other operator's
-- single action waited for the whole batch (a 5 ms action took about 100 ms at the default
-- batch of 50, about 6 s at 1000). A batch also waited, holding the head, for any run row
-- of its set that someone else had locked.
--
-- From this migration on a batch holds what single actions need (the audit head; the store
-- lock stripes of its items' action keys; its own runs) for at most
--     the batch budget (20 ms) + one item,
-- then commits, so a single action waits at most that long for a batch:
--   * the budget: before taking its next item, a batch stops when 20 ms of clock time have
--     passed since its first item was done (the first item is always taken, so every batch
--     makes progress; it takes the audit head at its end, with its audit row). The pending
--     items stay pending for the next batch;
--   * no waiting while holding: from its second item on, a batch does not wait for a run
--     row locked by another transaction (a worker's call, a single action, a batch of
--     another operation): it stops before that item, which the next batch takes first,
--     waiting for it before it holds anything else;
--   * the limit: p_limit at most 100 (DD004 above): the most items that fit into the budget
--     at the cheapest item measured (0.15-0.3 ms, an item skipped as changed without calling
--     its action; an applied item costs 5-20 ms). Asking for more could not make a batch
--     larger, only hide the bound from the caller (docs/PERFORMANCE.md "Bulk operations and
--     single actions").
--
-- op_bulk_control gains 'attach': a console taking over a running or paused operation
-- (Continue Here) says so with the operator's reason, audited as op_bulk_attach with the
-- previous runner. The operation's status does not change; the action key makes a resend
-- write nothing new.
--
-- Only the bodies behind the 0010 wrappers change (same signatures, same grants).

CREATE OR REPLACE FUNCTION dedup._op_bulk_control_checked(p_bulk_id uuid, p_command text,
                                                          p_reason text, p_action_key text)
RETURNS dedup.bulk_operations
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    b dedup.bulk_operations;
    a dedup.audit_log;
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
        WHEN 'attach' THEN v_from := '{running,paused}';         v_to := NULL;
        ELSE RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_control: unknown command %s', COALESCE(p_command, 'NULL'));
    END CASE;
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_control: no bulk operation %s', p_bulk_id);
    END IF;

    IF p_command = 'attach' THEN
        -- A resent attach (same key) answers as the first did, even if the operation has
        -- finished since.
        SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
        IF FOUND THEN
            IF a.action <> 'op_bulk_attach' OR a.params->>'bulk_id' IS DISTINCT FROM p_bulk_id::text THEN
                RAISE EXCEPTION USING ERRCODE = 'DD005',
                    MESSAGE = format('op_bulk_control: action key %s was already used by %s',
                                     p_action_key, a.action);
            END IF;
            RETURN b;
        END IF;
        IF NOT (b.status = ANY (v_from)) THEN
            RAISE EXCEPTION USING ERRCODE = 'DD002',
                MESSAGE = format('op_bulk_control: cannot attach to a bulk operation that is %s',
                                 b.status);
        END IF;
        INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                     expected_token, params, outcome, detail, before, after,
                                     prev_hash, hash)
        VALUES (0, now(), session_user, 'op_bulk_attach', NULL, p_action_key, p_reason, NULL,
                jsonb_build_object('bulk_id', b.id, 'action', b.action, 'params', b.params,
                                   'selection', b.selection, 'total', b.total),
                'applied',
                format('bulk %s attach: %s (last batch by %s)', b.action, b.id,
                       COALESCE(b.runner, 'nobody yet')),
                jsonb_build_object('status', b.status, 'runner', b.runner,
                                   'runner_seen_at', b.runner_seen_at),
                jsonb_build_object('status', b.status, 'runner', session_user),
                '', '');
        RETURN b;
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

CREATE OR REPLACE FUNCTION dedup._op_bulk_step_checked(p_bulk_id uuid, p_limit integer DEFAULT 50,
                                                       p_runner text DEFAULT NULL)
RETURNS TABLE (run_id bigint, state text, detail text, audit_id bigint)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    -- The bound (see the top of this file and docs/PROTOCOL.md "Bulk operations").
    c_budget CONSTANT interval := interval '20 milliseconds';
    c_max_limit CONSTANT integer := 100;
    b      dedup.bulk_operations;
    i      dedup.bulk_items;
    r      dedup.runs;
    res    dedup.op_result;
    v_state  text;
    v_detail text;
    v_audit  bigint;
    v_taken  integer := 0;
    v_started timestamptz;
BEGIN
    IF p_limit IS NULL OR p_limit < 1 OR p_limit > c_max_limit THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_step: p_limit must be between 1 and %s', c_max_limit),
            HINT = 'A batch holds the audit head for at most 20 ms plus one item; more items do not fit.';
    END IF;
    -- Batches of one operation take turns (see 0006).
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
        IF v_taken > 0 THEN
            -- The budget is spent: commit what was done; the rest is the next batch's.
            EXIT WHEN clock_timestamp() - v_started >= c_budget;
            -- Never wait for a run someone else holds while this batch holds the audit
            -- head: stop before it (the next batch takes it first).
            SELECT * INTO r FROM dedup.runs x WHERE x.id = i.run_id
               FOR NO KEY UPDATE SKIP LOCKED;
            IF NOT FOUND THEN
                EXIT WHEN EXISTS (SELECT 1 FROM dedup.runs x WHERE x.id = i.run_id);
            END IF;
        ELSE
            -- The first item: nothing that single actions need is held yet, so wait for it.
            SELECT * INTO r FROM dedup.runs x WHERE x.id = i.run_id FOR NO KEY UPDATE;
        END IF;
        v_taken := v_taken + 1;
        v_audit := NULL;
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
        IF v_taken = 1 THEN
            -- The budget runs from here: the first item took the audit head at its end (its
            -- audit row); what it spent before (waiting for its run, a session's first
            -- plans) held nothing single actions need.
            v_started := clock_timestamp();
        END IF;
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
