-- The simulated providers' own database: schema `sim`. This is NOT part of the dedup store
-- and not a dedup migration: the simulator installs it (SimSchema::install) next to the
-- store, and workers never touch it through the store's connection. Every statement is
-- idempotent, so installing twice is harmless.

CREATE SCHEMA IF NOT EXISTS sim;
COMMENT ON SCHEMA sim IS 'Dedup Console simulator: simulated providers and their side-effect ledger';

-- Every external side effect any simulated provider performed, one row each. The ledger is
-- how duplicates are counted rather than assumed (docs/SIMULATOR.md).
CREATE TABLE IF NOT EXISTS sim.ledger (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- groups one simulation run (e.g. the strategy compared); duplicates are counted per label
    label          text NOT NULL DEFAULT '',
    provider       text NOT NULL,
    operation      text NOT NULL,
    -- the business intent the simulator knows; used only to count duplicates, never by a
    -- provider to deduplicate
    intent         text NOT NULL,
    downstream_key text,
    -- the provider's id for what it did ("msg_000123")
    ref            text NOT NULL UNIQUE,
    payload        jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- the injected fault of the call that produced the row (NULL: a clean call)
    fault          text,
    -- true for the extra row of a provider-side duplication: the provider's own bug, not the
    -- caller's
    provider_copy  boolean NOT NULL DEFAULT false,
    at             timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ledger_group_idx ON sim.ledger (label, provider, operation, intent);
CREATE INDEX IF NOT EXISTS ledger_intent_idx ON sim.ledger (intent);

-- The downstream keys of providers that honour them: a key is performed once, and every
-- repeat gets the first ref back. Keys are remembered per label so that two simulation runs
-- over the same traffic stay independent.
CREATE TABLE IF NOT EXISTS sim.idempotency (
    label          text NOT NULL,
    provider       text NOT NULL,
    downstream_key text NOT NULL,
    -- the request the key was first used with; a repeat with a different request is refused
    operation      text NOT NULL,
    payload        jsonb NOT NULL,
    ref            text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (label, provider, downstream_key)
);

-- Refs are numbered across providers; a prefix tells whose they are.
CREATE SEQUENCE IF NOT EXISTS sim.ref_seq;
