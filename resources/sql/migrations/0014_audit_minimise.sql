-- 0014_audit_minimise.sql: audit rows never copy what a worker wrote (issue 14, item 2).
--
-- The audit log is append-only and hash-chained: nothing written to it can ever be removed,
-- and it outlives the runs it names (purges do not touch it). Until now a row could copy a
-- worker's payload verbatim: op_resolve_review's result, op_resolve_step's side_effect_ref,
-- the run's last error message and the review reason derived from it (before / after), a
-- bulk operation's key prefix, exact key or correlation id. Those may carry patient data.
--
-- From this migration on, every audit row is minimised when it is inserted, whoever inserts
-- it (an operator function, a bulk step, a report reveal, a future function that forgets):
-- the BEFORE INSERT trigger below replaces the value of every worker-supplied name, at any
-- depth of params / before / after, by a keyed digest
--     'hmac:' || first 32 hex digits of HMAC-SHA256(audit digest key, value)
-- (a string is digested as the string, anything else as its jsonb text; JSON null stays).
-- An error object ({class, message}) keeps its class: only the message is the worker's text.
-- The run id on the row is the reference to the full value while the run exists. The digest
-- lets the store's owner confirm "was it this value?" (dedup.audit_digest) without the row
-- holding it; without the key, a low-entropy value (a medical record number) cannot be
-- recovered by trying candidates, as it could from a plain SHA-256.
--
-- What stays: operators' own text (reason, review notes, assignee) and everything the store
-- itself chose (statuses, tokens, workflow, error class, step names, times, counts). Reports
-- export reasons and notes redacted unless revealed (dedup.report_sensitive_names below).
-- Rows written before this migration keep what they hold: the chain forbids rewriting them.
--
-- Triggers of one kind fire in name order: audit_log_a_minimise runs before audit_log_chain,
-- so the hash covers the minimised row.

-- The digest key: 32 bytes drawn here, on the server, never sent anywhere. Three version-4
-- UUIDs carry 366 bits from the server's strong random source (pg_strong_random); SHA-256
-- condenses them to 256. The HMAC pads are stored with it (there is no bytea XOR to build
-- them per call). Owner only: no grant, and row-level security without a policy.
CREATE TABLE dedup.audit_digest_key (
    singleton boolean NOT NULL DEFAULT true PRIMARY KEY,
    ipad      bytea   NOT NULL,
    opad      bytea   NOT NULL,
    CONSTRAINT audit_digest_key_singleton_check CHECK (singleton),
    CONSTRAINT audit_digest_key_pads_check CHECK (length(ipad) = 64 AND length(opad) = 64)
);
REVOKE ALL ON TABLE dedup.audit_digest_key FROM PUBLIC;
ALTER TABLE dedup.audit_digest_key ENABLE ROW LEVEL SECURITY;

-- RFC 2104 pads of a key of at most 64 bytes: the key padded with zeros to the 64-byte
-- block, XOR 0x36 (ipad) and 0x5c (opad). Also used by 0016 for the redaction key.
CREATE FUNCTION dedup._hmac_pads(p_key bytea, OUT ipad bytea, OUT opad bytea)
LANGUAGE plpgsql IMMUTABLE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    b integer;
BEGIN
    ipad := '\x'::bytea;
    opad := '\x'::bytea;
    FOR i IN 0 .. 63 LOOP
        b := CASE WHEN i < length(p_key) THEN get_byte(p_key, i) ELSE 0 END;
        ipad := ipad || set_byte('\x00'::bytea, 0, b # 54);
        opad := opad || set_byte('\x00'::bytea, 0, b # 92);
    END LOOP;
END
$$;

-- A fresh 32-byte key: three version-4 UUIDs (366 bits from the server's strong random
-- source, pg_strong_random) condensed by SHA-256.
CREATE FUNCTION dedup._draw_key()
RETURNS bytea
LANGUAGE sql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text
                             || gen_random_uuid()::text, 'UTF8'))
$$;

INSERT INTO dedup.audit_digest_key (singleton, ipad, opad)
SELECT true, p.ipad, p.opad FROM dedup._hmac_pads(dedup._draw_key()) p;

-- The names whose values a worker (or a webhook sender, or a provider) wrote, wherever they
-- appear in params / before / after. An allow-list would drop the operators' own fields the
-- audit exists to keep; the trigger therefore names what it removes, and the test suite
-- checks every name the store's functions write (tests/store/tst_auditminimise.cpp).
CREATE FUNCTION dedup.audit_payload_names()
RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT ARRAY['idem_key', 'key', 'exact_key', 'key_prefix', 'correlation_id', 'fingerprint',
                 'stored_fingerprint', 'result', 'context', 'message', 'review_reason',
                 'downstream_key', 'side_effect_ref', 'body']
$$;

-- STABLE like convert_to(), so that the planner can inline it.
CREATE FUNCTION dedup._audit_digest(p_value text, p_ipad bytea, p_opad bytea)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT 'hmac:' || left(encode(pg_catalog.sha256(p_opad || pg_catalog.sha256(
                   p_ipad || pg_catalog.convert_to(p_value, 'UTF8'))), 'hex'), 32)
$$;

-- A copy of p_doc with the value of every payload name digested (at any depth).
CREATE FUNCTION dedup._audit_minimise_doc(p_doc jsonb, p_ipad bytea, p_opad bytea)
RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT CASE pg_catalog.jsonb_typeof(p_doc)
        WHEN 'object' THEN (
            SELECT COALESCE(pg_catalog.jsonb_object_agg(e.key,
                       CASE
                           WHEN e.value = 'null'::jsonb THEN e.value
                           WHEN e.key = ANY (dedup.audit_payload_names()) THEN
                               pg_catalog.to_jsonb(dedup._audit_digest(
                                   CASE pg_catalog.jsonb_typeof(e.value)
                                       WHEN 'string' THEN e.value #>> '{}'
                                       ELSE e.value::text
                                   END, p_ipad, p_opad))
                           ELSE dedup._audit_minimise_doc(e.value, p_ipad, p_opad)
                       END), '{}'::jsonb)
              FROM pg_catalog.jsonb_each(p_doc) AS e)
        WHEN 'array' THEN (
            SELECT COALESCE(pg_catalog.jsonb_agg(dedup._audit_minimise_doc(a.value, p_ipad, p_opad)
                                                 ORDER BY a.n), '[]'::jsonb)
              FROM pg_catalog.jsonb_array_elements(p_doc) WITH ORDINALITY AS a(value, n))
        ELSE p_doc
    END
$$;

-- BEFORE INSERT, ahead of audit_log_chain (name order). SECURITY DEFINER: it reads the key,
-- which only the owner may; the inserting role does not matter.
CREATE FUNCTION dedup._audit_minimise()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    k dedup.audit_digest_key;
BEGIN
    SELECT * INTO k FROM dedup.audit_digest_key WHERE singleton;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD008', MESSAGE = 'dedup.audit_digest_key is missing';
    END IF;
    NEW.params := dedup._audit_minimise_doc(NEW.params, k.ipad, k.opad);
    NEW.before := dedup._audit_minimise_doc(NEW.before, k.ipad, k.opad);
    NEW.after  := dedup._audit_minimise_doc(NEW.after, k.ipad, k.opad);
    RETURN NEW;
END
$$;
CREATE TRIGGER audit_log_a_minimise
    BEFORE INSERT ON dedup.audit_log
    FOR EACH ROW EXECUTE FUNCTION dedup._audit_minimise();

-- The owner's check of a digest: the digest a value would have in the audit log (the
-- value as the row held it: a string as the string, anything else as its jsonb text).
-- Owner only: for anyone else it would be an oracle to try candidate values against.
CREATE FUNCTION dedup.audit_digest(p_value text)
RETURNS text
LANGUAGE sql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    SELECT dedup._audit_digest(p_value, k.ipad, k.opad)
      FROM dedup.audit_digest_key k
     WHERE k.singleton
$$;

-- Reports: operators' own text (reasons, review notes) is exported redacted unless revealed,
-- as are the review reason and the digests above (a digest of a digest changes nothing an
-- attacker could use, and keeps one rule: redacted means no value written by a person or a
-- worker).
CREATE OR REPLACE FUNCTION dedup.report_sensitive_names()
RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT ARRAY['scope', 'idem_key', 'key', 'exact_key', 'key_prefix', 'correlation_id',
                 'fingerprint', 'stored_fingerprint', 'result', 'context', 'message',
                 'downstream_key', 'side_effect_ref', 'body', 'review_reason', 'review_note',
                 'note', 'reason']
$$;

REVOKE ALL ON FUNCTION dedup.audit_payload_names(), dedup._audit_digest(text, bytea, bytea),
    dedup._audit_minimise_doc(jsonb, bytea, bytea), dedup._audit_minimise(),
    dedup.audit_digest(text), dedup._hmac_pads(bytea), dedup._draw_key() FROM PUBLIC;
