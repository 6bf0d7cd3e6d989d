-- 0001_tables.sql: the dedup store's tables and the indexes the console's queries need.
--
-- Applied by the migrator inside one transaction, after it has created schema dedup and
-- dedup.schema_migrations. No BEGIN/COMMIT, no CONCURRENTLY, no psql meta-commands here.
--
-- Conventions (docs/PROTOCOL.md explains them):
--   * Statuses are text with CHECK constraints, not enum types: a later migration can change
--     a CHECK inside its own transaction (an enum value added by ALTER TYPE cannot be used
--     before that transaction commits, and enum values can never be removed); clients read
--     plain text; partial-index predicates stay simple.
--   * scope, idem_key, correlation_id and action_key are COLLATE "C": byte order, so a btree
--     answers both exact and prefix (LIKE 'abc%') searches without text_pattern_ops.
--   * Every child table carries run_id and leads its keys with it, so one run's rows stay
--     together and run_id can serve as a Citus distribution column (docs/SCALING.md).
--   * Nothing but the protocol functions (SECURITY DEFINER, owned by the migrating role)
--     writes these tables; the roles only get SELECT (0005_roles_grants.sql).

-- ---------------------------------------------------------------------------------------
-- Per-workflow policy. Runs of a workflow without a row here use the defaults.
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.workflow_settings (
    workflow      text        NOT NULL PRIMARY KEY,
    retention     interval    NOT NULL DEFAULT interval '90 days',
    max_attempts  integer     NOT NULL DEFAULT 5,
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT workflow_settings_retention_check    CHECK (retention > interval '0'),
    CONSTRAINT workflow_settings_max_attempts_check CHECK (max_attempts >= 1)
);
COMMENT ON TABLE dedup.workflow_settings IS
    'Per-workflow retention (expires_at = finished_at + retention, default 90 days) and '
    'default max_attempts (default 5). Maintained by the schema owner.';

-- ---------------------------------------------------------------------------------------
-- Runs: one row per (scope, idem_key).
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.runs (
    id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope             text        COLLATE "C" NOT NULL,
    idem_key          text        COLLATE "C" NOT NULL,
    key_version       text,
    workflow          text        NOT NULL,
    workflow_version  text,
    correlation_id    text        COLLATE "C",
    fingerprint       text        NOT NULL,
    context           jsonb,
    status            text        NOT NULL DEFAULT 'processing',
    attempt           integer     NOT NULL DEFAULT 0,
    max_attempts      integer     NOT NULL DEFAULT 5,
    lease_owner       text,
    lease_token       bigint      NOT NULL DEFAULT 0,
    lease_expires_at  timestamptz,
    heartbeat_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    finished_at       timestamptz,
    expires_at        timestamptz,
    result            jsonb,
    last_error        jsonb,
    review_reason     text,
    review_assignee   text,
    review_note       text,
    review_at         timestamptz,
    CONSTRAINT runs_scope_idem_key_key UNIQUE (scope, idem_key),
    CONSTRAINT runs_status_check
        CHECK (status IN ('processing', 'succeeded', 'failed', 'manual_review', 'cancelled')),
    CONSTRAINT runs_attempt_check      CHECK (attempt >= 0),
    CONSTRAINT runs_max_attempts_check CHECK (max_attempts >= 1),
    CONSTRAINT runs_lease_token_check  CHECK (lease_token >= 0),
    -- a live lease exists exactly while the run is processing
    CONSTRAINT runs_lease_check
        CHECK ((status = 'processing') = (lease_expires_at IS NOT NULL)),
    -- only finished runs can expire, so purge can never remove processing/manual_review runs
    CONSTRAINT runs_expires_check
        CHECK (expires_at IS NULL OR status IN ('succeeded', 'failed', 'cancelled'))
) WITH (fillfactor = 90);

COMMENT ON TABLE dedup.runs IS
    'One row per (scope, idem_key): the durable dedup record. Written only by the protocol '
    'functions (docs/PROTOCOL.md).';
COMMENT ON COLUMN dedup.runs.lease_token IS
    'Fencing token: 0 before the first acquisition, +1 on every acquisition (claim, retry, '
    'takeover, take_command), on every operator action that removes a lease, and when a '
    'review is resolved as succeeded or cancelled.';
COMMENT ON COLUMN dedup.runs.fingerprint IS 'Hash of the request payload; a different one for the same key is a mismatch.';
COMMENT ON COLUMN dedup.runs.context IS 'Optional non-sensitive parameters a continuation worker needs (claim p_context).';
COMMENT ON COLUMN dedup.runs.last_error IS '{"class","message","retryable","attempt","at"} of the last failure.';
COMMENT ON COLUMN dedup.runs.expires_at IS 'Retention: finished_at + workflow retention; NULL while the run is active.';

-- Console queries (SPEC 8). Keyset pages are ORDER BY created_at DESC, id DESC with
-- WHERE (created_at, id) < ($last_created_at, $last_id); a btree scans backwards.
CREATE INDEX runs_created_idx          ON dedup.runs (created_at, id);
CREATE INDEX runs_status_created_idx   ON dedup.runs (status, created_at, id);
CREATE INDEX runs_workflow_created_idx ON dedup.runs (workflow, created_at, id);
CREATE INDEX runs_workflow_status_created_idx ON dedup.runs (workflow, status, created_at, id);
CREATE INDEX runs_scope_created_idx    ON dedup.runs (scope, created_at, id);
-- exact key / key prefix without a scope (with a scope: runs_scope_idem_key_key)
CREATE INDEX runs_idem_key_idx         ON dedup.runs (idem_key);
CREATE INDEX runs_correlation_idx      ON dedup.runs (correlation_id, created_at, id)
    WHERE correlation_id IS NOT NULL;
-- stuck list: processing runs whose lease expired (and "processing older than")
CREATE INDEX runs_stale_lease_idx      ON dedup.runs (lease_expires_at)
    WHERE status = 'processing';
-- manual review queue, oldest first
CREATE INDEX runs_review_queue_idx     ON dedup.runs (review_at, id)
    WHERE status = 'manual_review';
-- retention
CREATE INDEX runs_purge_idx            ON dedup.runs (expires_at)
    WHERE expires_at IS NOT NULL;

-- ---------------------------------------------------------------------------------------
-- Steps: one row per (run, step).
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.steps (
    run_id           bigint      NOT NULL REFERENCES dedup.runs (id) ON DELETE CASCADE,
    ordinal          integer     NOT NULL,
    name             text        NOT NULL,
    status           text        NOT NULL DEFAULT 'pending',
    attempts         integer     NOT NULL DEFAULT 0,
    lease_token      bigint,
    downstream_key   text,
    side_effect_ref  text,
    error            jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    started_at       timestamptz,
    finished_at      timestamptz,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT steps_pkey PRIMARY KEY (run_id, ordinal),
    CONSTRAINT steps_run_id_name_key UNIQUE (run_id, name),
    CONSTRAINT steps_status_check
        CHECK (status IN ('pending', 'in_progress', 'done', 'failed', 'uncertain', 'skipped')),
    CONSTRAINT steps_name_check    CHECK (name <> ''),
    CONSTRAINT steps_ordinal_check CHECK (ordinal >= 1)
) WITH (fillfactor = 80);   -- status is not indexed: step updates stay HOT

COMMENT ON TABLE dedup.steps IS 'Per-step status of every side effect of a run.';
COMMENT ON COLUMN dedup.steps.lease_token IS 'The run lease_token under which the current attempt of the step began.';
COMMENT ON COLUMN dedup.steps.downstream_key IS 'Idempotency key sent to the provider; an uncertain step with one is re-executed automatically.';

-- ---------------------------------------------------------------------------------------
-- Events: append-only timeline per run.
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.events (
    id       bigint      GENERATED ALWAYS AS IDENTITY,
    run_id   bigint      NOT NULL REFERENCES dedup.runs (id) ON DELETE CASCADE,
    at       timestamptz NOT NULL DEFAULT now(),
    kind     text        NOT NULL,
    actor    text,
    attempt  integer,
    step     text,
    detail   jsonb,
    CONSTRAINT events_pkey PRIMARY KEY (run_id, id)   -- timeline of one run, in order
);
COMMENT ON TABLE dedup.events IS
    'Append-only timeline (kinds in docs/PROTOCOL.md). Rows leave only with their run (purge).';
-- dashboard: duplicates suppressed / mismatches over time
CREATE INDEX events_duplicates_at_idx ON dedup.events (at)
    WHERE kind IN ('duplicate_suppressed', 'mismatch');

-- ---------------------------------------------------------------------------------------
-- Commands: operator -> worker continuation requests.
-- ---------------------------------------------------------------------------------------
CREATE TABLE dedup.commands (
    id               bigint      GENERATED ALWAYS AS IDENTITY,
    run_id           bigint      NOT NULL REFERENCES dedup.runs (id) ON DELETE CASCADE,
    action_key       text        COLLATE "C" NOT NULL,
    kind             text        NOT NULL DEFAULT 'continue',
    status           text        NOT NULL DEFAULT 'pending',
    requested_by     text        NOT NULL,
    reason           text,
    from_step        text,
    rerun_uncertain  boolean     NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now(),
    taken_by         text,
    taken_at         timestamptz,
    taken_token      bigint,
    finished_at      timestamptz,
    result_status    text,
    note             text,
    CONSTRAINT commands_pkey PRIMARY KEY (run_id, id),
    CONSTRAINT commands_action_key_key UNIQUE (action_key),
    CONSTRAINT commands_kind_check   CHECK (kind IN ('continue')),
    CONSTRAINT commands_status_check CHECK (status IN ('pending', 'taken', 'done', 'cancelled'))
);
COMMENT ON TABLE dedup.commands IS
    'Continuation requests queued by op_request_continuation / op_resolve_review(continue); '
    'consumed by take_command (or by a claim that re-acquires the run).';
-- at most one pending command per run
CREATE UNIQUE INDEX commands_one_pending_per_run ON dedup.commands (run_id)
    WHERE status = 'pending';
-- take_command: oldest pending first
CREATE INDEX commands_pending_idx ON dedup.commands (id)
    WHERE status = 'pending';

-- ---------------------------------------------------------------------------------------
-- Audit log: append-only, hash-chained record of every operator action.
-- id, at, the "who" columns, prev_hash and hash are set by the chain trigger
-- (0003_operator_actions.sql), whatever the inserting statement supplies.
-- No foreign key on run_id: the audit outlives purged runs.
-- ---------------------------------------------------------------------------------------
CREATE SEQUENCE dedup.audit_log_id_seq AS bigint;
CREATE TABLE dedup.audit_log (
    id                bigint      NOT NULL PRIMARY KEY,
    at                timestamptz NOT NULL,
    db_role           text        NOT NULL,
    os_user           text,
    client_host       text,
    client_addr       inet,
    application_name  text,
    action            text        NOT NULL,
    run_id            bigint,
    action_key        text        COLLATE "C" NOT NULL,
    reason            text        NOT NULL,
    expected_token    bigint,
    params            jsonb,
    outcome           text        NOT NULL,
    detail            text,
    before            jsonb,
    after             jsonb,
    prev_hash         text        NOT NULL,
    hash              text        NOT NULL,
    CONSTRAINT audit_log_action_key_key UNIQUE (action_key),
    CONSTRAINT audit_log_reason_check  CHECK (reason !~ '^[[:space:]]*$'),
    CONSTRAINT audit_log_outcome_check CHECK (outcome IN ('applied', 'changed'))
);
ALTER SEQUENCE dedup.audit_log_id_seq OWNED BY dedup.audit_log.id;
COMMENT ON TABLE dedup.audit_log IS
    'Append-only record of operator actions; hash = sha256(prev_hash || ''|'' || '
    'dedup.audit_canonical(row)), verified by dedup.verify_audit().';
CREATE INDEX audit_log_at_idx     ON dedup.audit_log (at);
CREATE INDEX audit_log_run_id_idx ON dedup.audit_log (run_id, id);

-- Head of the hash chain. Its row lock serialises appends (in every isolation level) and it
-- lets verify_audit() notice rows removed from the end of the chain.
CREATE TABLE dedup.audit_head (
    singleton  boolean     NOT NULL DEFAULT true PRIMARY KEY,
    last_id    bigint      NOT NULL,
    last_hash  text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT audit_head_singleton_check CHECK (singleton)
);
INSERT INTO dedup.audit_head (singleton, last_id, last_hash)
VALUES (true, 0, repeat('0', 64));
