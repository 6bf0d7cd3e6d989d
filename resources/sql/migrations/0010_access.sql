-- 0010_access.sql: trust boundaries inside the store (docs/SECURITY.md, docs/PROTOCOL.md
-- "Access" and "Limits").
--
--   * The store keeps its own grants (dedup.access_grants): login x capability (worker,
--     operator, viewer) x workflow (or all) x scope prefix (or all). They live in this
--     database, so a grant in one store gives nothing in another store on the same cluster.
--     The cluster-wide group roles (dedup_worker, dedup_operator, dedup_viewer) still carry
--     the SQL privileges (EXECUTE, SELECT), but every function checks the grants and every
--     table that carries a run's data has row-level security: a login without grants sees
--     and does nothing. The store owner (members of the schema's owner role) and
--     superusers are trusted with everything.
--   * A lease belongs to the login that acquired it (runs.lease_login) and carries a secret
--     (runs.lease_secret, 122 random bits) that the worker must present with the lease
--     token on every write. No message names either.
--   * Change signals carry only what the store itself decides (no client setting shapes
--     them); locks the store takes for itself are row locks on a table nobody else may lock.
--   * Documented maxima for every argument; blank keys, ids and downstream keys refused.
--
-- Identity is session_user (the login): SET ROLE does not change it.

-- ---------------------------------------------------------------------------------------
-- The cluster-wide group roles: the store adopts only roles with exactly the attributes it
-- gives them (NOLOGIN, no SUPERUSER, CREATEDB, CREATEROLE, REPLICATION or BYPASSRLS, member
-- of no other role) and marks them with a comment; the migrator refuses to set up a new
-- store next to unmarked ones (docs/SECURITY.md, "Roles").
-- ---------------------------------------------------------------------------------------
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT a.oid, a.rolname, a.rolcanlogin, a.rolsuper, a.rolcreatedb, a.rolcreaterole,
                    a.rolreplication, a.rolbypassrls,
                    EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m WHERE m.member = a.oid)
                        AS is_member
               FROM pg_catalog.pg_roles a
              WHERE a.rolname IN ('dedup_worker', 'dedup_operator', 'dedup_viewer')
    LOOP
        IF r.rolcanlogin OR r.rolsuper OR r.rolcreatedb OR r.rolcreaterole OR r.rolreplication
           OR r.rolbypassrls OR r.is_member THEN
            RAISE EXCEPTION USING ERRCODE = 'DD010',
                MESSAGE = format('role %s has attributes or memberships the store does not give '
                                 'it; the store will not adopt it', r.rolname),
                HINT = 'It must be NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION '
                       'NOBYPASSRLS and a member of no role; fix or drop it, then migrate again.';
        END IF;
        BEGIN
            EXECUTE format('COMMENT ON ROLE %I IS %L', r.rolname,
                           'dedup store group role (created by the dedup migrations)');
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'could not mark role % (needs CREATEROLE); new stores on this cluster '
                         'will refuse it until a role with CREATEROLE migrates', r.rolname;
        END;
    END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Store settings (one row). Changed by the owner with UPDATE.
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.store_settings (
    singleton          boolean     NOT NULL DEFAULT true PRIMARY KEY,
    max_lease          interval    NOT NULL DEFAULT interval '1 hour',
    max_context_bytes  integer     NOT NULL DEFAULT 65536,
    max_result_bytes   integer     NOT NULL DEFAULT 1048576,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT store_settings_singleton_check CHECK (singleton),
    CONSTRAINT store_settings_max_lease_check
        CHECK (max_lease > interval '0' AND max_lease <= interval '1 day'),
    CONSTRAINT store_settings_max_context_check CHECK (max_context_bytes BETWEEN 1 AND 104857600),
    CONSTRAINT store_settings_max_result_check  CHECK (max_result_bytes BETWEEN 1 AND 104857600)
);
INSERT INTO dedup.store_settings DEFAULT VALUES;
COMMENT ON TABLE dedup.store_settings IS
    'Limits the protocol enforces: longest lease (default 1 hour), largest claim context '
    '(64 KiB) and succeed result (1 MiB), as the bytes of their JSON text.';

-- ---------------------------------------------------------------------------------------
-- Grants.
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.access_grants (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login         text        NOT NULL,
    capability    text        NOT NULL,
    workflow      text,                    -- NULL: every workflow
    scope_prefix  text        COLLATE "C", -- NULL: every scope
    granted_by    text        NOT NULL DEFAULT session_user,
    granted_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT access_grants_capability_check
        CHECK (capability IN ('worker', 'operator', 'viewer')),
    CONSTRAINT access_grants_workflow_check CHECK (workflow <> ''),
    CONSTRAINT access_grants_scope_prefix_check CHECK (scope_prefix <> ''),
    CONSTRAINT access_grants_key
        UNIQUE NULLS NOT DISTINCT (login, capability, workflow, scope_prefix)
);
COMMENT ON TABLE dedup.access_grants IS
    'Who may do what in this store: a row permits its login, as worker / operator / viewer, '
    'the runs of its workflow (NULL: all) whose scope starts with its scope_prefix (NULL: '
    'all). Rows add up; operator includes viewer. Managed with access_grant / access_revoke.';

-- Nobody but the owner reads or writes the grants: row-level security without a policy also
-- holds against pg_read_all_data / pg_write_all_data members.
ALTER TABLE dedup.access_grants ENABLE ROW LEVEL SECURITY;

-- Store locks: a row per lock stripe. Nobody but the owner may lock these rows (locking a
-- row needs UPDATE), unlike advisory lock keys, which any login of the database can take.
CREATE TABLE dedup.lock_stripes (
    space   integer NOT NULL,   -- 1: operator action keys, 2: bulk ids, 3: dashboard fold
    stripe  integer NOT NULL,
    CONSTRAINT lock_stripes_pkey PRIMARY KEY (space, stripe)
);
ALTER TABLE dedup.lock_stripes ENABLE ROW LEVEL SECURITY;
INSERT INTO dedup.lock_stripes (space, stripe)
SELECT 1, s FROM generate_series(0, 16383) s
UNION ALL SELECT 2, s FROM generate_series(0, 255) s
UNION ALL SELECT 3, 0;

CREATE FUNCTION dedup._lock(p_space integer, p_key text)
RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM 1 FROM dedup.lock_stripes l
     WHERE l.space = p_space
       AND l.stripe = (pg_catalog.hashtext(COALESCE(p_key, ''))
                       & CASE p_space WHEN 1 THEN 16383 WHEN 2 THEN 255 ELSE 0 END)
       FOR UPDATE;
END
$$;

-- The store owner (and superusers): members of the role that owns schema dedup.
CREATE FUNCTION dedup._is_admin()
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT COALESCE((SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = session_user),
                    false)
        OR pg_catalog.pg_has_role(session_user,
                                  (SELECT n.nspowner FROM pg_catalog.pg_namespace n
                                    WHERE n.nspname = 'dedup'),
                                  'MEMBER')
$$;

-- May the caller act as one of p_caps on a run of (p_workflow, p_scope)?
CREATE FUNCTION dedup._may(p_caps text[], p_workflow text, p_scope text)
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT dedup._is_admin()
        OR EXISTS (SELECT 1 FROM dedup.access_grants g
                    WHERE g.login = session_user
                      AND g.capability = ANY (p_caps)
                      AND (g.workflow IS NULL OR g.workflow = p_workflow)
                      AND (g.scope_prefix IS NULL
                           OR pg_catalog.starts_with(p_scope, g.scope_prefix)))
$$;

-- Row-level security reads these two (SECURITY DEFINER: readers have no access to the
-- grants table). _reads_all() is an InitPlan in every policy, so an unrestricted reader
-- pays one call per query; a restricted one pays a lookup in its (few) grants per row.
-- The policies test it as `::integer <> 0` rather than bare: the planner estimates an
-- unknown boolean at 50%, which made every row estimate (the console's counts of large
-- filters) 25% low; an integer inequality it estimates at 99.5% (and `<> false` it would
-- simplify back to the bare boolean).
CREATE FUNCTION dedup._reads_all()
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT dedup._is_admin()
        OR EXISTS (SELECT 1 FROM dedup.access_grants g
                    WHERE g.login = session_user AND g.capability IN ('operator', 'viewer')
                      AND g.workflow IS NULL AND g.scope_prefix IS NULL)
$$;

CREATE FUNCTION dedup._read_grants()
RETURNS TABLE (workflow text, scope_prefix text)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT g.workflow, g.scope_prefix::text FROM dedup.access_grants g
     WHERE g.login = session_user AND g.capability IN ('operator', 'viewer')
$$;

CREATE FUNCTION dedup._deny(p_fn text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'DD010',
        MESSAGE = format('%s: not permitted', p_fn),
        HINT = 'The store''s grants (dedup.my_access()) do not cover this workflow and scope.';
END
$$;

-- A text argument: required or not, never blank, at most p_max bytes (UTF-8).
CREATE FUNCTION dedup._check_text(p_fn text, p_name text, p_value text, p_max integer,
                                  p_required boolean)
RETURNS void
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
    IF p_value IS NULL THEN
        IF p_required THEN
            RAISE EXCEPTION USING ERRCODE = 'DD004',
                MESSAGE = format('%s: %s is required', p_fn, p_name);
        END IF;
        RETURN;
    END IF;
    IF p_value ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: %s must not be empty or blank', p_fn, p_name);
    END IF;
    IF pg_catalog.octet_length(p_value) > p_max THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('%s: %s is %s bytes; the limit is %s', p_fn, p_name,
                             pg_catalog.octet_length(p_value), p_max);
    END IF;
END
$$;

CREATE FUNCTION dedup._check_lease(p_fn text, p_lease interval)
RETURNS void
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v_max interval := (SELECT s.max_lease FROM dedup.store_settings s);
BEGIN
    IF p_lease IS NULL OR p_lease <= interval '0' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('%s: p_lease must be positive', p_fn);
    END IF;
    IF p_lease > COALESCE(v_max, interval '1 hour') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('%s: p_lease %s is longer than the store''s max_lease %s', p_fn,
                             p_lease, COALESCE(v_max, interval '1 hour')),
            HINT = 'Heartbeat instead of asking for a long lease.';
    END IF;
END
$$;

CREATE FUNCTION dedup._check_json(p_fn text, p_name text, p_value jsonb, p_max integer)
RETURNS void
LANGUAGE plpgsql IMMUTABLE
AS $$
DECLARE
    v_bytes integer;
BEGIN
    IF p_value IS NULL THEN
        RETURN;
    END IF;
    v_bytes := pg_catalog.octet_length(p_value::text);
    IF v_bytes > p_max THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('%s: %s is %s bytes; the limit is %s', p_fn, p_name, v_bytes, p_max);
    END IF;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Managing grants (owner only) and reading one's own.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup.access_grant(p_login text, p_capability text,
                                   p_workflows text[] DEFAULT NULL,
                                   p_scope_prefixes text[] DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_group text;
    v_added integer;
    v_wf    text[] := CASE WHEN COALESCE(cardinality(p_workflows), 0) = 0 THEN ARRAY[NULL::text]
                           ELSE p_workflows END;
    v_pf    text[] := CASE WHEN COALESCE(cardinality(p_scope_prefixes), 0) = 0 THEN ARRAY[NULL::text]
                           ELSE p_scope_prefixes END;
    v_item  text;
BEGIN
    IF NOT dedup._is_admin() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD010',
            MESSAGE = 'access_grant: only the store owner manages grants';
    END IF;
    PERFORM dedup._check_text('access_grant', 'p_login', p_login, 63, true);
    IF NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = p_login) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('access_grant: there is no role %s', p_login);
    END IF;
    -- Grants are matched against session_user, which is always a login: a grant to a group
    -- role would do nothing (and would make one dedup_* group a member of another).
    IF NOT (SELECT r.rolcanlogin FROM pg_roles r WHERE r.rolname = p_login) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('access_grant: role %s cannot log in; grants are for login roles',
                             p_login);
    END IF;
    IF p_capability IS NULL OR p_capability NOT IN ('worker', 'operator', 'viewer') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'access_grant: p_capability must be worker, operator or viewer';
    END IF;
    IF array_ndims(p_workflows) > 1 OR array_ndims(p_scope_prefixes) > 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'access_grant: p_workflows and p_scope_prefixes are one-dimensional';
    END IF;
    FOREACH v_item IN ARRAY COALESCE(p_workflows, '{}') LOOP
        PERFORM dedup._check_text('access_grant', 'workflow', v_item, 100, true);
    END LOOP;
    FOREACH v_item IN ARRAY COALESCE(p_scope_prefixes, '{}') LOOP
        IF v_item IS NULL OR v_item = '' THEN
            RAISE EXCEPTION USING ERRCODE = 'DD004',
                MESSAGE = 'access_grant: a scope prefix must not be empty (omit it for every scope)';
        END IF;
        PERFORM dedup._check_text('access_grant', 'scope prefix', v_item, 200, true);
    END LOOP;

    -- The SQL privileges come with the cluster-wide group role.
    v_group := 'dedup_' || p_capability;
    IF NOT pg_has_role(p_login, v_group, 'MEMBER') THEN
        BEGIN
            EXECUTE format('GRANT %I TO %I', v_group, p_login);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE EXCEPTION USING ERRCODE = 'DD010',
                MESSAGE = format('access_grant: %s is not a member of %s and the store owner '
                                 'may not grant it', p_login, v_group),
                HINT = format('Run GRANT %I TO %I as a role with CREATEROLE, then grant again.',
                              v_group, p_login);
        END;
    END IF;

    INSERT INTO dedup.access_grants (login, capability, workflow, scope_prefix)
    SELECT p_login, p_capability, w, p
      FROM unnest(v_wf) AS w CROSS JOIN unnest(v_pf) AS p
    ON CONFLICT ON CONSTRAINT access_grants_key DO NOTHING;
    GET DIAGNOSTICS v_added = ROW_COUNT;
    RETURN v_added;
END
$$;
COMMENT ON FUNCTION dedup.access_grant(text, text, text[], text[]) IS
    'Adds one grant per (workflow, scope prefix) pair (NULL or empty array: all); returns how '
    'many were new. Makes the login a member of dedup_<capability> when it is not.';

CREATE FUNCTION dedup.access_revoke(p_login text, p_capability text DEFAULT NULL,
                                    p_workflows text[] DEFAULT NULL,
                                    p_scope_prefixes text[] DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_removed integer;
BEGIN
    IF NOT dedup._is_admin() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD010',
            MESSAGE = 'access_revoke: only the store owner manages grants';
    END IF;
    PERFORM dedup._check_text('access_revoke', 'p_login', p_login, 63, true);
    IF p_capability IS NOT NULL AND p_capability NOT IN ('worker', 'operator', 'viewer') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'access_revoke: p_capability must be worker, operator or viewer';
    END IF;
    DELETE FROM dedup.access_grants g
     WHERE g.login = p_login
       AND (p_capability IS NULL OR g.capability = p_capability)
       AND (COALESCE(cardinality(p_workflows), 0) = 0 OR g.workflow = ANY (p_workflows))
       AND (COALESCE(cardinality(p_scope_prefixes), 0) = 0
            OR g.scope_prefix = ANY (p_scope_prefixes::text[]));
    GET DIAGNOSTICS v_removed = ROW_COUNT;
    RETURN v_removed;
END
$$;
COMMENT ON FUNCTION dedup.access_revoke(text, text, text[], text[]) IS
    'Removes the login''s grants that match every filter given (NULL: any); returns how many. '
    'Group role memberships stay (other stores on the cluster may rely on them).';

CREATE FUNCTION dedup.access_list()
RETURNS TABLE (login text, capability text, workflow text, scope_prefix text,
               granted_by text, granted_at timestamptz)
LANGUAGE plpgsql STABLE
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    IF NOT dedup._is_admin() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD010',
            MESSAGE = 'access_list: only the store owner lists every grant',
            HINT = 'dedup.my_access() lists your own.';
    END IF;
    RETURN QUERY
    SELECT g.login, g.capability, g.workflow, g.scope_prefix::text, g.granted_by, g.granted_at
      FROM dedup.access_grants g
     ORDER BY g.login, g.capability, g.workflow NULLS FIRST, g.scope_prefix NULLS FIRST;
END
$$;

-- The caller's own rights: one row per grant; the owner gets one row ('owner', NULL, NULL).
CREATE FUNCTION dedup.my_access()
RETURNS TABLE (capability text, workflow text, scope_prefix text)
LANGUAGE sql STABLE
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
    SELECT 'owner'::text, NULL::text, NULL::text WHERE dedup._is_admin()
    UNION ALL
    SELECT * FROM (
        SELECT g.capability, g.workflow, g.scope_prefix::text FROM dedup.access_grants g
         WHERE g.login = session_user
         ORDER BY g.capability, g.workflow NULLS FIRST, g.scope_prefix NULLS FIRST) mine
$$;

-- ---------------------------------------------------------------------------------------
-- Worker identity: the lease's login and secret; events record the login.
-- ---------------------------------------------------------------------------------------
ALTER TABLE dedup.runs ADD COLUMN lease_login text, ADD COLUMN lease_secret uuid;
COMMENT ON COLUMN dedup.runs.lease_login IS
    'The login (session_user) that acquired the current lease; only it may write under it.';
COMMENT ON COLUMN dedup.runs.lease_secret IS
    'Random secret of the current lease, returned by claim/take_command only; readable by '
    'the owner alone.';
COMMENT ON COLUMN dedup.runs.lease_token IS
    'Lease generation (fencing counter): 0 before the first acquisition, +1 on every '
    'acquisition, on every operator action that removes a lease, and when a review is '
    'resolved as succeeded or cancelled. Public; the lease_secret is what proves ownership.';

ALTER TABLE dedup.events ADD COLUMN login text;
ALTER TABLE dedup.events ALTER COLUMN login SET DEFAULT session_user;
COMMENT ON COLUMN dedup.events.login IS
    'The database login whose call wrote the event (NULL for events older than 0010).';

-- Readers get every column of runs but the secret.
REVOKE SELECT ON dedup.runs FROM dedup_operator, dedup_viewer;
GRANT SELECT (id, scope, idem_key, key_version, workflow, workflow_version, correlation_id,
              fingerprint, context, status, attempt, max_attempts, lease_owner, lease_token,
              lease_expires_at, heartbeat_at, created_at, updated_at, finished_at, expires_at,
              result, last_error, review_reason, review_assignee, review_note, review_at,
              lease_login)
    ON dedup.runs TO dedup_operator, dedup_viewer;
GRANT SELECT ON dedup.store_settings TO dedup_operator, dedup_viewer, dedup_worker;

-- ---------------------------------------------------------------------------------------
-- Row-level security on every table that carries a run's data. Only SELECT is granted to
-- anyone but the owner, and the owner (who writes through the functions) is exempt.
-- ---------------------------------------------------------------------------------------
ALTER TABLE dedup.runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY runs_read ON dedup.runs FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                WHERE (g.workflow IS NULL OR g.workflow = runs.workflow)
                  AND (g.scope_prefix IS NULL
                       OR pg_catalog.starts_with(runs.scope, g.scope_prefix))));

ALTER TABLE dedup.steps ENABLE ROW LEVEL SECURITY;
CREATE POLICY steps_read ON dedup.steps FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = steps.run_id));

ALTER TABLE dedup.events ENABLE ROW LEVEL SECURITY;
CREATE POLICY events_read ON dedup.events FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = events.run_id));

ALTER TABLE dedup.commands ENABLE ROW LEVEL SECURITY;
CREATE POLICY commands_read ON dedup.commands FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = commands.run_id));

-- Audit rows: those of runs the reader may see, and the reader's own.
ALTER TABLE dedup.audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_log_read ON dedup.audit_log FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR audit_log.db_role = session_user
    OR (audit_log.run_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = audit_log.run_id)));

ALTER TABLE dedup.bulk_operations ENABLE ROW LEVEL SECURITY;
CREATE POLICY bulk_operations_read ON dedup.bulk_operations FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0 OR bulk_operations.requested_by = session_user);

ALTER TABLE dedup.bulk_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY bulk_items_read ON dedup.bulk_items FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = bulk_items.run_id));

-- The dashboard rollup has no scope: a workflow's rows are for readers of all its scopes.
ALTER TABLE dedup.dashboard_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY dashboard_counts_read ON dedup.dashboard_counts FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR (dashboard_counts.metric = 'runs'
        AND EXISTS (SELECT 1 FROM dedup._read_grants() g
                     WHERE g.scope_prefix IS NULL AND g.workflow = dashboard_counts.workflow)));
ALTER TABLE dedup.dashboard_deltas ENABLE ROW LEVEL SECURITY;
CREATE POLICY dashboard_deltas_read ON dedup.dashboard_deltas FOR SELECT USING (
    (SELECT dedup._reads_all())::integer <> 0
    OR (dashboard_deltas.metric = 'runs'
        AND EXISTS (SELECT 1 FROM dedup._read_grants() g
                     WHERE g.scope_prefix IS NULL AND g.workflow = dashboard_deltas.workflow)));
ALTER TABLE dedup.dashboard_samples ENABLE ROW LEVEL SECURITY;
CREATE POLICY dashboard_samples_read ON dedup.dashboard_samples FOR SELECT USING (
    (SELECT dedup._reads_all()));

-- The store's own small tables stay readable to every reader, and writable by the owner
-- only, also for pg_write_all_data members (who skip privileges but not row-level security).
ALTER TABLE dedup.store_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_settings_read ON dedup.store_settings FOR SELECT USING (true);
ALTER TABLE dedup.workflow_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY workflow_settings_read ON dedup.workflow_settings FOR SELECT USING (true);
ALTER TABLE dedup.audit_head ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_head_read ON dedup.audit_head FOR SELECT USING (true);
ALTER TABLE dedup.schema_migrations ENABLE ROW LEVEL SECURITY;
CREATE POLICY schema_migrations_read ON dedup.schema_migrations FOR SELECT USING (true);

-- A view runs with its owner's rights unless it says otherwise: bulk_summary reads as the
-- caller, so the policies above apply to it.
ALTER VIEW dedup.bulk_summary SET (security_invoker = true);

-- ---------------------------------------------------------------------------------------
-- Change signals: one NOTIFY per run that changed, built from the run id alone. PostgreSQL
-- folds identical notifications of one transaction into one. No setting is read: a client
-- can neither suppress the store's signals nor put ids into them. (Any login can still
-- NOTIFY dedup_events itself; the console treats a signal as a hint to re-read, never as
-- data.) The step_done durability rule of 0009 is kept as it was.
-- ---------------------------------------------------------------------------------------
DROP TRIGGER events_notify ON dedup.events;
DROP FUNCTION dedup._events_notify();

CREATE OR REPLACE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text,
                                        p_attempt integer, p_step text, p_detail jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
    v_saved text;
BEGIN
    IF p_kind = 'step_done' THEN
        IF COALESCE(current_setting('dedup.durable', true), '') <> 'on'
           AND COALESCE(current_setting('dedup.sync_saved', true), '') = '' THEN
            PERFORM pg_catalog.set_config('dedup.sync_saved',
                                          pg_catalog.current_setting('synchronous_commit'), true);
            PERFORM pg_catalog.set_config('synchronous_commit', 'off', true);
        END IF;
    ELSIF COALESCE(current_setting('dedup.durable', true), '') <> 'on' THEN
        PERFORM pg_catalog.set_config('dedup.durable', 'on', true);
        v_saved := NULLIF(current_setting('dedup.sync_saved', true), '');
        IF v_saved IS NOT NULL THEN
            PERFORM pg_catalog.set_config('synchronous_commit', v_saved, true);
        END IF;
    END IF;

    INSERT INTO dedup.events (run_id, kind, actor, attempt, step, detail)
    VALUES (p_run_id, p_kind, p_actor, p_attempt, p_step, p_detail);
    IF p_kind NOT IN ('duplicate_suppressed', 'mismatch') THEN
        PERFORM pg_catalog.pg_notify('dedup_events',
                                     '{"runs":[' || p_run_id::text || '],"more":false}');
    END IF;
END
$$;

-- ---------------------------------------------------------------------------------------
-- The fence of every worker write: grants, token and secret, login.
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup._fence(bigint, bigint, text);
CREATE FUNCTION dedup._fence(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                             p_fn text)
RETURNS dedup.runs
LANGUAGE plpgsql
AS $$
DECLARE
    r dedup.runs;
BEGIN
    IF p_run_id IS NULL OR p_lease_token IS NULL OR p_lease_secret IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: p_run_id, p_lease_token and p_lease_secret are required', p_fn);
    END IF;
    -- grants first, without a lock: a caller outside them learns nothing and holds nothing
    SELECT * INTO r FROM dedup.runs WHERE id = p_run_id;
    IF FOUND AND NOT dedup._may('{worker}', r.workflow, r.scope) THEN
        PERFORM dedup._deny(p_fn);
    END IF;
    SELECT * INTO r FROM dedup.runs WHERE id = p_run_id FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD003',
            MESSAGE = format('%s: run %s not found', p_fn, p_run_id);
    END IF;
    IF r.status <> 'processing' OR r.lease_token <> p_lease_token
       OR r.lease_secret IS DISTINCT FROM p_lease_secret THEN
        RAISE EXCEPTION USING ERRCODE = 'DD001',
            MESSAGE = format('%s: the lease of run %s is not this one', p_fn, p_run_id),
            DETAIL  = format('run status is %s', r.status),
            HINT    = 'The lease was taken over, cleared or ended; stop working on this run.';
    END IF;
    IF r.lease_login IS DISTINCT FROM session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'DD011',
            MESSAGE = format('%s: the lease of run %s belongs to another login', p_fn, p_run_id),
            HINT    = 'Only the login that claimed (or took over) a run may write under its lease.';
    END IF;
    RETURN r;
END
$$;

-- ---------------------------------------------------------------------------------------
-- claim
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.claim(text, text, text, text, text, text, interval, text[], text, text,
                          integer, jsonb);
CREATE FUNCTION dedup.claim(
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
    v_id       bigint;
    v_exp      timestamptz;
    v_secret   uuid;
    v_tries    integer := 0;
    v_takeover boolean;
    v_names    text[];
    v_cmd      bigint;
    v_reason   text;
    v_steps    text[] := COALESCE(p_steps, '{}');
    v_step     text;
BEGIN
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
    -- before the key is looked at: outside its grants a caller learns nothing about keys
    IF NOT dedup._may('{worker}', p_workflow, p_scope) THEN
        PERFORM dedup._deny('claim');
    END IF;

    LOOP
        v_tries := v_tries + 1;
        IF v_tries > 5 THEN   -- the row keeps vanishing (purge) or changing under us
            RAISE EXCEPTION USING ERRCODE = '40001',
                MESSAGE = 'claim: run changed concurrently too often, retry';
        END IF;

        -- 1. First delivery: insert the run already acquired (token 1, attempt 1).
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
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                                 '{"outcome":"in_review"}'::jsonb);
            outcome := 'in_review'; run_id := r.id; status := r.status; attempt := r.attempt;
            last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status IN ('succeeded', 'cancelled')
           OR (r.status = 'failed' AND NOT COALESCE((r.last_error->>'retryable')::boolean, true)) THEN
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                                 '{"outcome":"replay"}'::jsonb);
            outcome := 'replay'; run_id := r.id; status := r.status; result := r.result;
            attempt := r.attempt; last_error := r.last_error;
            RETURN NEXT;
            RETURN;
        END IF;

        IF r.status = 'processing' AND r.lease_expires_at > now() THEN
            PERFORM dedup._event(r.id, 'duplicate_suppressed', p_worker, r.attempt, NULL,
                jsonb_build_object('outcome', 'in_progress', 'lease_owner', r.lease_owner));
            outcome := 'in_progress'; run_id := r.id; status := r.status;
            lease_owner := r.lease_owner; lease_expires_at := r.lease_expires_at;
            attempt := r.attempt;
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
        IF r.attempt >= r.max_attempts THEN
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
           SET status = 'processing', attempt = x.attempt + 1, lease_token = x.lease_token + 1,
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
                jsonb_build_object('via', 'retry', 'lease_token', r.lease_token, 'command_id', v_cmd));
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
-- heartbeat
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.heartbeat(bigint, bigint, interval);
CREATE FUNCTION dedup.heartbeat(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                p_lease interval DEFAULT interval '30 seconds')
RETURNS timestamptz
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_exp timestamptz;
BEGIN
    PERFORM dedup._check_lease('heartbeat', p_lease);
    UPDATE dedup.runs x
       SET lease_expires_at = now() + p_lease, heartbeat_at = now()
     WHERE x.id = p_run_id AND x.lease_token = p_lease_token AND x.status = 'processing'
       AND x.lease_secret = p_lease_secret AND x.lease_login = session_user
       AND dedup._may('{worker}', x.workflow, x.scope)
    RETURNING x.lease_expires_at INTO v_exp;
    IF NOT FOUND THEN
        PERFORM dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'heartbeat');   -- raises the reason
    END IF;
    RETURN v_exp;
END
$$;

-- ---------------------------------------------------------------------------------------
-- begin_step: 'run' | 'skip' | 'uncertain'. Steps run in their order: a step may begin only
-- when every step before it is done or skipped (an undeclared step is appended last, so
-- the same rule holds for it).
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.begin_step(bigint, bigint, text, text);
CREATE FUNCTION dedup.begin_step(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                 p_step text, p_downstream_key text DEFAULT NULL)
RETURNS text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    s        dedup.steps;
    v_cmd    bigint;
    v_reason text;
    v_detail jsonb;
    v_before dedup.steps;
BEGIN
    PERFORM dedup._check_text('begin_step', 'p_step', p_step, 100, true);
    PERFORM dedup._check_text('begin_step', 'p_downstream_key', p_downstream_key, 512, false);
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'begin_step');
    IF r.lease_expires_at <= now() THEN
        RAISE EXCEPTION USING ERRCODE = 'DD006',
            MESSAGE = format('begin_step: the lease of run %s expired at %s', p_run_id, r.lease_expires_at),
            HINT = 'Call heartbeat first: if it succeeds the lease is still yours.';
    END IF;

    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF s.status IN ('done', 'skipped') THEN
        RETURN 'skip';
    END IF;

    -- step order: the first earlier step that is not settled blocks this one
    SELECT * INTO v_before FROM dedup.steps x
     WHERE x.run_id = p_run_id AND x.status NOT IN ('done', 'skipped')
       AND (s.ordinal IS NULL OR x.ordinal < s.ordinal)
     ORDER BY x.ordinal LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('begin_step: step "%s" cannot begin while step "%s" (number %s) is %s',
                             p_step, v_before.name, v_before.ordinal, v_before.status),
            HINT = 'Steps run in their order; finish or skip_step the earlier step first.';
    END IF;

    IF s.run_id IS NULL THEN
        -- a step the claim did not declare: append it
        IF (SELECT count(*) FROM dedup.steps y WHERE y.run_id = p_run_id) >= 100 THEN
            RAISE EXCEPTION USING ERRCODE = 'DD009',
                MESSAGE = 'begin_step: a run has at most 100 steps';
        END IF;
        INSERT INTO dedup.steps AS x (run_id, ordinal, name, status, attempts, lease_token,
                                      downstream_key, started_at)
        VALUES (p_run_id,
                COALESCE((SELECT max(y.ordinal) FROM dedup.steps y WHERE y.run_id = p_run_id), 0) + 1,
                p_step, 'in_progress', 1, p_lease_token, p_downstream_key, now());
        PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
            jsonb_build_object('step_attempt', 1, 'downstream_key', p_downstream_key, 'appended', true));
        RETURN 'run';
    END IF;

    IF s.status = 'in_progress' AND s.lease_token = p_lease_token THEN
        RETURN 'run';   -- repeated call within the same lease (e.g. a lost reply)
    END IF;

    v_detail := NULL;
    IF s.status IN ('in_progress', 'uncertain') THEN
        -- A previous lease started it and never recorded the outcome.
        IF s.downstream_key IS NOT NULL
           AND (p_downstream_key IS NULL OR p_downstream_key = s.downstream_key) THEN
            v_detail := jsonb_build_object('reexecute', 'uncertain', 'rule', 'downstream_key');
        ELSE
            SELECT c.id INTO v_cmd FROM dedup.commands c
             WHERE c.run_id = p_run_id AND c.status = 'taken' AND c.rerun_uncertain;
            IF FOUND THEN
                v_detail := jsonb_build_object('reexecute', 'uncertain', 'rule', 'operator',
                                               'command_id', v_cmd);
            END IF;
        END IF;

        IF v_detail IS NULL THEN
            v_reason := CASE
                WHEN s.downstream_key IS NULL THEN
                    format('step "%s": outcome unknown (started under lease %s, never recorded) '
                           'and the step has no downstream_key; check with the provider, then '
                           'resolve the step', s.name, s.lease_token)
                ELSE
                    format('step "%s": outcome unknown and the downstream_key changed (%s -> %s)',
                           s.name, s.downstream_key, p_downstream_key)
                END;
            PERFORM dedup._mark_uncertain(p_run_id, r.lease_owner, r.attempt,
                                          'run routed to review by begin_step');
            UPDATE dedup.runs x
               SET status = 'manual_review', lease_owner = NULL, lease_expires_at = NULL,
                   updated_at = now(), review_reason = v_reason, review_at = now(),
                   review_assignee = NULL, review_note = NULL
             WHERE x.id = p_run_id;
            PERFORM dedup._close_commands(p_run_id, 'manual_review', false, NULL);
            PERFORM dedup._event(p_run_id, 'routed_to_review', r.lease_owner, r.attempt, p_step,
                                 jsonb_build_object('reason', v_reason, 'by', 'begin_step'));
            RETURN 'uncertain';
        END IF;
    END IF;

    -- pending, failed, or uncertain-but-safe: (re-)execute
    UPDATE dedup.steps x
       SET status = 'in_progress', attempts = x.attempts + 1, lease_token = p_lease_token,
           downstream_key = COALESCE(p_downstream_key, x.downstream_key),
           started_at = now(), finished_at = NULL, updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_started', r.lease_owner, r.attempt, p_step,
        COALESCE(v_detail, '{}'::jsonb)
        || jsonb_build_object('step_attempt', s.attempts + 1,
                              'downstream_key', COALESCE(p_downstream_key, s.downstream_key)));
    RETURN 'run';
END
$$;

-- ---------------------------------------------------------------------------------------
-- complete_step: in_progress|uncertain -> done. Repeating it on a done step is a no-op
-- (DD002 if it names a different side_effect_ref).
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.complete_step(bigint, bigint, text, text);
CREATE FUNCTION dedup.complete_step(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                    p_step text, p_side_effect_ref text DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r dedup.runs;
    s dedup.steps;
BEGIN
    PERFORM dedup._check_text('complete_step', 'p_step', p_step, 100, true);
    PERFORM dedup._check_text('complete_step', 'p_side_effect_ref', p_side_effect_ref, 512, false);
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'complete_step');
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('complete_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = 'done' THEN
        IF p_side_effect_ref IS NULL OR p_side_effect_ref IS NOT DISTINCT FROM s.side_effect_ref THEN
            RETURN;
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('complete_step: step "%s" is already done with another side_effect_ref',
                             p_step);
    END IF;
    IF s.status NOT IN ('in_progress', 'uncertain') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('complete_step: step "%s" is %s (call begin_step first)', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = 'done', side_effect_ref = COALESCE(p_side_effect_ref, x.side_effect_ref),
           error = NULL, finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_done', r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('side_effect_ref', p_side_effect_ref));
END
$$;

-- ---------------------------------------------------------------------------------------
-- fail_step: in_progress -> failed (p_uncertain false: the side effect did not happen), or
-- -> uncertain (p_uncertain true: its outcome is unknown). p_uncertain must be given.
-- Repeating it is a no-op.
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.fail_step(bigint, bigint, text, text, text, boolean);
CREATE FUNCTION dedup.fail_step(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                p_step text, p_error_class text, p_message text DEFAULT NULL,
                                p_uncertain boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    s        dedup.steps;
    v_target text;
BEGIN
    PERFORM dedup._check_text('fail_step', 'p_step', p_step, 100, true);
    PERFORM dedup._check_text('fail_step', 'p_error_class', p_error_class, 100, true);
    IF p_message IS NOT NULL AND pg_catalog.octet_length(p_message) > 4096 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('fail_step: p_message is %s bytes; the limit is 4096',
                             pg_catalog.octet_length(p_message));
    END IF;
    IF p_uncertain IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'fail_step: p_uncertain must be true (outcome unknown) or false (did not happen)';
    END IF;
    v_target := CASE WHEN p_uncertain THEN 'uncertain' ELSE 'failed' END;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'fail_step');
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('fail_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = v_target AND s.lease_token = p_lease_token
       AND s.error->>'class' = p_error_class THEN
        RETURN;   -- repeated call
    END IF;
    IF s.status <> 'in_progress' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('fail_step: step "%s" is %s, not in_progress', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = v_target, finished_at = now(), updated_at = now(),
           error = jsonb_build_object('class', p_error_class, 'message', p_message)
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id,
                         CASE v_target WHEN 'failed' THEN 'step_failed' ELSE 'step_uncertain' END,
                         r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('class', p_error_class, 'message', p_message));
END
$$;

-- ---------------------------------------------------------------------------------------
-- skip_step: pending|failed|uncertain -> skipped. Repeating is a no-op.
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.skip_step(bigint, bigint, text, text);
CREATE FUNCTION dedup.skip_step(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                                p_step text, p_reason text DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r dedup.runs;
    s dedup.steps;
BEGIN
    PERFORM dedup._check_text('skip_step', 'p_step', p_step, 100, true);
    IF p_reason IS NOT NULL AND pg_catalog.octet_length(p_reason) > 4096 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('skip_step: p_reason is %s bytes; the limit is 4096',
                             pg_catalog.octet_length(p_reason));
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'skip_step');
    SELECT * INTO s FROM dedup.steps x WHERE x.run_id = p_run_id AND x.name = p_step;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'DD007',
            MESSAGE = format('skip_step: run %s has no step "%s"', p_run_id, p_step);
    END IF;
    IF s.status = 'skipped' THEN
        RETURN;
    END IF;
    IF s.status NOT IN ('pending', 'failed', 'uncertain') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('skip_step: step "%s" is %s', p_step, s.status);
    END IF;
    UPDATE dedup.steps x
       SET status = 'skipped', finished_at = now(), updated_at = now()
     WHERE x.run_id = p_run_id AND x.name = p_step;
    PERFORM dedup._event(p_run_id, 'step_skipped', r.lease_owner, r.attempt, p_step,
                         jsonb_build_object('reason', p_reason));
END
$$;

-- ---------------------------------------------------------------------------------------
-- succeed: processing -> succeeded with the stored result, only when every step is done or
-- skipped. Repeating it with the same lease is a no-op.
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.succeed(bigint, bigint, jsonb);
CREATE FUNCTION dedup.succeed(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                              p_result jsonb DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r       dedup.runs;
    v_open  text;
BEGIN
    PERFORM dedup._check_json('succeed', 'p_result', p_result,
                              (SELECT s.max_result_bytes FROM dedup.store_settings s));
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id;
    IF FOUND AND r.status = 'succeeded' AND r.lease_token = p_lease_token
       AND r.lease_secret = p_lease_secret AND r.lease_login = session_user
       AND dedup._may('{worker}', r.workflow, r.scope) THEN
        RETURN;   -- repeated call
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'succeed');
    SELECT string_agg(format('"%s" (%s)', s.name, s.status), ', ' ORDER BY s.ordinal) INTO v_open
      FROM dedup.steps s WHERE s.run_id = p_run_id AND s.status NOT IN ('done', 'skipped');
    IF v_open IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD002',
            MESSAGE = format('succeed: run %s has steps that are not done or skipped: %s',
                             p_run_id, v_open),
            HINT = 'complete_step or skip_step each of them first, or fail the run.';
    END IF;
    UPDATE dedup.runs x
       SET status = 'succeeded', result = p_result, lease_owner = NULL, lease_expires_at = NULL,
           updated_at = now(), finished_at = now(),
           expires_at = now() + dedup._retention(x.workflow)
     WHERE x.id = p_run_id;
    PERFORM dedup._close_commands(p_run_id, 'succeeded', true, 'run succeeded');
    PERFORM dedup._event(p_run_id, 'succeeded', r.lease_owner, r.attempt, NULL,
                         jsonb_build_object('lease_token', r.lease_token));
END
$$;

-- ---------------------------------------------------------------------------------------
-- fail: processing -> failed, or -> manual_review when a retryable failure reaches
-- max_attempts. Returns the new status. Repeating it is a no-op returning the status.
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.fail(bigint, bigint, text, text, boolean);
CREATE FUNCTION dedup.fail(p_run_id bigint, p_lease_token bigint, p_lease_secret uuid,
                           p_error_class text, p_message text, p_retryable boolean)
RETURNS text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    r        dedup.runs;
    v_status text;
    v_err    jsonb;
    v_reason text;
BEGIN
    PERFORM dedup._check_text('fail', 'p_error_class', p_error_class, 100, true);
    IF p_message IS NOT NULL AND pg_catalog.octet_length(p_message) > 4096 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('fail: p_message is %s bytes; the limit is 4096',
                             pg_catalog.octet_length(p_message));
    END IF;
    IF p_retryable IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'fail: p_error_class and p_retryable are required';
    END IF;
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id;
    IF FOUND AND r.status IN ('failed', 'manual_review') AND r.lease_token = p_lease_token
       AND r.lease_secret = p_lease_secret AND r.lease_login = session_user
       AND r.last_error->>'class' = p_error_class
       AND (r.last_error->>'attempt')::integer = r.attempt
       AND dedup._may('{worker}', r.workflow, r.scope) THEN
        RETURN r.status;   -- repeated call
    END IF;
    r := dedup._fence(p_run_id, p_lease_token, p_lease_secret, 'fail');

    PERFORM dedup._mark_uncertain(p_run_id, r.lease_owner, r.attempt,
                                  'the run failed while the step was in progress');
    v_err := jsonb_build_object('class', p_error_class, 'message', p_message,
                                'retryable', p_retryable, 'attempt', r.attempt, 'at', now());
    IF p_retryable AND r.attempt >= r.max_attempts THEN
        v_status := 'manual_review';
        v_reason := format('max_attempts reached (%s of %s); last error %s: %s',
                           r.attempt, r.max_attempts, p_error_class, COALESCE(p_message, ''));
        UPDATE dedup.runs x
           SET status = 'manual_review', last_error = v_err, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), review_reason = v_reason,
               review_at = now(), review_assignee = NULL, review_note = NULL
         WHERE x.id = p_run_id;
    ELSE
        v_status := 'failed';
        UPDATE dedup.runs x
           SET status = 'failed', last_error = v_err, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = now(), finished_at = now(),
               expires_at = now() + dedup._retention(x.workflow)
         WHERE x.id = p_run_id;
    END IF;
    PERFORM dedup._close_commands(p_run_id, v_status, false, NULL);
    PERFORM dedup._event(p_run_id, 'failed', r.lease_owner, r.attempt, NULL, v_err);
    IF v_status = 'manual_review' THEN
        PERFORM dedup._event(p_run_id, 'routed_to_review', r.lease_owner, r.attempt, NULL,
                             jsonb_build_object('reason', v_reason, 'by', 'fail'));
    END IF;
    RETURN v_status;
END
$$;

-- ---------------------------------------------------------------------------------------
-- take_command: only continuations of runs the caller may work on (grants and p_workflows).
-- ---------------------------------------------------------------------------------------
DROP FUNCTION dedup.take_command(text, interval, text[]);
CREATE FUNCTION dedup.take_command(p_worker text,
                                   p_lease interval DEFAULT interval '30 seconds',
                                   p_workflows text[] DEFAULT NULL)
RETURNS TABLE (command_id bigint, run_id bigint, lease_token bigint,
               lease_expires_at timestamptz, attempt integer, workflow text,
               workflow_version text, scope text, idem_key text, correlation_id text,
               fingerprint text, context jsonb, from_step text, steps text[],
               rerun_uncertain boolean, lease_secret uuid)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    c        dedup.commands;
    r        dedup.runs;
    v_skip   bigint[] := '{}';
    v_names  text[];
    v_secret uuid;
BEGIN
    PERFORM dedup._check_text('take_command', 'p_worker', p_worker, 200, false);
    PERFORM dedup._check_lease('take_command', p_lease);
    IF array_ndims(p_workflows) > 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'take_command: p_workflows must be one-dimensional';
    END IF;
    LOOP
        SELECT * INTO c FROM dedup.commands x
         WHERE x.status = 'pending' AND x.id <> ALL (v_skip)
           AND EXISTS (SELECT 1 FROM dedup.runs y
                        WHERE y.id = x.run_id
                          AND (p_workflows IS NULL OR y.workflow = ANY (p_workflows))
                          AND dedup._may('{worker}', y.workflow, y.scope))
         ORDER BY x.id
         LIMIT 1
         FOR UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
            RETURN;
        END IF;
        -- never wait for a run while holding a command (no lock-order deadlock with claim)
        SELECT * INTO r FROM dedup.runs y WHERE y.id = c.run_id FOR NO KEY UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
            v_skip := v_skip || c.id;
            CONTINUE;
        END IF;
        IF r.status NOT IN ('failed', 'manual_review') THEN
            UPDATE dedup.commands x
               SET status = 'cancelled', finished_at = now(), result_status = r.status,
                   note = 'run is ' || r.status || ', not failed/manual_review'
             WHERE x.run_id = c.run_id AND x.id = c.id;
            CONTINUE;
        END IF;

        v_secret := gen_random_uuid();
        UPDATE dedup.runs y
           SET status = 'processing', attempt = y.attempt + 1, lease_token = y.lease_token + 1,
               lease_owner = p_worker, lease_expires_at = now() + p_lease, heartbeat_at = now(),
               updated_at = now(), finished_at = NULL, expires_at = NULL,
               lease_login = session_user, lease_secret = v_secret
         WHERE y.id = c.run_id
        RETURNING * INTO r;
        UPDATE dedup.commands x
           SET status = 'taken', taken_by = p_worker, taken_at = now(), taken_token = r.lease_token
         WHERE x.run_id = c.run_id AND x.id = c.id;
        PERFORM dedup._event(r.id, 'claimed', p_worker, r.attempt, NULL,
            jsonb_build_object('via', 'command', 'lease_token', r.lease_token, 'command_id', c.id));
        SELECT COALESCE(array_agg(s.name ORDER BY s.ordinal), '{}') INTO v_names
          FROM dedup.steps s
         WHERE s.run_id = r.id AND s.status NOT IN ('done', 'skipped');
        PERFORM dedup._event(r.id, 'continuation_taken', p_worker, r.attempt, v_names[1],
            jsonb_build_object('command_id', c.id, 'queued_from_step', c.from_step));

        RETURN QUERY SELECT c.id, r.id, r.lease_token, r.lease_expires_at, r.attempt,
                            r.workflow, r.workflow_version, r.scope::text, r.idem_key::text,
                            r.correlation_id::text, r.fingerprint, r.context, v_names[1],
                            v_names, c.rerun_uncertain, v_secret;
        RETURN;
    END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Operator actions: every op_* function starts with _op_replay, which now checks the
-- caller's operator grants for the run (a run that does not exist goes on to 'changed' as
-- before) and serialises equal action keys on a store lock.
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup._op_replay(p_fn text, p_run_id bigint, p_expected_token bigint,
                                            p_reason text, p_action_key text)
RETURNS SETOF dedup.op_result
LANGUAGE plpgsql
AS $$
DECLARE
    a dedup.audit_log;
    r dedup.runs;
BEGIN
    IF p_run_id IS NULL OR p_expected_token IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('%s: p_run_id and p_expected_token are required', p_fn);
    END IF;
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('%s: a reason is required', p_fn);
    END IF;
    IF p_action_key IS NULL OR p_action_key ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = format('%s: p_action_key is required', p_fn);
    END IF;
    PERFORM dedup._check_text(p_fn, 'p_reason', p_reason, 2000, true);
    PERFORM dedup._check_text(p_fn, 'p_action_key', p_action_key, 200, true);
    SELECT * INTO r FROM dedup.runs x WHERE x.id = p_run_id;
    IF FOUND AND NOT dedup._may('{operator}', r.workflow, r.scope) THEN
        PERFORM dedup._deny(p_fn);
    END IF;
    IF NOT FOUND AND NOT dedup._has_capability('operator') THEN
        PERFORM dedup._deny(p_fn);
    END IF;
    -- two consoles / a double click with the same key: the second waits, then replays
    PERFORM dedup._lock(1, p_action_key);
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF a.action <> p_fn OR a.run_id IS DISTINCT FROM p_run_id THEN
        RAISE EXCEPTION USING ERRCODE = 'DD005',
            MESSAGE = format('%s: action key %s was already used by another action or run',
                             p_fn, p_action_key);
    END IF;
    RETURN NEXT ROW('replayed', a.run_id, a.before->>'status',
                    COALESCE(a.after, a.before)->>'status',
                    (COALESCE(a.after, a.before)->>'lease_token')::bigint,
                    a.id, a.detail, a.outcome)::dedup.op_result;
END
$$;

-- The caller holds the capability somewhere (any grant of it), or is the owner.
CREATE FUNCTION dedup._has_capability(p_cap text)
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT dedup._is_admin()
        OR EXISTS (SELECT 1 FROM dedup.access_grants g
                    WHERE g.login = session_user AND g.capability = p_cap)
$$;

CREATE OR REPLACE FUNCTION dedup.op_report_reveal(p_reason text, p_filter jsonb, p_action_key text)
RETURNS bigint
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    a    dedup.audit_log;
    v_id bigint;
BEGIN
    IF NOT dedup._has_capability('operator') THEN
        PERFORM dedup._deny('op_report_reveal');
    END IF;
    PERFORM dedup._check_text('op_report_reveal', 'a reason', p_reason, 2000, true);
    PERFORM dedup._check_text('op_report_reveal', 'p_action_key', p_action_key, 200, true);
    IF p_filter IS NOT NULL AND jsonb_typeof(p_filter) <> 'object' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_report_reveal: p_filter must be an object';
    END IF;
    PERFORM dedup._lock(1, p_action_key);
    SELECT * INTO a FROM dedup.audit_log l WHERE l.action_key = p_action_key;
    IF FOUND THEN
        IF a.action <> 'report_reveal' THEN
            RAISE EXCEPTION USING ERRCODE = 'DD005',
                MESSAGE = format('op_report_reveal: action key %s was already used by %s',
                                 p_action_key, a.action);
        END IF;
        RETURN a.id;
    END IF;
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

-- ---------------------------------------------------------------------------------------
-- Bulk operations: create needs an operator grant; every run added must be covered by the
-- caller's operator grants; control and steps belong to the operation's requester and to
-- operators of every workflow and scope. (Each item is applied through its op_* function,
-- which checks the grants of whoever steps it again.)
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.op_bulk_create(p_bulk_id uuid, p_action text, p_params jsonb,
                                                p_reason text, p_selection jsonb)
RETURNS dedup.bulk_operations
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    b dedup.bulk_operations;
    v_params jsonb := COALESCE(p_params, '{}');
BEGIN
    IF NOT dedup._has_capability('operator') THEN
        PERFORM dedup._deny('op_bulk_create');
    END IF;
    IF p_bulk_id IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: p_bulk_id is required';
    END IF;
    IF p_reason IS NULL OR p_reason ~ '^[[:space:]]*$' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: a reason is required';
    END IF;
    PERFORM dedup._check_text('op_bulk_create', 'a reason', p_reason, 2000, true);
    IF p_action IS NULL OR p_action NOT IN ('op_clear_stale_lease', 'op_request_continuation',
                                            'op_route_to_review', 'op_resolve_review', 'op_cancel') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = format('op_bulk_create: %s cannot be applied in bulk', COALESCE(p_action, 'NULL'));
    END IF;
    IF jsonb_typeof(v_params) <> 'object' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_create: p_params must be an object';
    END IF;
    IF p_action = 'op_resolve_review'
       AND COALESCE(v_params->>'resolution', '') NOT IN ('succeeded', 'cancelled', 'continue') THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_create: op_resolve_review needs params.resolution succeeded, cancelled or continue';
    END IF;
    IF v_params ? 'rerun_uncertain' AND jsonb_typeof(v_params->'rerun_uncertain') <> 'boolean' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_create: params.rerun_uncertain must be a boolean';
    END IF;
    PERFORM dedup._check_json('op_bulk_create', 'p_params', v_params, 65536);
    PERFORM dedup._check_json('op_bulk_create', 'p_selection', p_selection, 65536);

    PERFORM dedup._lock(2, p_bulk_id::text);
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id;
    IF FOUND THEN
        IF b.action <> p_action OR b.params <> v_params OR b.reason <> p_reason
           OR b.requested_by <> session_user THEN
            RAISE EXCEPTION USING ERRCODE = 'DD005',
                MESSAGE = format('op_bulk_create: bulk id %s is already used', p_bulk_id);
        END IF;
        RETURN b;
    END IF;
    INSERT INTO dedup.bulk_operations (id, action, params, reason, selection, requested_by)
    VALUES (p_bulk_id, p_action, v_params, p_reason, COALESCE(p_selection, '{}'), session_user)
    RETURNING * INTO b;
    RETURN b;
END
$$;

-- The requester, or an operator of every workflow and scope.
CREATE FUNCTION dedup._bulk_check(p_fn text, p_bulk_id uuid)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    IF dedup._may('{operator}', NULL, NULL) THEN
        RETURN;
    END IF;
    IF NOT dedup._has_capability('operator')
       OR NOT EXISTS (SELECT 1 FROM dedup.bulk_operations b
                       WHERE b.id = p_bulk_id AND b.requested_by = session_user) THEN
        PERFORM dedup._deny(p_fn);
    END IF;
END
$$;

ALTER FUNCTION dedup.op_bulk_add_items(uuid, bigint[], bigint[], text[])
    RENAME TO _op_bulk_add_items_checked;
ALTER FUNCTION dedup.op_bulk_control(uuid, text, text, text) RENAME TO _op_bulk_control_checked;
ALTER FUNCTION dedup.op_bulk_step(uuid, integer, text) RENAME TO _op_bulk_step_checked;
REVOKE ALL ON FUNCTION dedup._op_bulk_add_items_checked(uuid, bigint[], bigint[], text[]),
                       dedup._op_bulk_control_checked(uuid, text, text, text),
                       dedup._op_bulk_step_checked(uuid, integer, text)
    FROM PUBLIC, dedup_operator, dedup_viewer, dedup_worker;

CREATE FUNCTION dedup.op_bulk_add_items(p_bulk_id uuid, p_run_ids bigint[], p_tokens bigint[],
                                        p_statuses text[])
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
DECLARE
    v_denied bigint;
BEGIN
    PERFORM dedup._bulk_check('op_bulk_add_items', p_bulk_id);
    IF array_ndims(p_run_ids) > 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'op_bulk_add_items: p_run_ids must be one-dimensional';
    END IF;
    SELECT count(*) INTO v_denied
      FROM dedup.runs r
     WHERE r.id = ANY (p_run_ids) AND NOT dedup._may('{operator}', r.workflow, r.scope);
    IF v_denied > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD010',
            MESSAGE = format('op_bulk_add_items: not permitted (%s of the runs)', v_denied),
            HINT = 'The store''s grants (dedup.my_access()) do not cover every run selected.';
    END IF;
    RETURN dedup._op_bulk_add_items_checked(p_bulk_id, p_run_ids, p_tokens, p_statuses);
END
$$;

CREATE FUNCTION dedup.op_bulk_control(p_bulk_id uuid, p_command text, p_reason text,
                                      p_action_key text)
RETURNS dedup.bulk_operations
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._bulk_check('op_bulk_control', p_bulk_id);
    PERFORM dedup._check_text('op_bulk_control', 'a reason', p_reason, 2000, false);
    PERFORM dedup._check_text('op_bulk_control', 'p_action_key', p_action_key, 200, false);
    RETURN dedup._op_bulk_control_checked(p_bulk_id, p_command, p_reason, p_action_key);
END
$$;

CREATE FUNCTION dedup.op_bulk_step(p_bulk_id uuid, p_limit integer DEFAULT 50,
                                   p_runner text DEFAULT NULL)
RETURNS TABLE (run_id bigint, state text, detail text, audit_id bigint)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._bulk_check('op_bulk_step', p_bulk_id);
    PERFORM dedup._check_text('op_bulk_step', 'p_runner', p_runner, 200, false);
    RETURN QUERY SELECT * FROM dedup._op_bulk_step_checked(p_bulk_id, p_limit, p_runner);
END
$$;

-- Retention is the store's policy, not one scope's: purging is for operators of everything.
ALTER FUNCTION dedup.purge_expired(integer) RENAME TO _purge_expired_checked;
REVOKE ALL ON FUNCTION dedup._purge_expired_checked(integer)
    FROM PUBLIC, dedup_operator, dedup_viewer, dedup_worker;
CREATE FUNCTION dedup.purge_expired(p_batch integer DEFAULT 1000)
RETURNS TABLE (deleted integer, succeeded integer, failed integer, cancelled integer)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    IF NOT dedup._may('{operator}', NULL, NULL) THEN
        PERFORM dedup._deny('purge_expired');
    END IF;
    RETURN QUERY SELECT * FROM dedup._purge_expired_checked(p_batch);
END
$$;

-- ---------------------------------------------------------------------------------------
-- The dashboard fold takes the store's lock instead of an advisory lock key (0008 as it
-- was otherwise).
-- ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION dedup.dashboard_refresh()
RETURNS TABLE (folded bigint, sampled boolean)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_minute timestamptz := dedup._dash_bucket(now(), 60);
    v_zero   dedup.dashboard_counts[];
BEGIN
    IF NOT dedup._has_capability('operator') THEN
        PERFORM dedup._deny('dashboard_refresh');
    END IF;
    -- One refresh at a time. Without it two folds would still move each delta exactly once
    -- (a DELETE returns a row to one of them only), but their upserts could deadlock.
    PERFORM dedup._lock(3, '');

    WITH moved AS (
        DELETE FROM dedup.dashboard_deltas d
        RETURNING d.bucket, d.metric, d.workflow, d.series, d.error_class, d.n),
    summed AS (
        SELECT g.grain, dedup._dash_bucket(m.bucket, g.grain) AS bucket, m.metric,
               m.workflow, m.series, m.error_class, sum(m.n)::bigint AS n
          FROM moved m
         CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(m.n) <> 0),
    upserted AS (
        INSERT INTO dedup.dashboard_counts AS c
               (grain, metric, bucket, workflow, series, error_class, n)
        SELECT s.grain, s.metric, s.bucket, s.workflow, s.series, s.error_class, s.n
          FROM summed s
         ORDER BY 1, 2, 3, 4, 5, 6   -- one lock order for every writer
        ON CONFLICT (grain, metric, bucket, workflow, series, error_class)
        DO UPDATE SET n = c.n + EXCLUDED.n
        RETURNING c.*)
    SELECT (SELECT count(*) FROM moved),
           (SELECT array_agg(ROW(u.grain, u.metric, u.bucket, u.workflow, u.series,
                                u.error_class, u.n)::dedup.dashboard_counts)
              FROM upserted u WHERE u.n = 0)
      INTO folded, v_zero;

    -- Keys whose runs all moved elsewhere: a zero row is noise for every later read.
    IF v_zero IS NOT NULL THEN
        DELETE FROM dedup.dashboard_counts c
         USING unnest(v_zero) z
         WHERE c.grain = z.grain AND c.metric = z.metric AND c.bucket = z.bucket
           AND c.workflow = z.workflow AND c.series = z.series
           AND c.error_class = z.error_class AND c.n = 0;
    END IF;

    sampled := false;
    IF NOT EXISTS (SELECT 1 FROM dedup.dashboard_samples s WHERE s.at = v_minute) THEN
        INSERT INTO dedup.dashboard_samples (at, stuck, review)
        SELECT v_minute,
               (SELECT count(*) FROM dedup.runs r
                 WHERE r.status = 'processing' AND r.lease_expires_at <= now()),
               (SELECT count(*) FROM dedup.runs r WHERE r.status = 'manual_review')
        ON CONFLICT (at) DO NOTHING;
        sampled := FOUND;
        DELETE FROM dedup.dashboard_samples s WHERE s.at < now() - interval '90 days';
    END IF;
    RETURN NEXT;
END
$$;
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
    LOCK TABLE dedup.runs, dedup.events IN SHARE MODE;
    PERFORM dedup._lock(3, '');
    DELETE FROM dedup.dashboard_deltas;
    DELETE FROM dedup.dashboard_counts;
    WITH fine AS (
        SELECT dedup._dash_bucket(r.created_at) AS bucket, 'runs'::text AS metric,
               r.workflow, r.status AS series,
               dedup._dash_error_class(r.status, r.last_error) AS error_class,
               count(*) AS n
          FROM dedup.runs r
         GROUP BY 1, 3, 4, 5
        UNION ALL
        SELECT dedup._dash_bucket(e.at), 'duplicates', '',
               dedup._dash_duplicate_outcome(e.kind, e.detail), '', count(*)
          FROM dedup.events e
         WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
         GROUP BY 1, 4)
    INSERT INTO dedup.dashboard_counts (grain, metric, bucket, workflow, series, error_class, n)
    SELECT g.grain, f.metric, dedup._dash_bucket(f.bucket, g.grain), f.workflow, f.series,
           f.error_class, sum(f.n)
      FROM fine f
     CROSS JOIN (VALUES (300), (3600), (86400)) AS g(grain)
     GROUP BY 1, 2, 3, 4, 5, 6;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    RETURN v_rows;
END
$$;

-- ---------------------------------------------------------------------------------------
-- Privileges.
-- ---------------------------------------------------------------------------------------
REVOKE ALL ON dedup.access_grants, dedup.lock_stripes FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;

GRANT EXECUTE ON FUNCTION
    dedup.claim(text, text, text, text, text, text, interval, text[], text, text, integer, jsonb),
    dedup.heartbeat(bigint, bigint, uuid, interval),
    dedup.begin_step(bigint, bigint, uuid, text, text),
    dedup.complete_step(bigint, bigint, uuid, text, text),
    dedup.fail_step(bigint, bigint, uuid, text, text, text, boolean),
    dedup.skip_step(bigint, bigint, uuid, text, text),
    dedup.succeed(bigint, bigint, uuid, jsonb),
    dedup.fail(bigint, bigint, uuid, text, text, boolean),
    dedup.take_command(text, interval, text[])
    TO dedup_worker;

GRANT EXECUTE ON FUNCTION
    dedup.op_bulk_add_items(uuid, bigint[], bigint[], text[]),
    dedup.op_bulk_control(uuid, text, text, text),
    dedup.op_bulk_step(uuid, integer, text),
    dedup.purge_expired(integer)
    TO dedup_operator;

GRANT EXECUTE ON FUNCTION dedup._reads_all(), dedup._read_grants()
    TO dedup_operator, dedup_viewer;
GRANT EXECUTE ON FUNCTION dedup.my_access() TO dedup_worker, dedup_operator, dedup_viewer;

-- ---------------------------------------------------------------------------------------
-- verify_audit checks the whole chain whoever asks: under row-level security a restricted
-- reader would see gaps that are not there. It returns positions and hashes only.
-- ---------------------------------------------------------------------------------------
ALTER FUNCTION dedup.verify_audit() RENAME TO _verify_audit_all;
REVOKE ALL ON FUNCTION dedup._verify_audit_all() FROM PUBLIC, dedup_operator, dedup_viewer, dedup_worker;
CREATE FUNCTION dedup.verify_audit()
RETURNS TABLE (id bigint, problem text, expected text, actual text)
LANGUAGE plpgsql STABLE
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    IF NOT (dedup._has_capability('operator') OR dedup._has_capability('viewer')) THEN
        PERFORM dedup._deny('verify_audit');
    END IF;
    RETURN QUERY SELECT * FROM dedup._verify_audit_all();
END
$$;
REVOKE ALL ON FUNCTION dedup.verify_audit() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.verify_audit() TO dedup_operator, dedup_viewer;

-- ---------------------------------------------------------------------------------------
-- Limits on the operator actions' own arguments (reason and action key are checked in
-- _op_replay): the checks run first, then the action as 0003 defines it.
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION dedup._check_size(p_fn text, p_name text, p_value text, p_max integer)
RETURNS void
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
    IF pg_catalog.octet_length(p_value) > p_max THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('%s: %s is %s bytes; the limit is %s', p_fn, p_name,
                             pg_catalog.octet_length(p_value), p_max);
    END IF;
END
$$;

ALTER FUNCTION dedup.op_route_to_review(bigint, bigint, text, text, text)
    RENAME TO _op_route_to_review_checked;
ALTER FUNCTION dedup.op_resolve_review(bigint, bigint, text, text, text, jsonb, boolean)
    RENAME TO _op_resolve_review_checked;
ALTER FUNCTION dedup.op_assign_review(bigint, bigint, text, text, text)
    RENAME TO _op_assign_review_checked;
ALTER FUNCTION dedup.op_review_note(bigint, bigint, text, text, text)
    RENAME TO _op_review_note_checked;
ALTER FUNCTION dedup.op_resolve_step(bigint, bigint, text, text, text, text, text)
    RENAME TO _op_resolve_step_checked;
REVOKE ALL ON FUNCTION
    dedup._op_route_to_review_checked(bigint, bigint, text, text, text),
    dedup._op_resolve_review_checked(bigint, bigint, text, text, text, jsonb, boolean),
    dedup._op_assign_review_checked(bigint, bigint, text, text, text),
    dedup._op_review_note_checked(bigint, bigint, text, text, text),
    dedup._op_resolve_step_checked(bigint, bigint, text, text, text, text, text)
    FROM PUBLIC, dedup_operator, dedup_viewer, dedup_worker;

CREATE FUNCTION dedup.op_route_to_review(p_run_id bigint, p_expected_token bigint,
                                         p_reason text, p_action_key text,
                                         p_assignee text DEFAULT NULL)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._check_size('op_route_to_review', 'p_assignee', p_assignee, 200);
    RETURN dedup._op_route_to_review_checked(p_run_id, p_expected_token, p_reason,
                                             p_action_key, p_assignee);
END
$$;

CREATE FUNCTION dedup.op_resolve_review(p_run_id bigint, p_expected_token bigint,
                                        p_reason text, p_action_key text,
                                        p_resolution text,
                                        p_result jsonb DEFAULT NULL,
                                        p_rerun_uncertain boolean DEFAULT false)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._check_json('op_resolve_review', 'p_result', p_result,
                              (SELECT s.max_result_bytes FROM dedup.store_settings s));
    RETURN dedup._op_resolve_review_checked(p_run_id, p_expected_token, p_reason, p_action_key,
                                            p_resolution, p_result, p_rerun_uncertain);
END
$$;

CREATE FUNCTION dedup.op_assign_review(p_run_id bigint, p_expected_token bigint, p_reason text,
                                       p_action_key text, p_assignee text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._check_size('op_assign_review', 'p_assignee', p_assignee, 200);
    RETURN dedup._op_assign_review_checked(p_run_id, p_expected_token, p_reason, p_action_key,
                                           p_assignee);
END
$$;

CREATE FUNCTION dedup.op_review_note(p_run_id bigint, p_expected_token bigint, p_reason text,
                                     p_action_key text, p_note text)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._check_size('op_review_note', 'p_note', p_note, 4096);
    RETURN dedup._op_review_note_checked(p_run_id, p_expected_token, p_reason, p_action_key,
                                         p_note);
END
$$;

CREATE FUNCTION dedup.op_resolve_step(p_run_id bigint, p_expected_token bigint, p_reason text,
                                      p_action_key text, p_step text, p_resolution text,
                                      p_side_effect_ref text DEFAULT NULL)
RETURNS dedup.op_result
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
BEGIN
    PERFORM dedup._check_size('op_resolve_step', 'p_step', p_step, 100);
    PERFORM dedup._check_size('op_resolve_step', 'p_side_effect_ref', p_side_effect_ref, 512);
    RETURN dedup._op_resolve_step_checked(p_run_id, p_expected_token, p_reason, p_action_key,
                                          p_step, p_resolution, p_side_effect_ref);
END
$$;

REVOKE ALL ON FUNCTION
    dedup.op_route_to_review(bigint, bigint, text, text, text),
    dedup.op_resolve_review(bigint, bigint, text, text, text, jsonb, boolean),
    dedup.op_assign_review(bigint, bigint, text, text, text),
    dedup.op_review_note(bigint, bigint, text, text, text),
    dedup.op_resolve_step(bigint, bigint, text, text, text, text, text)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    dedup.op_route_to_review(bigint, bigint, text, text, text),
    dedup.op_resolve_review(bigint, bigint, text, text, text, jsonb, boolean),
    dedup.op_assign_review(bigint, bigint, text, text, text),
    dedup.op_review_note(bigint, bigint, text, text, text),
    dedup.op_resolve_step(bigint, bigint, text, text, text, text, text)
    TO dedup_operator;
