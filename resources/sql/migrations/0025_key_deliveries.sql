-- 0025: a key's deliveries as counts and the last few, instead of an event per duplicate
-- (docs/PROTOCOL.md "A key's history").
--
-- Before, every claim of a key that was already there (replay, in progress, in review)
-- appended a `duplicate_suppressed` event: a row and its index entries per duplicate, for as
-- long as the run was kept. A client that retries one key every second left 86,400 rows a
-- day. Now such a claim adds one to its run's counter row in dedup.duplicate_deliveries and
-- keeps that delivery among the run's last three (newest first); the row is updated in place
-- (only its primary key is indexed, so the update is HOT and writes no index entry).
-- Three, not more: every duplicate writes the whole row into the WAL, and with five kept
-- a duplicate wrote more WAL than the event it replaces (about 650 bytes against 590).
--
-- What stays an event: acquisitions (`claimed`, `lease_taken_over`, `routed_to_review` by a
-- claim: at most max_attempts and the takeovers of a run) and `mismatch` (a key reused with
-- another request: rare, and worth keeping whole). `duplicate_suppressed` events written
-- before this migration stay where they are (events are append-only) and are still read.
--
-- The dashboard's duplicates metric gets the delta the events trigger used to write, from
-- the claim itself, and the change feed its row (dedup._change), as for the event. A purge removes a run's counter row with the run but leaves its counted
-- duplicates in the dashboard (they happened in their hour); dashboard_rebuild() counts a
-- run's suppressed duplicates at the time of its last one (the time of each is not kept).
--
-- Cost per duplicate claim: one HOT update (or, for the first duplicate of a run, one insert
-- and its foreign-key check) and one delta row, in place of an events row with two index
-- entries and the same delta (docs/PERFORMANCE.md "Replay").

CREATE TABLE dedup.duplicate_deliveries (
    run_id      bigint      NOT NULL PRIMARY KEY REFERENCES dedup.runs (id) ON DELETE CASCADE,
    replays     bigint      NOT NULL DEFAULT 0 CHECK (replays >= 0),
    in_progress bigint      NOT NULL DEFAULT 0 CHECK (in_progress >= 0),
    in_review   bigint      NOT NULL DEFAULT 0 CHECK (in_review >= 0),
    first_at    timestamptz NOT NULL,
    last_at     timestamptz NOT NULL,
    -- newest first, at most three: [at (epoch seconds), outcome, worker, login, attempt] and,
    -- for in_progress, the lease owner as a sixth element
    recent      jsonb       NOT NULL CHECK (jsonb_typeof(recent) = 'array')
) WITH (fillfactor = 70);   -- room on the page for the in-place (HOT) updates
COMMENT ON TABLE dedup.duplicate_deliveries IS
    'Per run: how many claims of its key were answered replay / in_progress / in_review, and '
    'the last three (docs/PROTOCOL.md "A key''s history"). Written only by claim().';

ALTER TABLE dedup.duplicate_deliveries ENABLE ROW LEVEL SECURITY;
CREATE POLICY duplicate_deliveries_read ON dedup.duplicate_deliveries FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = duplicate_deliveries.run_id));
REVOKE ALL ON TABLE dedup.duplicate_deliveries FROM PUBLIC;
GRANT SELECT ON dedup.duplicate_deliveries TO dedup_operator, dedup_viewer;

-- One suppressed duplicate of run p_run: the counter, the last three, the dashboard's delta.
-- The row lock it takes serialises only duplicates of the same key with each other.
CREATE FUNCTION dedup._duplicate_delivery(p_run dedup.runs, p_outcome text, p_worker text)
RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    -- [at (seconds since the epoch), outcome, worker, login, attempt(, lease owner)]: an
    -- array without key names, so the row the update rewrites stays small.
    v_entry jsonb := jsonb_build_array(extract(epoch FROM now()), p_outcome, p_worker,
                                       session_user, p_run.attempt)
                     || CASE WHEN p_outcome = 'in_progress'
                             THEN jsonb_build_array(p_run.lease_owner)
                             ELSE '[]'::jsonb END;
BEGIN
    -- The common case (a key seen before) first: an update in place.
    UPDATE dedup.duplicate_deliveries d
       SET replays = d.replays + (p_outcome = 'replay')::integer,
           in_progress = d.in_progress + (p_outcome = 'in_progress')::integer,
           in_review = d.in_review + (p_outcome = 'in_review')::integer,
           last_at = now(),
           recent = jsonb_build_array(v_entry)
                    || CASE WHEN jsonb_array_length(d.recent) >= 3
                            THEN d.recent - 2 ELSE d.recent END
     WHERE d.run_id = p_run.id;
    IF NOT FOUND THEN
        INSERT INTO dedup.duplicate_deliveries AS d
               (run_id, replays, in_progress, in_review, first_at, last_at, recent)
        VALUES (p_run.id, (p_outcome = 'replay')::integer,
                (p_outcome = 'in_progress')::integer, (p_outcome = 'in_review')::integer,
                now(), now(), jsonb_build_array(v_entry))
        ON CONFLICT (run_id) DO UPDATE   -- a concurrent first duplicate of the same key
           SET replays = d.replays + EXCLUDED.replays,
               in_progress = d.in_progress + EXCLUDED.in_progress,
               in_review = d.in_review + EXCLUDED.in_review,
               last_at = EXCLUDED.last_at,
               recent = jsonb_build_array(v_entry)
                        || CASE WHEN jsonb_array_length(d.recent) >= 3
                                THEN d.recent - 2 ELSE d.recent END;
    END IF;
    INSERT INTO dedup.dashboard_deltas (bucket, metric, scope, workflow, series, error_class, n)
    VALUES (dedup._dash_bucket(now()), 'duplicates', p_run.scope, p_run.workflow, p_outcome,
            '', 1);
    -- The change feed names the run, as the event did: the console's Dashboard and the run's
    -- Deliveries re-read on it. (The write above gave the transaction its xid before _change
    -- draws its id, as 0020 requires; run_changes is unlogged: no WAL.)
    PERFORM dedup._change(p_run.id);
END
$$;
REVOKE ALL ON FUNCTION dedup._duplicate_delivery(dedup.runs, text, text) FROM PUBLIC;

-- ---------------------------------------------------------------------------------------
-- claim: as in 0023, except that the answers replay, in_progress and in_review record the
-- delivery through _duplicate_delivery() instead of an event of their own.
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
            PERFORM dedup._duplicate_delivery(r, 'in_review', p_worker);
            outcome := 'in_review'; run_id := r.id; status := r.status; attempt := r.attempt;
            last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status IN ('succeeded', 'cancelled')
           OR (r.status = 'failed' AND NOT COALESCE((r.last_error->>'retryable')::boolean, true)) THEN
            PERFORM dedup._duplicate_delivery(r, 'replay', p_worker);
            outcome := 'replay'; run_id := r.id; status := r.status; result := r.result;
            attempt := r.attempt; last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status = 'processing' AND r.lease_expires_at > now() THEN
            PERFORM dedup._duplicate_delivery(r, 'in_progress', p_worker);
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
-- dashboard_rebuild() as in 0022, with the counted duplicates of dedup.duplicate_deliveries.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.dashboard_rebuild()
RETURNS bigint
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_rows bigint;
BEGIN
    -- Writers of runs and events wait until the recount commits, so no change can fall
    -- between the recount and the deltas it replaces.
    LOCK TABLE dedup.runs, dedup.events, dedup.duplicate_deliveries IN SHARE MODE;
    PERFORM dedup._lock(3, '');
    DELETE FROM dedup.dashboard_deltas;
    DELETE FROM dedup.dashboard_counts;
    DELETE FROM dedup.dashboard_scope_counts;
    WITH fine AS (
        SELECT dedup._dash_bucket(r.created_at) AS bucket, 'runs'::text AS metric,
               r.scope, r.workflow, r.status AS series,
               dedup._dash_error_class(r.status, r.last_error) AS error_class,
               count(*) AS n
          FROM dedup.runs r
         WHERE r.status <> 'processing'
         GROUP BY 1, 3, 4, 5, 6
        UNION ALL
        SELECT dedup._dash_bucket(e.at), 'duplicates', r.scope, r.workflow,
               dedup._dash_duplicate_outcome(e.kind, e.detail), '', count(*)
          FROM dedup.events e
          JOIN dedup.runs r ON r.id = e.run_id
         WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
         GROUP BY 1, 3, 4, 5
        UNION ALL
        -- since 0025: a run's suppressed duplicates, at the time of its last one
        SELECT dedup._dash_bucket(d.last_at), 'duplicates', r.scope, r.workflow, o.outcome, '',
               o.n
          FROM dedup.duplicate_deliveries d
          JOIN dedup.runs r ON r.id = d.run_id
         CROSS JOIN LATERAL (VALUES ('replay', d.replays), ('in_progress', d.in_progress),
                                    ('in_review', d.in_review)) AS o(outcome, n)
         WHERE o.n > 0),
    scoped AS (
        INSERT INTO dedup.dashboard_scope_counts
               (grain, metric, bucket, scope, workflow, series, error_class, n)
        SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain), f.scope, f.workflow,
               f.series, f.error_class, sum(f.n)
          FROM fine f
         CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6, 7
        RETURNING 1)
    INSERT INTO dedup.dashboard_counts (grain, metric, bucket, workflow, series, error_class, n)
    SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain),
           CASE WHEN f.metric = 'duplicates' THEN '' ELSE f.workflow END, f.series,
           f.error_class, sum(f.n)
      FROM fine f
     CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
     GROUP BY 1, 2, 3, 4, 5, 6;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    RETURN v_rows;
END
$$;
REVOKE ALL ON FUNCTION dedup.dashboard_rebuild() FROM PUBLIC;

-- ---------------------------------------------------------------------------------------
-- Reading a key's history. Both functions answer only for a run the caller may read (the
-- same rule as the run itself) and return nothing otherwise. Deliveries are the claims that
-- found or made the run: `claimed` (via new or retry, not a continuation's command),
-- `lease_taken_over`, `routed_to_review` by a claim, `mismatch`, the `duplicate_suppressed`
-- events written before 0025, and the counted duplicates. A claim answered `paused` wrote
-- nothing and is not among them.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._key_delivery_events(p_run_id bigint)
RETURNS TABLE (id bigint, at timestamptz, outcome text, worker text, attempt integer, via text)
LANGUAGE sql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    SELECT e.id, e.at,
           CASE WHEN e.kind IN ('claimed', 'lease_taken_over') THEN 'acquired'
                WHEN e.kind = 'routed_to_review' THEN 'in_review'
                WHEN e.kind = 'mismatch' THEN 'mismatch'
                ELSE COALESCE(e.detail->>'outcome', 'replay') END,
           e.actor, e.attempt,
           CASE WHEN e.kind = 'lease_taken_over' THEN 'takeover'
                WHEN e.kind = 'claimed' THEN COALESCE(e.detail->>'via', 'new') END
      FROM dedup.events e
     WHERE e.run_id = p_run_id
       AND (e.kind IN ('lease_taken_over', 'mismatch', 'duplicate_suppressed')
            OR (e.kind = 'claimed' AND e.detail->>'via' IS DISTINCT FROM 'command')
            OR (e.kind = 'routed_to_review' AND e.detail->>'by' = 'claim'))
$$;
REVOKE ALL ON FUNCTION dedup._key_delivery_events(bigint) FROM PUBLIC;

-- One row per outcome the key's deliveries got (acquired, replay, in_progress, in_review,
-- mismatch), with how many and the first and last time; outcomes never given are absent.
-- The counted outcomes share their times: the run's first and last counted duplicate (the
-- counter row keeps no time per outcome; older duplicate events add their own).
CREATE FUNCTION dedup.key_history_counts(p_run_id bigint)
RETURNS TABLE (outcome text, deliveries bigint, first_at timestamptz, last_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    g record := dedup._read_scope();
BEGIN
    IF NOT EXISTS (SELECT 1 FROM dedup.runs r
                    WHERE r.id = p_run_id
                      AND (g.reads_all
                           OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))) THEN
        RETURN;
    END IF;
    RETURN QUERY
    WITH parts AS (
        SELECT e.outcome, count(*) AS n, min(e.at) AS first_at, max(e.at) AS last_at
          FROM dedup._key_delivery_events(p_run_id) e
         GROUP BY e.outcome
        UNION ALL
        SELECT o.outcome, o.n, d.first_at, d.last_at
          FROM dedup.duplicate_deliveries d
         CROSS JOIN LATERAL (VALUES ('replay', d.replays), ('in_progress', d.in_progress),
                                    ('in_review', d.in_review)) AS o(outcome, n)
         WHERE d.run_id = p_run_id AND o.n > 0)
    SELECT p.outcome, sum(p.n)::bigint, min(p.first_at), max(p.last_at)
      FROM parts p
     GROUP BY p.outcome
     ORDER BY array_position(ARRAY['acquired', 'replay', 'in_progress', 'in_review',
                                   'mismatch'], p.outcome);
END
$$;

-- The newest p_limit deliveries (at most 100), newest first. Counted duplicates appear only
-- while they are among their run's last three; `login` is known only for those.
CREATE FUNCTION dedup.key_history(p_run_id bigint, p_limit integer DEFAULT 20)
RETURNS TABLE (at timestamptz, outcome text, worker text, login text, attempt integer,
               via text, lease_owner text)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    g       record := dedup._read_scope();
    v_limit integer := LEAST(GREATEST(COALESCE(p_limit, 20), 0), 100);
BEGIN
    IF NOT EXISTS (SELECT 1 FROM dedup.runs r
                    WHERE r.id = p_run_id
                      AND (g.reads_all
                           OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))) THEN
        RETURN;
    END IF;
    -- Newest first; within one time (one transaction), a counted duplicate after the events
    -- (it followed the acquisition), each part in its own order.
    RETURN QUERY
    SELECT h.at, h.outcome, h.worker, h.login, h.attempt, h.via, h.lease_owner FROM (
        (SELECT e.at, e.outcome, e.worker, NULL::text AS login, e.attempt, e.via,
                NULL::text AS lease_owner, 0 AS part, e.id AS seq
           FROM dedup._key_delivery_events(p_run_id) e
          ORDER BY e.at DESC, e.id DESC
          LIMIT v_limit)
        UNION ALL
        SELECT timestamptz 'epoch' + (x->>0)::numeric * interval '1 second', x->>1, x->>2, x->>3,
               (x->>4)::integer, NULL::text, x->>5, 1, -n
          FROM dedup.duplicate_deliveries d
         CROSS JOIN LATERAL jsonb_array_elements(d.recent) WITH ORDINALITY AS r(x, n)
         WHERE d.run_id = p_run_id) h
     ORDER BY h.at DESC, h.part DESC, h.seq DESC
     LIMIT v_limit;
END
$$;

REVOKE ALL ON FUNCTION dedup.key_history_counts(bigint), dedup.key_history(bigint, integer)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.key_history_counts(bigint), dedup.key_history(bigint, integer)
    TO dedup_operator, dedup_viewer;
GRANT EXECUTE ON FUNCTION
    dedup.claim(text, text, text, text, text, text, interval, text[], text, text, integer, jsonb)
    TO dedup_worker;
