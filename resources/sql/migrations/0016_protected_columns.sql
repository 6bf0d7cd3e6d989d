-- 0016_protected_columns.sql: patient-bearing columns are read redacted; raw values only
-- through an audited reveal (issue 14, item 1; docs/SECURITY.md "Patient data").
--
-- Protected (what workers, webhook senders and providers write):
--   runs:   idem_key, correlation_id, fingerprint, context, result, last_error,
--           review_reason (derived from the worker's error message)
--   steps:  downstream_key, side_effect_ref, error
--   events: detail
-- Operators and viewers lose SELECT on these columns (the rest stays readable under the
-- row-level security of 0010). They read them through the functions below, which return the
-- table's own row type with every protected value replaced by a keyed hash:
--     'h:' || first 16 hex digits of HMAC-SHA256(redaction key, salt || '|' || value)
-- The key (dedup.redaction_key) is drawn here and never leaves the server; the salt is the
-- session's `dedup.redaction_salt` setting (the console sets one value on all of its
-- connections, so equal values show equal hashes across its windows; without it, the
-- backend's pid and the server's start time). The same value gives the same hash within a
-- salt, and different hashes across salts. JSON documents keep their structure: the values
-- of the store's own names (dedup.redaction_shown_names(): error class, statuses, tokens,
-- counts, times, step names) are shown; every other scalar is hashed. A worker's own
-- documents (context, result) show no value at all, only their names.
--
-- Admins (the store owner and superusers, dedup._is_admin()) read raw values: nothing in the
-- store can hold them back, so hashing for them would only hide what they can read anyway.
--
-- Raw values for operators come from dedup.op_reveal(run, fields, reason, action key): it
-- needs an operator grant covering the run and writes one audit row per reveal.
--
-- Searching by a protected value (an exact key, a correlation id, a key prefix in the review
-- queue) goes through functions that return run ids of runs the caller may read; key-prefix
-- lists use dedup.key_prefix_page (0012).

-- ---------------------------------------------------------------------------------------
-- The redaction key: owner only (no grant, row-level security without a policy).
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.redaction_key (
    singleton boolean NOT NULL DEFAULT true PRIMARY KEY,
    ipad      bytea   NOT NULL,
    opad      bytea   NOT NULL,
    CONSTRAINT redaction_key_singleton_check CHECK (singleton),
    CONSTRAINT redaction_key_pads_check CHECK (length(ipad) = 64 AND length(opad) = 64)
);
REVOKE ALL ON TABLE dedup.redaction_key FROM PUBLIC;
ALTER TABLE dedup.redaction_key ENABLE ROW LEVEL SECURITY;
INSERT INTO dedup.redaction_key (singleton, ipad, opad)
SELECT true, p.ipad, p.opad FROM dedup._hmac_pads(dedup._draw_key()) p;

-- The session's salt: what the client set, else one per backend.
CREATE FUNCTION dedup._redaction_salt()
RETURNS text
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT COALESCE(NULLIF(current_setting('dedup.redaction_salt', true), ''),
                    pg_backend_pid()::text || '@' || pg_postmaster_start_time()::text)
$$;

-- STABLE, not IMMUTABLE: convert_to() is STABLE, and the planner inlines a SQL function only
-- when its body is no more volatile than the function (inlined: 10 us a value, not 46 us).
CREATE FUNCTION dedup._redact_text(p_value text, p_salt text, p_ipad bytea, p_opad bytea)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT 'h:' || left(encode(pg_catalog.sha256(p_opad || pg_catalog.sha256(
                   p_ipad || pg_catalog.convert_to(p_salt || '|' || p_value, 'UTF8'))), 'hex'), 16)
$$;

-- The names whose scalar values a redacted document shows: what the store itself writes into
-- last_error, a step's error and event details, none of it chosen by a worker's payload. The
-- test suite checks every name the store writes (tests/store/tst_protectedcolumns.cpp).
CREATE FUNCTION dedup.redaction_shown_names()
RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT ARRAY['class', 'retryable', 'attempt', 'at', 'status', 'outcome', 'lease_token',
                 'lease_owner', 'step_attempt', 'step', 'via', 'by', 'rule', 'reexecute',
                 'appended', 'command_id', 'audit_id', 'uncertain_steps', 'from', 'to',
                 'resolution', 'workflow', 'kind', 'assignee', 'from_step', 'rerun_uncertain',
                 'expected_token', 'max_attempts', 'why', 'name', 'queued_from_step',
                 'new_lease_token', 'previous']
$$;

-- p_doc with every scalar hashed unless p_shown (the value of a shown name, or an element of
-- an array under one). JSON null stays null. PL/pgSQL rather than a recursive SQL function:
-- a SQL function that cannot be inlined is planned again at every level of every document,
-- which made 10,000 error documents take 9 s instead of 0.5 s.
CREATE FUNCTION dedup._redact_doc(p_doc jsonb, p_shown boolean, p_names text[], p_salt text,
                                  p_ipad bytea, p_opad bytea)
RETURNS jsonb
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_type text := jsonb_typeof(p_doc);
    v_sub  text;
    v_out  jsonb;
    v_key  text;
    v_val  jsonb;
BEGIN
    IF v_type IS NULL OR v_type = 'null' THEN
        RETURN p_doc;
    ELSIF v_type = 'object' THEN
        -- scalars are handled here, only nested documents recurse (one call per document,
        -- not one per value)
        v_out := '{}'::jsonb;
        FOR v_key, v_val IN SELECT e.key, e.value FROM jsonb_each(p_doc) AS e LOOP
            v_sub := jsonb_typeof(v_val);
            IF v_sub IN ('object', 'array') THEN
                v_val := dedup._redact_doc(v_val, v_key = ANY (p_names), p_names, p_salt,
                                           p_ipad, p_opad);
            ELSIF v_sub <> 'null' AND NOT (v_key = ANY (p_names)) THEN
                v_val := to_jsonb(dedup._redact_text(
                             CASE v_sub WHEN 'string' THEN v_val #>> '{}' ELSE v_val::text END,
                             p_salt, p_ipad, p_opad));
            END IF;
            v_out := v_out || jsonb_build_object(v_key, v_val);
        END LOOP;
        RETURN v_out;
    ELSIF v_type = 'array' THEN
        v_out := '[]'::jsonb;
        FOR v_val IN SELECT a.value FROM jsonb_array_elements(p_doc) AS a LOOP
            v_sub := jsonb_typeof(v_val);
            IF v_sub IN ('object', 'array') THEN
                v_val := dedup._redact_doc(v_val, p_shown, p_names, p_salt, p_ipad, p_opad);
            ELSIF v_sub <> 'null' AND NOT p_shown THEN
                v_val := to_jsonb(dedup._redact_text(
                             CASE v_sub WHEN 'string' THEN v_val #>> '{}' ELSE v_val::text END,
                             p_salt, p_ipad, p_opad));
            END IF;
            v_out := v_out || jsonb_build_array(v_val);
        END LOOP;
        RETURN v_out;
    ELSIF p_shown THEN
        RETURN p_doc;
    END IF;
    RETURN to_jsonb(dedup._redact_text(CASE v_type WHEN 'string' THEN p_doc #>> '{}'
                                                   ELSE p_doc::text END,
                                       p_salt, p_ipad, p_opad));
END
$$;

-- What the caller may read, computed once per call of a function below (the runs_read
-- policy's rule, 0010): everything, or the runs its read grants cover. Evaluating the
-- policy's helpers per row cost 0.3 ms a run.
CREATE FUNCTION dedup._read_scope(OUT reads_all boolean, OUT workflows text[],
                                  OUT prefixes text[])
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT dedup._reads_all(), array_agg(g.workflow), array_agg(g.scope_prefix)
      FROM dedup._read_grants() g
$$;

-- Whether one of the grants (parallel arrays from _read_scope) covers (workflow, scope).
CREATE FUNCTION dedup._covers(p_workflows text[], p_prefixes text[], p_workflow text,
                              p_scope text)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT EXISTS (SELECT 1 FROM unnest(p_workflows, p_prefixes) AS g(workflow, prefix)
                    WHERE (g.workflow IS NULL OR g.workflow = p_workflow)
                      AND (g.prefix IS NULL OR pg_catalog.starts_with(p_scope, g.prefix)))
$$;

-- ---------------------------------------------------------------------------------------
-- Redacted reads. Each returns the table's own row type (so a client selects the same
-- columns it would from the table), only rows of runs the caller may read, lease_secret
-- always NULL, and the protected columns hashed unless the caller is an admin.
-- ---------------------------------------------------------------------------------------

-- Runs by id, in no particular order (the caller orders). At most 50,000 ids per call.
-- p_documents false (lists): context and result NULL and last_error only {"class": ...},
-- which spares hashing documents nobody shows (for everyone, the owner included).
CREATE FUNCTION dedup.runs_redacted(p_ids bigint[], p_documents boolean DEFAULT true)
RETURNS SETOF dedup.runs
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 200
AS $$
DECLARE
    v_admin boolean := dedup._is_admin();
    g       record := dedup._read_scope();
    v_salt  text := dedup._redaction_salt();
    v_names text[] := dedup.redaction_shown_names();
    k       dedup.redaction_key;
BEGIN
    IF COALESCE(cardinality(p_ids), 0) > 50000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('runs_redacted: at most 50000 ids per call (%s given)',
                             cardinality(p_ids));
    END IF;
    SELECT * INTO k FROM dedup.redaction_key WHERE singleton;
    RETURN QUERY
    SELECT p.*
      FROM dedup.runs r
     CROSS JOIN LATERAL jsonb_populate_record(r, CASE
        WHEN NOT COALESCE(p_documents, true) THEN jsonb_build_object(
            'lease_secret',   NULL,
            'idem_key',       CASE WHEN v_admin THEN r.idem_key
                                   ELSE dedup._redact_text(r.idem_key, v_salt, k.ipad, k.opad) END,
            'correlation_id', CASE WHEN v_admin THEN r.correlation_id
                                   ELSE dedup._redact_text(r.correlation_id, v_salt, k.ipad,
                                                           k.opad) END,
            'fingerprint',    CASE WHEN v_admin THEN r.fingerprint
                                   ELSE dedup._redact_text(r.fingerprint, v_salt, k.ipad,
                                                           k.opad) END,
            'context',        NULL,
            'result',         NULL,
            'last_error',     CASE WHEN r.last_error IS NOT NULL
                                   THEN jsonb_build_object('class', r.last_error -> 'class') END,
            'review_reason',  CASE WHEN v_admin THEN r.review_reason
                                   ELSE dedup._redact_text(r.review_reason, v_salt, k.ipad,
                                                           k.opad) END)
        WHEN v_admin THEN jsonb_build_object('lease_secret', NULL)
        ELSE jsonb_build_object(
            'lease_secret',   NULL,
            'idem_key',       dedup._redact_text(r.idem_key, v_salt, k.ipad, k.opad),
            'correlation_id', dedup._redact_text(r.correlation_id, v_salt, k.ipad, k.opad),
            'fingerprint',    dedup._redact_text(r.fingerprint, v_salt, k.ipad, k.opad),
            'context',        dedup._redact_doc(r.context, false, '{}', v_salt, k.ipad, k.opad),
            'result',         dedup._redact_doc(r.result, false, '{}', v_salt, k.ipad, k.opad),
            'last_error',     dedup._redact_doc(r.last_error, false, v_names, v_salt,
                                                k.ipad, k.opad),
            'review_reason',  dedup._redact_text(r.review_reason, v_salt, k.ipad, k.opad))
        END) p
     WHERE r.id = ANY (p_ids)
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope));
END
$$;

-- The steps of some runs, in run and step order.
CREATE FUNCTION dedup.steps_redacted(p_run_ids bigint[])
RETURNS SETOF dedup.steps
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 20
AS $$
DECLARE
    v_admin boolean := dedup._is_admin();
    g       record := dedup._read_scope();
    v_salt  text := dedup._redaction_salt();
    v_names text[] := dedup.redaction_shown_names();
    k       dedup.redaction_key;
BEGIN
    IF COALESCE(cardinality(p_run_ids), 0) > 50000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('steps_redacted: at most 50000 runs per call (%s given)',
                             cardinality(p_run_ids));
    END IF;
    SELECT * INTO k FROM dedup.redaction_key WHERE singleton;
    RETURN QUERY
    SELECT p.*
      FROM dedup.runs r
      JOIN dedup.steps s ON s.run_id = r.id
     CROSS JOIN LATERAL jsonb_populate_record(s, CASE WHEN v_admin THEN '{}'::jsonb
        ELSE jsonb_build_object(
            'downstream_key',  dedup._redact_text(s.downstream_key, v_salt, k.ipad, k.opad),
            'side_effect_ref', dedup._redact_text(s.side_effect_ref, v_salt, k.ipad, k.opad),
            'error',           dedup._redact_doc(s.error, false, v_names, v_salt, k.ipad,
                                                 k.opad))
        END) p
     WHERE r.id = ANY (p_run_ids)
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
     ORDER BY s.run_id, s.ordinal;
END
$$;

-- The newest p_limit events of one run, newest first.
CREATE FUNCTION dedup.events_redacted(p_run_id bigint, p_limit integer)
RETURNS SETOF dedup.events
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 50
AS $$
DECLARE
    v_admin boolean := dedup._is_admin();
    g       record := dedup._read_scope();
    v_salt  text := dedup._redaction_salt();
    v_names text[] := dedup.redaction_shown_names();
    k       dedup.redaction_key;
BEGIN
    SELECT * INTO k FROM dedup.redaction_key WHERE singleton;
    RETURN QUERY
    SELECT p.*
      FROM dedup.runs r
      JOIN dedup.events e ON e.run_id = r.id
     CROSS JOIN LATERAL jsonb_populate_record(e, CASE WHEN v_admin THEN '{}'::jsonb
        ELSE jsonb_build_object(
            'detail', dedup._redact_doc(e.detail, false, v_names, v_salt, k.ipad, k.opad))
        END) p
     WHERE r.id = p_run_id
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
     ORDER BY e.id DESC
     LIMIT GREATEST(COALESCE(p_limit, 0), 0);
END
$$;

-- The continuation preview (0003) reads the steps through steps_redacted: the same answer,
-- with downstream_key, side_effect_ref and error redacted (a NULL stays NULL, so `will` is
-- unchanged).
CREATE OR REPLACE FUNCTION dedup.continuation_preview(p_run_id bigint,
                                                      p_rerun_uncertain boolean DEFAULT false)
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
      FROM dedup.steps_redacted(ARRAY[p_run_id]) s
     ORDER BY s.ordinal;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Searching by a protected value: ids of the runs the caller may read.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.run_ids_by_key(p_key text)
RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 2
AS $$
    SELECT r.id FROM dedup.runs r, dedup._read_scope() g
     WHERE r.idem_key = p_key
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
$$;

-- p_key_prefix (optional): only runs whose key starts with it.
CREATE FUNCTION dedup.run_ids_by_correlation(p_correlation_id text, p_key_prefix text DEFAULT NULL)
RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 20
AS $$
    SELECT r.id FROM dedup.runs r, dedup._read_scope() g
     WHERE r.correlation_id = p_correlation_id
       AND (p_key_prefix IS NULL OR pg_catalog.starts_with(r.idem_key, p_key_prefix))
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
$$;

-- The runs sharing the correlation id of run p_run_id (the console's "Show Correlation" from
-- a run whose correlation id it shows hashed); nothing when the caller may not read that run.
CREATE FUNCTION dedup.run_ids_by_correlation_of(p_run_id bigint)
RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 20
AS $$
    SELECT r.id FROM dedup.runs o, dedup.runs r, dedup._read_scope() g
     WHERE o.id = p_run_id
       AND r.correlation_id = o.correlation_id
       AND (g.reads_all
            OR (dedup._covers(g.workflows, g.prefixes, o.workflow, o.scope)
                AND dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope)))
$$;

-- Runs of one status whose key starts with p_prefix (the review queue's key filter: a
-- status with a partial index, few runs). At most p_limit ids.
CREATE FUNCTION dedup.run_ids_by_key_prefix(p_prefix text, p_status text, p_limit integer)
RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 50
AS $$
    SELECT r.id FROM dedup.runs r, dedup._read_scope() g
     WHERE r.status = p_status
       AND pg_catalog.starts_with(r.idem_key, p_prefix)
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
     LIMIT GREATEST(COALESCE(p_limit, 0), 0)
$$;

-- Those of p_ids whose key starts with p_prefix (a key-prefix list refreshing rows by id).
CREATE FUNCTION dedup.run_ids_with_key_prefix(p_ids bigint[], p_prefix text)
RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
ROWS 50
AS $$
    SELECT r.id FROM dedup.runs r, dedup._read_scope() g
     WHERE r.id = ANY (p_ids)
       AND pg_catalog.starts_with(r.idem_key, p_prefix)
       AND (g.reads_all OR dedup._covers(g.workflows, g.prefixes, r.workflow, r.scope))
$$;

-- ---------------------------------------------------------------------------------------
-- op_reveal: raw values of one run for an operator whose grants cover it, with a reason.
-- p_fields: any of idem_key, correlation_id, fingerprint, context, result, last_error,
-- review_reason, steps (every step's downstream_key, side_effect_ref and error), events (the
-- detail of the run's newest 1,000 events). Returns one JSON object: each requested field
-- with its raw value ("steps": [{ordinal, name, downstream_key, side_effect_ref, error}],
-- "events": [{id, detail}], newest first). One audit row per reveal (action 'op_reveal',
-- params {"fields": [...]}, in the caller's transaction). The same action key again, by the
-- same login for the same run and fields, returns the values again without a second row; a
-- key used otherwise is DD005. DD004: no reason, no action key, no field or an unknown one;
-- DD003: no such run; DD010: the caller's operator grants do not cover the run.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.op_reveal(p_run_id bigint, p_fields text[], p_reason text,
                                p_action_key text)
RETURNS jsonb
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    c_known constant text[] := ARRAY['idem_key', 'correlation_id', 'fingerprint', 'context',
                                     'result', 'last_error', 'review_reason', 'steps', 'events'];
    r        dedup.runs;
    a        dedup.audit_log;
    v_fields text[];
    v_out    jsonb := '{}'::jsonb;
    v_name   text;
BEGIN
    PERFORM dedup._check_text('op_reveal', 'a reason', p_reason, 2000, true);
    PERFORM dedup._check_text('op_reveal', 'p_action_key', p_action_key, 200, true);
    IF p_run_id IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_reveal: p_run_id is required';
    END IF;
    IF COALESCE(cardinality(p_fields), 0) = 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_reveal: name at least one field';
    END IF;
    SELECT array_agg(DISTINCT f ORDER BY f) INTO v_fields FROM unnest(p_fields) f;
    IF NOT v_fields <@ c_known OR array_position(v_fields, NULL) IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_reveal: unknown field in %s (known: %s)', p_fields,
                             array_to_string(c_known, ', '));
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD003',
            MESSAGE = format('op_reveal: run %s not found', p_run_id);
    END IF;
    IF NOT dedup._may(ARRAY['operator'], r.workflow, r.scope) THEN
        PERFORM dedup._deny('op_reveal');
    END IF;
    PERFORM dedup._lock(1, p_action_key);
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF FOUND AND (a.action <> 'op_reveal' OR a.run_id IS DISTINCT FROM p_run_id
                  OR a.db_role <> session_user
                  OR a.params -> 'fields' IS DISTINCT FROM to_jsonb(v_fields)) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD005',
            MESSAGE = format('op_reveal: action key %s was already used by %s on run %s',
                             p_action_key, a.action, a.run_id);
    END IF;
    IF NOT FOUND THEN
        INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                     expected_token, params, outcome, detail, before, after,
                                     prev_hash, hash)
        VALUES (0, now(), session_user, 'op_reveal', p_run_id, p_action_key, p_reason, NULL,
                jsonb_build_object('fields', to_jsonb(v_fields)), 'applied',
                'revealed ' || array_to_string(v_fields, ', '), NULL, NULL, '', '');
    END IF;
    FOREACH v_name IN ARRAY v_fields LOOP
        v_out := v_out || jsonb_build_object(v_name, CASE v_name
            WHEN 'idem_key'       THEN to_jsonb(r.idem_key)
            WHEN 'correlation_id' THEN to_jsonb(r.correlation_id)
            WHEN 'fingerprint'    THEN to_jsonb(r.fingerprint)
            WHEN 'context'        THEN r.context
            WHEN 'result'         THEN r.result
            WHEN 'last_error'     THEN r.last_error
            WHEN 'review_reason'  THEN to_jsonb(r.review_reason)
            WHEN 'steps' THEN (
                SELECT COALESCE(jsonb_agg(jsonb_build_object(
                           'ordinal', s.ordinal, 'name', s.name,
                           'downstream_key', s.downstream_key,
                           'side_effect_ref', s.side_effect_ref, 'error', s.error)
                       ORDER BY s.ordinal), '[]'::jsonb)
                  FROM dedup.steps s WHERE s.run_id = r.id)
            ELSE (
                SELECT COALESCE(jsonb_agg(jsonb_build_object('id', e.id, 'detail', e.detail)
                                          ORDER BY e.id DESC), '[]'::jsonb)
                  FROM (SELECT x.id, x.detail FROM dedup.events x
                         WHERE x.run_id = r.id ORDER BY x.id DESC LIMIT 1000) e)
        END);
    END LOOP;
    RETURN v_out;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Reports. A report streams every run of a range (COPY), which the row functions above do
-- not: two views, owned by the owner (so they read the protected columns), that apply the
-- runs policy's rule themselves (the owner is exempt from row-level security) and are
-- security barriers (a caller's condition with a leaky function is not evaluated before the
-- rule). report_runs hashes with the report's own key (dedup.report_begin(), 0015);
-- report_runs_revealed shows raw values, and only in a transaction that names a committed
-- report reveal of the same login, written during this session in the last 10 minutes
-- (dedup.op_report_reveal, then SET LOCAL dedup.report_reveal = its audit id).
-- Nobody writes through them: no role has a write privilege on them, and INSTEAD OF
-- triggers refuse even the owner (they also keep PostgreSQL from rewriting a write into one
-- on dedup.runs, so a write without privilege is refused for that, 42501).
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._report_revealed()
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT EXISTS (
        SELECT 1 FROM dedup.audit_log a
         WHERE a.id = (SELECT NULLIF(current_setting('dedup.report_reveal', true), '')::bigint)
           AND a.action = 'report_reveal'
           AND a.db_role = session_user
           AND a.at >= (SELECT s.backend_start FROM pg_catalog.pg_stat_activity s
                         WHERE s.pid = pg_catalog.pg_backend_pid())
           AND a.at >= now() - interval '10 minutes')
$$;

CREATE VIEW dedup.report_runs WITH (security_barrier = true) AS
SELECT r.id, r.created_at, r.finished_at, r.workflow, r.workflow_version, r.status, r.attempt,
       dedup.report_hmac(r.scope, (SELECT dedup.report_ipad()), (SELECT dedup.report_opad()))
           AS scope,
       dedup.report_hmac(r.idem_key, (SELECT dedup.report_ipad()), (SELECT dedup.report_opad()))
           AS idem_key,
       r.key_version,
       dedup.report_hmac(r.correlation_id, (SELECT dedup.report_ipad()),
                         (SELECT dedup.report_opad())) AS correlation_id,
       dedup.report_hmac(r.fingerprint, (SELECT dedup.report_ipad()),
                         (SELECT dedup.report_opad())) AS fingerprint,
       r.last_error ->> 'class' AS error_class
  FROM dedup.runs r
 WHERE (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                WHERE (g.workflow IS NULL OR g.workflow = r.workflow)
                  AND (g.scope_prefix IS NULL OR pg_catalog.starts_with(r.scope, g.scope_prefix)));

CREATE VIEW dedup.report_runs_revealed WITH (security_barrier = true) AS
SELECT r.id, r.created_at, r.finished_at, r.workflow, r.workflow_version, r.status, r.attempt,
       r.scope, r.idem_key, r.key_version, r.correlation_id, r.fingerprint,
       r.last_error ->> 'class' AS error_class
  FROM dedup.runs r
 WHERE (SELECT dedup._report_revealed())
   AND ((SELECT dedup._reads_all())::integer <> 0
        OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                    WHERE (g.workflow IS NULL OR g.workflow = r.workflow)
                      AND (g.scope_prefix IS NULL
                           OR pg_catalog.starts_with(r.scope, g.scope_prefix))));

CREATE FUNCTION dedup._report_view_read_only()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'DD008',
        MESSAGE = format('%s is read-only (%s refused)', TG_TABLE_NAME, TG_OP);
END
$$;
CREATE TRIGGER report_runs_read_only
    INSTEAD OF INSERT OR UPDATE OR DELETE ON dedup.report_runs
    FOR EACH ROW EXECUTE FUNCTION dedup._report_view_read_only();
CREATE TRIGGER report_runs_revealed_read_only
    INSTEAD OF INSERT OR UPDATE OR DELETE ON dedup.report_runs_revealed
    FOR EACH ROW EXECUTE FUNCTION dedup._report_view_read_only();

REVOKE ALL ON dedup.report_runs, dedup.report_runs_revealed FROM PUBLIC;
GRANT SELECT ON dedup.report_runs TO dedup_operator, dedup_viewer;
GRANT SELECT ON dedup.report_runs_revealed TO dedup_operator;

-- ---------------------------------------------------------------------------------------
-- Column privileges: the protected columns are no longer readable to operators and viewers.
-- ---------------------------------------------------------------------------------------
REVOKE SELECT ON dedup.runs FROM dedup_operator, dedup_viewer;
GRANT SELECT (id, scope, key_version, workflow, workflow_version, status, attempt,
              max_attempts, lease_owner, lease_token, lease_expires_at, heartbeat_at,
              created_at, updated_at, finished_at, expires_at, review_assignee, review_note,
              review_at, lease_login)
    ON dedup.runs TO dedup_operator, dedup_viewer;
REVOKE SELECT ON dedup.steps FROM dedup_operator, dedup_viewer;
GRANT SELECT (run_id, ordinal, name, status, attempts, lease_token, created_at, started_at,
              finished_at, updated_at)
    ON dedup.steps TO dedup_operator, dedup_viewer;
REVOKE SELECT ON dedup.events FROM dedup_operator, dedup_viewer;
GRANT SELECT (id, run_id, at, kind, actor, attempt, step, login)
    ON dedup.events TO dedup_operator, dedup_viewer;

REVOKE ALL ON FUNCTION dedup._redaction_salt(), dedup._redact_text(text, text, bytea, bytea),
    dedup.redaction_shown_names(), dedup._redact_doc(jsonb, boolean, text[], text, bytea, bytea),
    dedup._read_scope(), dedup._covers(text[], text[], text, text), dedup.runs_redacted(bigint[], boolean), dedup.steps_redacted(bigint[]),
    dedup.events_redacted(bigint, integer), dedup.run_ids_by_key(text),
    dedup.run_ids_by_correlation(text, text), dedup.run_ids_by_correlation_of(bigint),
    dedup.run_ids_by_key_prefix(text, text, integer),
    dedup.run_ids_with_key_prefix(bigint[], text), dedup.op_reveal(bigint, text[], text, text),
    dedup._report_revealed(), dedup._report_view_read_only() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.runs_redacted(bigint[], boolean), dedup.steps_redacted(bigint[]),
    dedup.events_redacted(bigint, integer), dedup.run_ids_by_key(text),
    dedup.run_ids_by_correlation(text, text), dedup.run_ids_by_correlation_of(bigint),
    dedup.run_ids_by_key_prefix(text, text, integer),
    dedup.run_ids_with_key_prefix(bigint[], text), dedup.redaction_shown_names()
    TO dedup_operator, dedup_viewer;
GRANT EXECUTE ON FUNCTION dedup.op_reveal(bigint, text[], text, text) TO dedup_operator;
-- The views call these as the caller (a view's functions run with the caller's rights).
GRANT EXECUTE ON FUNCTION dedup._report_revealed() TO dedup_operator;
