-- 0005_roles_grants.sql: roles and privileges (SPEC 4). The database enforces them.
--
--   dedup_worker   : EXECUTE the worker protocol functions; no table access.
--   dedup_operator : SELECT on the tables; EXECUTE op_*, continuation_preview,
--                    verify_audit, purge_expired.
--   dedup_viewer   : SELECT on the tables; EXECUTE the read-only continuation_preview and
--                    verify_audit.
-- Only the owner (the migrating role) can write the tables directly; nobody, the owner
-- included, can UPDATE/DELETE/TRUNCATE dedup.audit_log (triggers in 0003).
--
-- Roles are cluster-global and many databases of one cluster run this file: create them
-- only when missing (and tolerate a concurrent migration creating them first). They are
-- NOLOGIN groups: grant them to login roles (GRANT dedup_operator TO alice).
-- The migrating role needs CREATEROLE (or superuser) the first time.
--
-- Convention for later migrations: functions are EXECUTE-able by PUBLIC when created, so
-- every migration that creates functions ends with
--   REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
-- and grants explicitly, as here.

DO $$
DECLARE
    v_role text;
BEGIN
    FOREACH v_role IN ARRAY ARRAY['dedup_worker', 'dedup_operator', 'dedup_viewer'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = v_role) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL;   -- created concurrently by a migration of another database
            END;
        END IF;
    END LOOP;
END
$$;

REVOKE ALL ON SCHEMA dedup FROM PUBLIC;
GRANT USAGE ON SCHEMA dedup TO dedup_worker, dedup_operator, dedup_viewer;

REVOKE ALL ON ALL TABLES IN SCHEMA dedup FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA dedup FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;

GRANT SELECT ON dedup.runs, dedup.steps, dedup.events, dedup.commands, dedup.audit_log,
                dedup.audit_head, dedup.workflow_settings, dedup.schema_migrations
      TO dedup_operator, dedup_viewer;

GRANT EXECUTE ON FUNCTION
    dedup.claim(text, text, text, text, text, text, interval, text[], text, text, integer, jsonb),
    dedup.heartbeat(bigint, bigint, interval),
    dedup.begin_step(bigint, bigint, text, text),
    dedup.complete_step(bigint, bigint, text, text),
    dedup.fail_step(bigint, bigint, text, text, text, boolean),
    dedup.skip_step(bigint, bigint, text, text),
    dedup.succeed(bigint, bigint, jsonb),
    dedup.fail(bigint, bigint, text, text, boolean),
    dedup.take_command(text, interval, text[])
    TO dedup_worker;

GRANT EXECUTE ON FUNCTION
    dedup.op_clear_stale_lease(bigint, bigint, text, text),
    dedup.op_request_continuation(bigint, bigint, text, text, boolean),
    dedup.op_route_to_review(bigint, bigint, text, text, text),
    dedup.op_resolve_review(bigint, bigint, text, text, text, jsonb, boolean),
    dedup.op_cancel(bigint, bigint, text, text),
    dedup.op_assign_review(bigint, bigint, text, text, text),
    dedup.op_review_note(bigint, bigint, text, text, text),
    dedup.op_resolve_step(bigint, bigint, text, text, text, text, text),
    dedup.purge_expired(integer)
    TO dedup_operator;

GRANT EXECUTE ON FUNCTION
    dedup.continuation_preview(bigint, boolean),
    dedup.verify_audit(),
    dedup.audit_canonical(dedup.audit_log),
    dedup.audit_hash(dedup.audit_log)
    TO dedup_operator, dedup_viewer;
