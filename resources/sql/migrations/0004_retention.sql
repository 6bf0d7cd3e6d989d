-- 0004_retention.sql: bounded purge of expired finished runs (SPEC 5).
--
-- expires_at is set to finished_at + workflow retention (dedup.workflow_settings, default
-- 90 days) when a run becomes succeeded, failed or cancelled, and cleared while it is active
-- again. A CHECK on dedup.runs keeps it NULL for processing and manual_review runs, so those
-- are never purged. dedupctl purge calls purge_expired() in a loop, one short transaction
-- per batch, until it returns deleted = 0. Locked runs are skipped, never waited for.
-- Steps, events and commands go with their run (ON DELETE CASCADE); the audit log stays.

CREATE FUNCTION dedup.purge_expired(p_batch integer DEFAULT 1000)
RETURNS TABLE (deleted integer, succeeded integer, failed integer, cancelled integer)
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_ids    bigint[];
    v_status text[];
BEGIN
    IF p_batch IS NULL OR p_batch < 1 OR p_batch > 100000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'purge_expired: p_batch must be between 1 and 100000';
    END IF;
    WITH victims AS (
        SELECT r.id
          FROM dedup.runs r
         WHERE r.expires_at <= now()
           AND r.status IN ('succeeded', 'failed', 'cancelled')
         ORDER BY r.expires_at
         LIMIT p_batch
           FOR UPDATE SKIP LOCKED),
    gone AS (
        DELETE FROM dedup.runs r
         USING victims v
         WHERE r.id = v.id
        RETURNING r.id, r.status)
    SELECT array_agg(g.id ORDER BY g.id), array_agg(g.status) INTO v_ids, v_status FROM gone g;

    -- Purged runs leave no event (their events go with them), so the batch announces itself
    -- on the same channel and in the same form as the event trigger: live lists drop them.
    IF cardinality(v_ids) > 0 THEN
        PERFORM pg_notify('dedup_events',
            jsonb_build_object('runs', to_jsonb(v_ids[1:100]),
                               'more', cardinality(v_ids) > 100)::text);
    END IF;
    deleted   := COALESCE(cardinality(v_ids), 0);
    succeeded := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'succeeded');
    failed    := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'failed');
    cancelled := (SELECT count(*) FROM unnest(v_status) s WHERE s = 'cancelled');
    RETURN NEXT;
END
$$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
