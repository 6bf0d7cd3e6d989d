-- 0019_grant_checks.sql: the grant checks of every protocol call planned once per session
-- instead of once per call (issue 16, the write path).
--
-- Measured with track_functions = all (docs/PERFORMANCE.md "Write path"): of the 5.6 ms of
-- server time a one-step run took, the grant check dedup._may (which called _is_admin
-- first) took 2.2 ms, about 270 us per call, 4 calls per run. Both were LANGUAGE sql
-- functions with a SET clause: never inlined, and the plan of a SQL function lives only as
-- long as the calling expression, which PL/pgSQL keeps per transaction. Every protocol
-- call (each its own transaction) parsed and planned them again, pg_roles (a view over
-- pg_authid) included.
--
-- Redefined here, same signatures, attributes and privileges, as PL/pgSQL: PL/pgSQL keeps
-- a function's statement plans for the whole session, so a worker's connection plans them
-- once. What they answer does not change:
--   * _is_admin: a member of the role that owns schema dedup. A superuser is a member of
--     every role for pg_has_role (PostgreSQL's is_member_of_role), so the separate rolsuper
--     test through pg_roles answered nothing the membership test does not;
--   * _may: the caller's grants first (a worker's usual case: one lookup), the owner test
--     only when no grant matches;
--   * _reads_all: the same order.
-- Only plans are kept, never answers: a grant revoked (or given) counts from the next
-- statement of every session, as before (tests/store/tst_grantchecks.cpp).

CREATE OR REPLACE FUNCTION dedup._is_admin()
RETURNS boolean
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    RETURN pg_catalog.pg_has_role(session_user,
                                  (SELECT n.nspowner FROM pg_catalog.pg_namespace n
                                    WHERE n.nspname = 'dedup'),
                                  'MEMBER');
END
$$;

CREATE OR REPLACE FUNCTION dedup._may(p_caps text[], p_workflow text, p_scope text)
RETURNS boolean
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM dedup.access_grants g
                WHERE g.login = session_user
                  AND g.capability = ANY (p_caps)
                  AND (g.workflow IS NULL OR g.workflow = p_workflow)
                  AND (g.scope_prefix IS NULL
                       OR pg_catalog.starts_with(p_scope, g.scope_prefix))) THEN
        RETURN true;
    END IF;
    RETURN dedup._is_admin();
END
$$;

CREATE OR REPLACE FUNCTION dedup._reads_all()
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM dedup.access_grants g
                WHERE g.login = session_user AND g.capability IN ('operator', 'viewer')
                  AND g.workflow IS NULL AND g.scope_prefix IS NULL) THEN
        RETURN true;
    END IF;
    RETURN dedup._is_admin();
END
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
