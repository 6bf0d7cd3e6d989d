-- 0015_report_key.sql: a report's redaction key is drawn by the server and never leaves it.
--
-- Until now the client drew the 32-byte HMAC key of a redacted report and sent its pads as
-- the parameters of set_config(). A parameter is no part of a statement's text, but a server
-- with log_statement = 'all' (or log_min_duration_statement = 0) logs it anyway ("DETAIL:
-- parameters: $1 = '...'"). Whoever reads that log and a redacted report can then try
-- candidates for a hashed value offline: a medical record number has few enough possible
-- values to be re-identified that way.
--
-- From this migration on, the client calls dedup.report_begin() inside the transaction the
-- report reads in. The function draws the key here and stores its pads as transaction-local
-- settings itself: no statement text, parameter or result carries key material, and the key
-- is gone when the transaction ends (an unexported key cannot be asked for later). Every
-- section and format of one report is read in that one transaction, so equal values hash
-- equally within a report and differently in the next one.
--
-- dedup.report_ipad() / dedup.report_opad() hand the pads to the export's statements and
-- refuse to run when this transaction drew no key: a forgotten report_begin() is an error,
-- never a hash under an empty (publicly known) key.

-- The key: SHA-256 over four version-4 UUIDs from gen_random_uuid(), which PostgreSQL draws
-- from its strong random source (pg_strong_random: OpenSSL's RAND_bytes or /dev/urandom).
-- Each carries 122 random bits (6 are the version and variant), 488 bits in all, condensed to
-- the 256-bit key. No extension (pgcrypto) is needed.
--
-- RFC 2104 pads: the key zero-padded to SHA-256's 64-byte block, XOR 0x36 (inner) and 0x5c
-- (outer), stored as hex (a setting is text). is_local = true: they revert when the
-- transaction ends, whether it commits or rolls back. Drawing a second key in one transaction
-- would split a report between two keys, so that is refused (DD004).
--
-- Runs with the caller's rights: it reads nothing and writes no table. The SET clause only
-- confines search_path; the two set_config() calls are about other settings and outlive the
-- call, as they must.
CREATE FUNCTION dedup.report_begin()
RETURNS void
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    k    bytea;
    ipad bytea := '\x'::bytea;
    opad bytea := '\x'::bytea;
    b    integer;
BEGIN
    IF COALESCE(current_setting('dedup.report_ipad', true), '') <> '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'report_begin: this transaction already has a report key',
            HINT = 'Read every section of one report in one transaction; a new report '
                   'starts a new transaction.';
    END IF;
    k := sha256(convert_to('dedup report key', 'UTF8')
                || uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())
                || uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
    FOR i IN 0 .. 63 LOOP
        b := CASE WHEN i < length(k) THEN get_byte(k, i) ELSE 0 END;
        ipad := ipad || set_byte('\x00'::bytea, 0, b # 54);
        opad := opad || set_byte('\x00'::bytea, 0, b # 92);
    END LOOP;
    PERFORM set_config('dedup.report_ipad', encode(ipad, 'hex'), true);
    PERFORM set_config('dedup.report_opad', encode(opad, 'hex'), true);
END
$$;

-- The pads drawn by report_begin() in this transaction. The export reads each once per
-- statement (an uncorrelated sub-select, an InitPlan) and passes it to report_hmac /
-- report_redact, which stay inlinable. 55000 (object_not_in_prerequisite_state) without a key.
CREATE FUNCTION dedup._report_pad(p_name text)
RETURNS bytea
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_pad bytea := decode(COALESCE(current_setting(p_name, true), ''), 'hex');
BEGIN
    IF length(v_pad) <> 64 THEN
        RAISE EXCEPTION USING ERRCODE = '55000',
            MESSAGE = 'no report key in this transaction',
            HINT = 'Call dedup.report_begin() first, in the transaction that reads the report.';
    END IF;
    RETURN v_pad;
END
$$;

CREATE FUNCTION dedup.report_ipad()
RETURNS bytea
LANGUAGE sql STABLE
AS $$ SELECT dedup._report_pad('dedup.report_ipad') $$;

CREATE FUNCTION dedup.report_opad()
RETURNS bytea
LANGUAGE sql STABLE
AS $$ SELECT dedup._report_pad('dedup.report_opad') $$;

-- Whoever may export a report may start one: viewers (redacted reports only) and operators.
-- Workers read no runs and make no reports.
REVOKE ALL ON FUNCTION dedup.report_begin(), dedup._report_pad(text), dedup.report_ipad(),
    dedup.report_opad() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.report_begin(), dedup._report_pad(text), dedup.report_ipad(),
    dedup.report_opad() TO dedup_operator, dedup_viewer;
