-- 0017_operator_versions.sql: what an operator saw is exact. Every applied operator action
-- moves the run's lease_token, so two operators acting from the same screen (same token)
-- get one 'applied' and one 'changed'; the refusal says what changed and who changed it.
--
-- Before: routing a failed run to review, requesting a continuation, resolving a review with
-- 'continue', assigning, noting and settling a step left the token where it was, and the
-- actions checked only the token and a list of allowed statuses, so a second operator's
-- action on the same screen applied on top of the first (a review hold silently undone by a
-- continuation, a queued continuation on a run in review).
--
-- The token is the run's version for operators: it moves on every claim of the run (a
-- worker) and on every applied operator action, and on nothing else. Workers are not
-- affected: a run an operator can act on without fencing a worker (failed, manual_review)
-- has no live lease, and a worker that later claims or takes a command gets the next token
-- as before. A worker repeating fail() for a failed run after an operator acted on it gets
-- the fenced answer, which is what it is: the run is the operator's now.
--
-- The bump is done where the audit row is written (_op_record), after the action's own
-- update, only when the action did not move the token itself (clear_stale_lease, and the
-- actions on a processing run, already fence with token+1), so every op_* function, bulk
-- items included, follows without repeating its body. The audit row's "after" and the
-- answer's lease_token carry the new token.

-- Who made the run what it is now, for a refusal: the newest applied operator action on the
-- run when it left the run at its current token and status, else the newest event (a
-- worker's claim, a finish), else the run's own update time. Read on the refusal path only.
CREATE FUNCTION dedup._op_changed_by(r dedup.runs)
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
    IF FOUND AND e.at >= r.updated_at - interval '1 second' THEN
        RETURN format('changed by %s (%s) at %s', COALESCE(e.actor, 'its worker'), e.kind,
                      to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"'));
    END IF;
    RETURN format('changed by %s at %s',
                  CASE WHEN r.lease_owner IS NOT NULL THEN 'worker ' || r.lease_owner
                       ELSE 'its worker' END,
                  to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"'));
END
$$;

-- Why the run is not in an actionable state (NULL when it is): 0003's reasons, each now
-- saying who changed the run since the operator read it.
CREATE OR REPLACE FUNCTION dedup._op_refusal(r dedup.runs, p_expected_token bigint,
                                             p_allowed text[], p_fn text)
RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    IF r.id IS NULL THEN
        RETURN 'run not found (purged?)';
    END IF;
    IF r.lease_token <> p_expected_token THEN
        RETURN format('lease token is %s, not the expected %s: the run changed since it was '
                      'read: it is %s now, %s', r.lease_token, p_expected_token, r.status,
                      dedup._op_changed_by(r));
    END IF;
    IF NOT (r.status = ANY (p_allowed)) THEN
        RETURN format('run is %s; %s applies to %s; %s', r.status, p_fn,
                      array_to_string(p_allowed, '/'), dedup._op_changed_by(r));
    END IF;
    RETURN NULL;
END
$$;

-- Write the audit row; return the op_result. An applied action moves the run's token when
-- its own update did not (see the head of this file).
CREATE OR REPLACE FUNCTION dedup._op_record(p_fn text, p_run_id bigint, p_expected_token bigint,
                                            p_reason text, p_action_key text, p_params jsonb,
                                            p_outcome text, p_detail text, p_before jsonb,
                                            p_after jsonb)
RETURNS dedup.op_result
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_id    bigint;
    v_after jsonb := p_after;
    v_token bigint;
BEGIN
    IF p_outcome = 'applied' AND p_run_id IS NOT NULL THEN
        -- The caller holds the run's row lock: nobody moved the token in between.
        UPDATE dedup.runs x SET lease_token = x.lease_token + 1
         WHERE x.id = p_run_id AND x.lease_token = p_expected_token
        RETURNING x.lease_token INTO v_token;
        IF FOUND AND v_after IS NOT NULL THEN
            v_after := jsonb_set(v_after, '{lease_token}', to_jsonb(v_token));
        END IF;
    END IF;
    -- id, at, who, prev_hash and hash are filled in by the audit_log_chain trigger
    INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                 expected_token, params, outcome, detail, before, after,
                                 prev_hash, hash)
    VALUES (0, now(), session_user, p_fn, p_run_id, p_action_key, p_reason,
            p_expected_token, p_params, p_outcome, p_detail, p_before, v_after, '', '')
    RETURNING id INTO v_id;
    RETURN ROW(p_outcome, p_run_id, p_before->>'status',
               COALESCE(v_after, p_before)->>'status',
               (COALESCE(v_after, p_before)->>'lease_token')::bigint,
               v_id, p_detail, NULL)::dedup.op_result;
END
$$;

REVOKE ALL ON FUNCTION dedup._op_changed_by(dedup.runs) FROM PUBLIC;
