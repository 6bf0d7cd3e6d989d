-- 0007_reports.sql: audit and outcome reports (SPEC 7 "Reports").
--
-- Reports leave the database as files (CSV, JSON Lines, PDF) that are mailed, archived and
-- read by people who must not see patient-derived keys. So, by default, the values that may
-- be derived from personal data leave the server only as a keyed hash computed here:
--   'h:' || first 16 hex digits of HMAC-SHA256(report key, value)
-- The client draws a fresh 32-byte key per report and passes the HMAC pads (key XOR ipad,
-- key XOR opad, 64 bytes each: no bytea XOR is built in) as transaction-local settings, so
-- the key is never part of a statement's text (pg_stat_activity, slow-query logs). Equal
-- values hash equally inside one report (one key) and differently across reports.
--
-- Showing the raw values is an operator's decision: dedup.op_report_reveal() writes an audit
-- row (action 'report_reveal') that the client commits before the first row is exported.

-- HMAC-SHA256 with pre-padded keys (RFC 2104: H((K ^ opad) || H((K ^ ipad) || m))), printed
-- as 'h:' + 16 hex digits (64 bits: collisions are negligible at report sizes, and the column
-- stays readable). NULL stays NULL. A single-expression SQL function without SET clauses, so
-- the planner inlines it into the export query (no per-row function call).
CREATE FUNCTION dedup.report_hmac(p_value text, p_ipad bytea, p_opad bytea)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE   -- STABLE: convert_to() is, and an inlined body may not be
AS $$                               -- more volatile than its function
    SELECT 'h:' || left(encode(pg_catalog.sha256(p_opad || pg_catalog.sha256(
                   p_ipad || pg_catalog.convert_to(p_value, 'UTF8'))), 'hex'), 16)
$$;

-- The names whose values are (or may contain) keys, scopes, correlation ids or payloads,
-- wherever they appear in an audit row's params / before / after: run state (last_error's
-- message), operator parameters (op_resolve_review's result, op_resolve_step's
-- side_effect_ref, a bulk operation's filter).
CREATE FUNCTION dedup.report_sensitive_names()
RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT ARRAY['scope', 'idem_key', 'key', 'exact_key', 'key_prefix', 'correlation_id',
                 'fingerprint', 'result', 'context', 'message', 'downstream_key',
                 'side_effect_ref', 'body']
$$;

-- A copy of p_doc where the value of every sensitive name (at any depth) is replaced by its
-- keyed hash (a string value is hashed as the string, anything else as its JSON text);
-- structure, other names and values are kept, so the report still shows what changed.
CREATE FUNCTION dedup.report_redact(p_doc jsonb, p_ipad bytea, p_opad bytea)
RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT CASE pg_catalog.jsonb_typeof(p_doc)
        WHEN 'object' THEN (
            SELECT COALESCE(pg_catalog.jsonb_object_agg(e.key,
                       CASE
                           WHEN e.value = 'null'::jsonb THEN e.value
                           WHEN e.key = ANY (dedup.report_sensitive_names()) THEN
                               pg_catalog.to_jsonb(dedup.report_hmac(
                                   CASE pg_catalog.jsonb_typeof(e.value)
                                       WHEN 'string' THEN e.value #>> '{}'
                                       ELSE e.value::text
                                   END, p_ipad, p_opad))
                           ELSE dedup.report_redact(e.value, p_ipad, p_opad)
                       END), '{}'::jsonb)
              FROM pg_catalog.jsonb_each(p_doc) AS e)
        WHEN 'array' THEN (
            SELECT COALESCE(pg_catalog.jsonb_agg(dedup.report_redact(a.value, p_ipad, p_opad)
                                                 ORDER BY a.n), '[]'::jsonb)
              FROM pg_catalog.jsonb_array_elements(p_doc) WITH ORDINALITY AS a(value, n))
        ELSE p_doc
    END
$$;

-- Records that an operator exports raw keys / payloads: one audit row (run_id NULL,
-- params = the report's filter), in the caller's transaction, which the client commits
-- before it starts the export. Idempotent by p_action_key like the op_* functions: the same
-- key again returns the first row's id; a key used by another action is DD005.
-- Viewers cannot execute it (42501): a viewer's report is always redacted.
CREATE FUNCTION dedup.op_report_reveal(p_reason text, p_filter jsonb, p_action_key text)
RETURNS bigint
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    a    dedup.audit_log;
    v_id bigint;
BEGIN
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_report_reveal: a reason is required';
    END IF;
    IF p_action_key IS NULL OR p_action_key ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_report_reveal: p_action_key is required';
    END IF;
    IF p_filter IS NOT NULL AND jsonb_typeof(p_filter) <> 'object' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_report_reveal: p_filter must be an object';
    END IF;
    -- same serialisation as _op_replay: a resend waits for the first call, then replays it
    PERFORM pg_advisory_xact_lock(1145307137, hashtext(p_action_key));
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF FOUND THEN
        IF a.action <> 'report_reveal' THEN
            RAISE EXCEPTION USING ERRCODE = 'DD005',
                MESSAGE = format('op_report_reveal: action key %s was already used by %s',
                                 p_action_key, a.action);
        END IF;
        RETURN a.id;
    END IF;
    -- id, at, who, prev_hash and hash are filled in by the audit_log_chain trigger
    INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason,
                                 expected_token, params, outcome, detail, before, after,
                                 prev_hash, hash)
    VALUES (0, now(), session_user, 'report_reveal', NULL, p_action_key, p_reason, NULL,
            COALESCE(p_filter, '{}'::jsonb), 'applied',
            'report exported with raw keys, scopes and payloads', NULL, NULL, '', '')
    RETURNING id INTO v_id;
    RETURN v_id;
END
$$;

-- "Review opened in range" counts routed_to_review events by time; without this (small:
-- few runs go to review) partial index that count would scan every event of the store.
CREATE INDEX events_review_at_idx ON dedup.events (at) WHERE kind = 'routed_to_review';

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    dedup.report_hmac(text, bytea, bytea),
    dedup.report_sensitive_names(),
    dedup.report_redact(jsonb, bytea, bytea)
    TO dedup_operator, dedup_viewer;
GRANT EXECUTE ON FUNCTION dedup.op_report_reveal(text, jsonb, text) TO dedup_operator;
