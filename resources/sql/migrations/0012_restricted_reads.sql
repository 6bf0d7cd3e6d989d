-- 0012_restricted_reads.sql: reads of logins under row-level security (every login but the
-- store's owner, since 0010) that had become scans: key-prefix lists, and the stuck and review
-- queues' counts.
--
-- 1. Key-prefix lists.
-- A key-prefix list walks six-hour buckets newest first through runs_bucket_key_idx (0009),
-- whose first column is date_bin('6 hours', created_at AT TIME ZONE 'UTC', ...). Neither
-- date_bin nor AT TIME ZONE is leakproof, so under row-level security (every login but the
-- owner, since 0010) PostgreSQL may not evaluate the bucket condition before the policy: it
-- cannot be an index condition, and each bucket became a scan of every key with the prefix
-- in the whole store (7.5 s for a month's prefix on 10 million runs, 15.6 s two months
-- back; docs/PERFORMANCE.md, "A scope-limited operator").
--
-- key_prefix_page() runs the same walk as the owner and keeps only the runs the caller may
-- read, by the policy's own rule (_reads_all(), _read_grants()), so it returns what the
-- walk under row-level security returns, in the same order: the newest `p_limit` runs whose
-- key starts with p_prefix and that match the other criteria. It returns (created_at, id)
-- only; the console then reads those rows from dedup.runs, under row-level security again.
-- The prefix reaches the walk as a literal (format %L), so the planner turns it into an
-- index range; every other value is a parameter. (The function is below the indexes.)
--
-- The walk (this function's and the owner's inline one) relies on the planner choosing
-- runs_bucket_key_idx over runs_idem_key_idx, which it does only when it estimates the
-- prefix's runs well. With the default statistics target (100 histogram buckets for 10
-- million keys) a month's prefix that falls inside one histogram bucket was estimated at
-- 1,000 runs instead of 36,736; the planner then scanned the whole prefix once per bucket
-- (5.4 s for a scope-limited login's count, 54 ms for the owner's). 1,000 histogram
-- buckets estimate it at 40,046; ANALYZE of 10 million runs takes about 5 s instead of 1.
ALTER TABLE dedup.runs ALTER COLUMN idem_key SET STATISTICS 1000;
--
-- 2. The stuck and review queues. "Stuck now", the Stuck view and the review queue's counts,
-- ages, oldest and median read runs_stale_lease_idx and runs_review_queue_idx, partial indexes
-- bounded by the queues' sizes. The owner counts them with index-only scans; the policy of a
-- restricted login needs each queued run's workflow and scope, which those indexes did not
-- hold, so it visited every queued run's row: 830 ms of a restricted login's Dashboard read
-- on 100,000 stuck and 200,000 reviewed runs (docs/PERFORMANCE.md, "Dashboard"). The same
-- indexes with workflow and scope as included columns keep those reads index-only under the
-- policy. The cost: each entry of the two partial indexes (a run while it is processing or in
-- review) is longer by its workflow and scope; the other 11 indexes of runs are unchanged.
-- Rebuilding them reads the whole table once each (5 s and 2 s on 10,000,000 runs), under
-- a lock that holds writes to runs until the migration commits.
DROP INDEX dedup.runs_stale_lease_idx;
-- The stale-lease index includes id too: the Stuck view picks the expired leases' ids from
-- the index alone and reads only those rows (StuckQueries::list).
CREATE INDEX runs_stale_lease_idx ON dedup.runs (lease_expires_at) INCLUDE (id, workflow, scope)
    WHERE status = 'processing';
DROP INDEX dedup.runs_review_queue_idx;
CREATE INDEX runs_review_queue_idx ON dedup.runs (review_at, id) INCLUDE (workflow, scope)
    WHERE status = 'manual_review';

CREATE FUNCTION dedup.key_prefix_page(
    p_prefix      text,
    p_limit       bigint,
    p_workflow    text        DEFAULT NULL,
    p_scope       text        DEFAULT NULL,
    p_statuses    text[]      DEFAULT NULL,  -- NULL: every status
    p_from        timestamptz DEFAULT NULL,  -- created_at >= p_from
    p_to          timestamptz DEFAULT NULL,  -- created_at <= p_to
    p_below_at    timestamptz DEFAULT NULL,  -- (created_at, id) < (p_below_at, p_below_id)
    p_below_id    bigint      DEFAULT NULL,
    p_at_least_at timestamptz DEFAULT NULL,  -- (created_at, id) >= (p_at_least_at, p_at_least_id)
    p_at_least_id bigint      DEFAULT NULL)
RETURNS TABLE (created_at timestamptz, id bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_all   boolean := dedup._reads_all();
    -- Conditions on the run row drop runs after the index: a bucket is then read whole.
    v_outer boolean := NOT v_all OR p_workflow IS NOT NULL OR p_scope IS NOT NULL
                       OR p_statuses IS NOT NULL;
BEGIN
    -- The prefix is taken literally: white space is a valid start of a key.
    IF p_prefix IS NULL OR p_prefix = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'key_prefix_page: p_prefix must not be NULL or empty';
    END IF;
    IF pg_catalog.octet_length(p_prefix) > 512 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD009',
            MESSAGE = format('key_prefix_page: p_prefix is %s bytes; the limit is 512',
                             pg_catalog.octet_length(p_prefix));
    END IF;
    PERFORM dedup._check_text('key_prefix_page', 'p_workflow', p_workflow, 100, false);
    PERFORM dedup._check_text('key_prefix_page', 'p_scope', p_scope, 200, false);
    IF p_limit IS NULL OR p_limit < 0 OR p_limit > 1000000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'key_prefix_page: p_limit must be between 0 and 1000000';
    END IF;
    IF (p_below_at IS NULL) <> (p_below_id IS NULL)
       OR (p_at_least_at IS NULL) <> (p_at_least_id IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004',
            MESSAGE = 'key_prefix_page: a keyset bound needs both its time and its id';
    END IF;
    IF NOT v_all AND NOT EXISTS (SELECT 1 FROM dedup._read_grants()) THEN
        RETURN;
    END IF;
    RETURN QUERY EXECUTE format($q$
        SELECT k.created_at, k.id
          FROM (SELECT date_bin('6 hours', LEAST((SELECT max(m.created_at) FROM dedup.runs m),
                                                 $5, $6) AT TIME ZONE 'UTC',
                                timestamp '2000-01-01') AS hi,
                       date_bin('6 hours', GREATEST((SELECT min(m.created_at) FROM dedup.runs m),
                                                    $4, $8) AT TIME ZONE 'UTC',
                                timestamp '2000-01-01') AS lo) b
         CROSS JOIN LATERAL generate_series(b.hi, b.lo, interval '-6 hours') AS d(bucket)
         CROSS JOIN LATERAL (
             SELECT x.created_at, x.id FROM dedup.runs x
              WHERE x.idem_key ^@ %L
                AND date_bin('6 hours', x.created_at AT TIME ZONE 'UTC',
                             timestamp '2000-01-01') = d.bucket
                AND x.created_at >= (d.bucket AT TIME ZONE 'UTC')
                AND x.created_at < ((d.bucket + interval '6 hours') AT TIME ZONE 'UTC')
                AND ($4::timestamptz IS NULL OR x.created_at >= $4)
                AND ($5::timestamptz IS NULL OR x.created_at <= $5)
                AND ($6::timestamptz IS NULL OR (x.created_at, x.id) < ($6, $7))
                AND ($8::timestamptz IS NULL OR (x.created_at, x.id) >= ($8, $9))
              ORDER BY x.created_at DESC, x.id DESC
              %s) k
         %s
         LIMIT $10
        $q$,
        p_prefix,
        CASE WHEN v_outer THEN '' ELSE 'LIMIT $10' END,
        CASE WHEN v_outer THEN $j$
         JOIN dedup.runs r ON r.id = k.id
         WHERE ($1::text IS NULL OR r.workflow = $1)
           AND ($2::text IS NULL OR r.scope = $2)
           AND ($3::text[] IS NULL OR r.status = ANY ($3))
           AND ($11 OR EXISTS (SELECT 1 FROM dedup._read_grants() g
                                WHERE (g.workflow IS NULL OR g.workflow = r.workflow)
                                  AND (g.scope_prefix IS NULL
                                       OR pg_catalog.starts_with(r.scope, g.scope_prefix))))
        $j$ ELSE '' END)
    USING p_workflow, p_scope, p_statuses, p_from, p_to, p_below_at, p_below_id,
          p_at_least_at, p_at_least_id, p_limit, v_all;
END
$fn$;
COMMENT ON FUNCTION dedup.key_prefix_page(text, bigint, text, text, text[], timestamptz,
                                          timestamptz, timestamptz, bigint, timestamptz, bigint) IS
    'A key-prefix list page for a login under row-level security: (created_at, id) of the '
    'newest runs it may read whose key starts with p_prefix (docs/PROTOCOL.md, section 11a).';

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA dedup FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dedup.key_prefix_page(text, bigint, text, text, text[], timestamptz,
                                                timestamptz, timestamptz, bigint, timestamptz,
                                                bigint) TO dedup_operator, dedup_viewer;
