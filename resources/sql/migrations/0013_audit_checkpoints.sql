-- 0013_audit_checkpoints.sql: audit checkpoints kept outside the database (issue 14, item 5).
--
-- The hash chain (0003) shows a row that was changed, removed or inserted, unless whoever did
-- it also recomputed every later hash and moved the head. The store's owner can do that
-- without being a superuser: ALTER TABLE ... DISABLE TRIGGER needs ownership only. Then
-- verify_audit() finds nothing, because everything it could compare with was rewritten too.
-- Only a record the database cannot reach shows such a rewrite: `dedupctl audit checkpoint`
-- signs the chain head (last row id, its hash, the row count, the server's time) with an
-- Ed25519 key the database never sees, and `dedupctl verify-audit --checkpoint` checks that
-- today's chain still holds each checkpoint's row with that hash (docs/CLI.md).
--
-- This file adds:
--   * times that never decrease along the chain, so a row slipped in with an earlier time
--     (back-dated) is a break of its own: verify_audit() problem 'time';
--   * the head guarded like the log: only the chain trigger moves it, forwards;
--   * dedup.audit_checkpoint(): a checkpoint's fields, read in one snapshot;
--   * dedup.audit_checkpoint_holds(id, hash): does today's chain hold that row with that
--     hash, and does the chain verify from its first row up to it?
-- The trigger audit_log_chain keeps its name: triggers of one kind fire in name order, and
-- later migrations may put their own BEFORE INSERT triggers ahead of it (0014's
-- audit_log_a_minimise), so that the hash covers what they changed.

-- ---------------------------------------------------------------------------------------
-- Times never decrease along the chain.
-- ---------------------------------------------------------------------------------------

-- Rows up to this id were written before this migration, by 0003's trigger, which took the
-- server's clock as it was: a clock stepped back (NTP, a restored VM) may have given one of
-- them an earlier time than its predecessor without anyone tampering. verify_audit()
-- compares times from the row after it on, so an old store does not start failing after the
-- upgrade. The head is locked: appends wait until this migration has committed.
DO $$
DECLARE
    v_last bigint;
BEGIN
    SELECT h.last_id INTO v_last FROM dedup.audit_head h WHERE h.singleton FOR UPDATE;
    EXECUTE format('CREATE FUNCTION dedup._audit_times_from()'
                   ' RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE'
                   ' AS %L', format('SELECT %s::bigint', COALESCE(v_last, 0)));
END
$$;
COMMENT ON FUNCTION dedup._audit_times_from() IS
    'Audit rows with a larger id are checked by verify_audit() to be no earlier than their '
    'predecessor (the last id before migration 0013).';

-- As 0003, but `at` is never earlier than the previous row's (the head's updated_at is that
-- row's at): if the server's clock steps back, the rows written meanwhile carry the last
-- time again. So an earlier time than the predecessor's can only come from a row written
-- past this trigger, which verify_audit() reports.
CREATE OR REPLACE FUNCTION dedup._audit_chain()
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
    NEW.at               := greatest(clock_timestamp(), h.updated_at);
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

-- ---------------------------------------------------------------------------------------
-- The head is guarded like the log.
-- ---------------------------------------------------------------------------------------

-- Nobody inserts, deletes or truncates the head, and the only UPDATE let through is the
-- chain trigger's own: it runs inside audit_log's BEFORE INSERT trigger, so this trigger
-- then fires at depth 2, while any statement a session sends (directly or from a function)
-- fires it at depth 1. The head may only move forwards (a larger id, a time no earlier).
-- Limits, as for the log: the owner can disable this trigger (or define a trigger of its own
-- that updates the head from depth 2), and a superuser can do anything; what this stops is
-- a direct or careless write, also by the owner and by pg_write_all_data members with a
-- planted policy. What the owner can still do is what signed checkpoints detect.
CREATE FUNCTION dedup._audit_head_guard()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF pg_catalog.pg_trigger_depth() > 1 AND NEW.singleton
           AND NEW.last_id > OLD.last_id AND NEW.updated_at >= OLD.updated_at THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'DD008',
        MESSAGE = format('dedup.audit_head is moved by the audit chain only (%s refused)', TG_OP);
END
$$;
CREATE TRIGGER audit_head_guard
    BEFORE INSERT OR UPDATE OR DELETE ON dedup.audit_head
    FOR EACH ROW EXECUTE FUNCTION dedup._audit_head_guard();
CREATE TRIGGER audit_head_no_truncate
    BEFORE TRUNCATE ON dedup.audit_head
    FOR EACH STATEMENT EXECUTE FUNCTION dedup._audit_head_guard();

-- ---------------------------------------------------------------------------------------
-- The chain checker, with times, and for a prefix of the chain.
-- ---------------------------------------------------------------------------------------

-- The first broken link among the rows with id <= p_upto, or no row. problem: 'prev_hash',
-- 'hash' (as 0003), and 'time': row `id` is earlier than its predecessor (expected = the
-- predecessor's time, actual = the row's, both as audit_canonical renders them). Owner only.
CREATE FUNCTION dedup._audit_chain_break(p_upto bigint)
RETURNS TABLE (id bigint, problem text, expected text, actual text)
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    a       record;
    v_prev  text := repeat('0', 64);
    v_at    timestamptz;
    v_from  bigint := dedup._audit_times_from();
BEGIN
    FOR a IN
        SELECT l.id, l.at, l.prev_hash, l.hash, dedup.audit_hash(l) AS calc
          FROM dedup.audit_log l
         WHERE l.id <= p_upto
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
        IF a.id > v_from AND a.at < v_at THEN
            RETURN QUERY SELECT a.id, 'time'::text,
                to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
            RETURN;
        END IF;
        v_prev := a.hash;
        v_at := a.at;
    END LOOP;
END
$$;

-- 0003's checker (renamed in 0010), now with times: the rows up to the head, then the tail.
CREATE OR REPLACE FUNCTION dedup._verify_audit_all()
RETURNS TABLE (id bigint, problem text, expected text, actual text)
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    h      dedup.audit_head;
    v_last bigint;
    v_hash text;
BEGIN
    -- read the head first: rows appended after this read have larger ids and are ignored
    SELECT * INTO h FROM dedup.audit_head WHERE singleton;
    RETURN QUERY SELECT * FROM dedup._audit_chain_break(COALESCE(h.last_id, 0));
    IF FOUND THEN
        RETURN;
    END IF;
    SELECT l.id, l.hash INTO v_last, v_hash
      FROM dedup.audit_log l
     WHERE l.id <= COALESCE(h.last_id, 0)
     ORDER BY l.id DESC
     LIMIT 1;
    v_last := COALESCE(v_last, 0);
    v_hash := COALESCE(v_hash, repeat('0', 64));
    IF h.last_hash IS DISTINCT FROM v_hash OR h.last_id IS DISTINCT FROM v_last THEN
        RETURN QUERY SELECT h.last_id, 'tail'::text, h.last_hash, v_hash;
    END IF;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Checkpoints. Both functions are for whoever may run verify_audit(): the owner and logins
-- with an operator or viewer grant (DD010 for others). They run as the owner, so they see
-- every row whatever row-level security hides from the caller, and return only ids,
-- hashes, counts and times, as verify_audit() does.
-- ---------------------------------------------------------------------------------------

-- The fields a checkpoint signs: the head (last row id and its hash), the number of rows up
-- to it and the server's clock, from one statement (one snapshot). row_count is the number
-- of rows, not last_id: ids of appends that were rolled back are never used.
CREATE FUNCTION dedup.audit_checkpoint()
RETURNS TABLE (last_id bigint, last_hash text, row_count bigint, server_time timestamptz)
LANGUAGE plpgsql STABLE
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
BEGIN
    IF NOT (dedup._has_capability('operator') OR dedup._has_capability('viewer')) THEN
        PERFORM dedup._deny('audit_checkpoint');
    END IF;
    RETURN QUERY
        SELECT h.last_id, h.last_hash,
               (SELECT count(*) FROM dedup.audit_log l WHERE l.id <= h.last_id),
               clock_timestamp()
          FROM dedup.audit_head h
         WHERE h.singleton;
END
$$;

-- Does today's chain still hold a checkpoint's row? One row: holds, or the first reason it
-- does not, in this order:
--   'head'    the chain's head is before p_id (rows removed from the end, or the head moved
--             back); head_id says where it is;
--   'missing' no row p_id (removed, or the rows renumbered);
--   'hash'    row p_id has another hash than the checkpoint's (`hash` = the stored one): the
--             row, or one before it, was rewritten and the chain re-hashed;
--   'chain'   the row holds the hash, but the chain from its first row up to p_id does not
--             verify: broken_id / broken_problem are the first broken link (as
--             verify_audit() names it: 'prev_hash', 'hash' or 'time').
-- It walks every row up to p_id (as verify_audit() walks them all).
CREATE FUNCTION dedup.audit_checkpoint_holds(p_id bigint, p_hash text)
RETURNS TABLE (holds boolean, problem text, hash text, head_id bigint, broken_id bigint,
               broken_problem text)
LANGUAGE plpgsql STABLE
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_head bigint;
    v_hash text;
    b      record;
BEGIN
    IF NOT (dedup._has_capability('operator') OR dedup._has_capability('viewer')) THEN
        PERFORM dedup._deny('audit_checkpoint_holds');
    END IF;
    IF p_id IS NULL OR p_id < 1 OR p_hash IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'audit_checkpoint_holds: a row id (1 or more) and a hash are required';
    END IF;
    SELECT h.last_id INTO v_head FROM dedup.audit_head h WHERE h.singleton;
    IF v_head IS NULL OR v_head < p_id THEN
        RETURN QUERY SELECT false, 'head'::text, NULL::text, v_head, NULL::bigint, NULL::text;
        RETURN;
    END IF;
    SELECT l.hash INTO v_hash FROM dedup.audit_log l WHERE l.id = p_id;
    IF NOT FOUND THEN
        RETURN QUERY SELECT false, 'missing'::text, NULL::text, v_head, NULL::bigint, NULL::text;
        RETURN;
    END IF;
    IF v_hash IS DISTINCT FROM p_hash THEN
        RETURN QUERY SELECT false, 'hash'::text, v_hash, v_head, NULL::bigint, NULL::text;
        RETURN;
    END IF;
    SELECT * INTO b FROM dedup._audit_chain_break(p_id);
    IF FOUND THEN
        RETURN QUERY SELECT false, 'chain'::text, v_hash, v_head, b.id, b.problem;
        RETURN;
    END IF;
    RETURN QUERY SELECT true, NULL::text, v_hash, v_head, NULL::bigint, NULL::text;
END
$$;

COMMENT ON FUNCTION dedup.audit_checkpoint() IS
    'The chain head (last_id, last_hash), the number of audit rows up to it and the server '
    'time, for a checkpoint signed outside the database (dedupctl audit checkpoint).';
COMMENT ON FUNCTION dedup.audit_checkpoint_holds(bigint, text) IS
    'Whether today''s audit chain holds row p_id with hash p_hash and verifies up to it '
    '(dedupctl verify-audit --checkpoint).';

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.audit_checkpoint(), dedup.audit_checkpoint_holds(bigint, text)
    TO dedup_operator, dedup_viewer;
