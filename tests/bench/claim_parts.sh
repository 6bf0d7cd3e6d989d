#!/bin/bash
# claim_parts.sh: what the claim's time is made of, and what a heartbeat writes
# (docs/PERFORMANCE.md "What the claim is made of"). Databases from the migrated template, each with one part of the claim taken
# away, so the difference to "as is" is that part's cost:
#
#   as_is           the store as migrated
#   may_noset       dedup._may without its SET search_path (the GUC switch around each call)
#   no_event        dedup._event does nothing (the claim's `claimed` event row)
#   no_steps        the claim declares no step (no pending step row, no step-name check)
#   no_event_steps  both of the two above
#   fewer_indexes   both, and runs without its status and stale-lease indexes
#
# Server time: 2,000 first claims of new keys in one DO block (no round trip, no commit),
# as a worker login, 7 rounds taken in turns; the claim's INSERT into dedup.runs alone and
# the minimal table's INSERT ... ON CONFLICT are timed the same way. Median of the rounds.
# Nothing is asserted. What a part's server time means for bench_write_path's client-side
# p50 ratio is arithmetic in docs/PERFORMANCE.md.
#
#   build/tests/harness/dedup-testcluster start --state /tmp/parts-cluster
#   tests/bench/claim_parts.sh /tmp/parts-cluster
set -euo pipefail
state=${1:?usage: claim_parts.sh CLUSTER_STATE_DIR}
ini() { sed -n "s/^$1=//p" "$state/cluster.ini" 2>/dev/null; }
if [ -z "$(ini port)" ]; then
    echo "no cluster in $state (start it with dedup-testcluster start --state $state)" >&2
    exit 2
fi
conninfo="host=$(ini socket_dir) port=$(ini port) user=$(ini superuser)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
q() { psql "$conninfo dbname=$1" -qAt -v ON_ERROR_STOP=1 "${@:2}"; }
# setup statements: without their notices (DROP ... IF EXISTS, GRANT of a granted role)
qs() { PGOPTIONS='-c client_min_messages=warning' q "$@"; }
login=claim_parts_worker
variants="as_is may_noset no_event no_steps no_event_steps fewer_indexes"

qs postgres -c "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$login')
               THEN CREATE ROLE $login LOGIN; END IF; END \$\$"
minimal="CREATE TABLE wp_runs (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          scope text NOT NULL, idem_key text NOT NULL, workflow text NOT NULL,
          fingerprint text NOT NULL, status text NOT NULL DEFAULT 'processing', result jsonb,
          UNIQUE (scope, idem_key));
          GRANT INSERT, SELECT ON wp_runs TO $login"
noop_event="CREATE OR REPLACE FUNCTION dedup._event(p_run_id bigint, p_kind text, p_actor text,
            p_attempt integer, p_step text, p_detail jsonb)
            RETURNS void LANGUAGE plpgsql AS 'BEGIN END'"
for v in $variants; do
    qs postgres -c "DROP DATABASE IF EXISTS parts_$v" -c "CREATE DATABASE parts_$v TEMPLATE dedup_template"
    qs "parts_$v" -c "GRANT dedup_worker TO $login" -c "$minimal" >/dev/null
    qs "parts_$v" -c "SELECT dedup.access_grant('$login', 'worker')" >/dev/null
    case $v in
    may_noset) qs "parts_$v" -c "ALTER FUNCTION dedup._may(text[], text, text) RESET search_path" ;;
    no_event | no_event_steps) qs "parts_$v" -c "$noop_event" ;;
    fewer_indexes)
        qs "parts_$v" -c "$noop_event" -c "DROP INDEX dedup.runs_status_created_idx,
            dedup.runs_workflow_status_created_idx, dedup.runs_stale_lease_idx" ;;
    esac
done

# $1: label; $2: the statement, with :k for the key
loop() {
    cat <<SQL
SET SESSION AUTHORIZATION $login;
DO \$\$
DECLARE t0 timestamptz; x bigint; b bigint := (random() * 1e12)::bigint;
BEGIN
    t0 := clock_timestamp();
    FOR i IN 1..2000 LOOP
        $2
    END LOOP;
    RAISE NOTICE '$1 %', round(extract(epoch FROM clock_timestamp() - t0) * 1e6 / 2000);
END \$\$;
SQL
}
claim_call() {
    echo "SELECT c.run_id INTO x FROM dedup.claim(p_scope => 'bench', p_key => 'k' || (b + i),
          p_workflow => 'bench-workflow', p_fingerprint => 'sha256-bench', p_worker => 'w',
          p_steps => '$1') c;"
}
loop claim "$(claim_call '{charge}')" > "$work/claim.sql"
loop claim "$(claim_call '{}')" > "$work/claim_nosteps.sql"
# the claim's own INSERT, as it stands in its body (0026), run by the owner
loop insert "INSERT INTO dedup.runs AS n (scope, idem_key, workflow, fingerprint, status,
        attempt, max_attempts, lease_owner, lease_token, lease_expires_at, heartbeat_at,
        lease_login, lease_secret)
    VALUES ('bench', 'i' || (b + i), 'bench-workflow', 'sha256-bench', 'processing', 1,
        COALESCE(NULL, (SELECT ws.max_attempts FROM dedup.workflow_settings ws
                         WHERE ws.workflow = 'bench-workflow'), 5),
        'w', 1, now() + interval '30 s', now(), session_user, gen_random_uuid())
    ON CONFLICT (scope, idem_key) DO NOTHING RETURNING n.id INTO x;" \
    | sed 1d > "$work/insert.sql"
loop minimal "INSERT INTO wp_runs (scope, idem_key, workflow, fingerprint)
    VALUES ('bench', 'm' || (b + i), 'bench-workflow', 'sha256-bench')
    ON CONFLICT (scope, idem_key) DO NOTHING RETURNING id INTO x;" > "$work/minimal.sql"

# runs one loop file, prints the microseconds per statement
us() { q "$1" -f "$2" 2>&1 | sed -n 's/.*NOTICE:  [a-z]* \([0-9]*\)$/\1/p'; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "server time per statement, us (2,000 in one DO block, 7 rounds, median; rounds in brackets)"
declare -A rounds
for _ in 1 2 3 4 5 6 7; do
    for v in $variants; do
        f=claim.sql
        case $v in no_steps | no_event_steps | fewer_indexes) f=claim_nosteps.sql ;; esac
        rounds[$v]+="$(us "parts_$v" "$work/$f") "
    done
    rounds[insert]+="$(us parts_as_is "$work/insert.sql") "
    rounds[minimal]+="$(us parts_as_is "$work/minimal.sql") "
done
for v in $variants insert minimal; do
    m=$(tr ' ' '\n' <<<"${rounds[$v]}" | grep . | median)
    case $v in
    insert) label="the claim's INSERT into dedup.runs alone" ;;
    minimal) label="minimal table: INSERT ... ON CONFLICT" ;;
    *) label="claim, $v" ;;
    esac
    printf '  %-44s %5s us   [%s]\n' "$label" "$m" "${rounds[$v]% }"
done

# A heartbeat, for comparison: it moves lease_expires_at, the key of runs_stale_lease_idx, so
# it can never be a HOT update and enters every index of runs its row version matches.
echo "a heartbeat of a processing run: 200 runs, 5 heartbeats each (one transaction each) after one round"
qs parts_as_is -c "SET SESSION AUTHORIZATION $login" \
    -c "SELECT count(*) FROM generate_series(1, 200) i,
        dedup.claim('heartbeat', 'h' || i, 'bench-workflow', 'sha256-bench', p_worker => 'w') c" >/dev/null
qs parts_as_is -c "SELECT format('SELECT dedup.heartbeat(%s, %s, %L);', id, lease_token, lease_secret)
                   FROM dedup.runs WHERE scope = 'heartbeat' ORDER BY id" > "$work/heartbeat.sql"
heartbeats() { for _ in $(seq "$1"); do cat "$work/heartbeat.sql"; done |
    qs parts_as_is -c "SET SESSION AUTHORIZATION $login" -f - >/dev/null; }
heartbeats 1
qs parts_as_is -c "SELECT pg_stat_reset()" >/dev/null
lsn0=$(qs parts_as_is -c "SELECT pg_current_wal_insert_lsn()")
heartbeats 5
sleep 1 # the statistics collector's report
qs parts_as_is -c "SELECT format('  WAL per heartbeat %s B; HOT updates of runs %s of %s',
                      round((pg_current_wal_insert_lsn() - '$lsn0'::pg_lsn) / 1000),
                      n_tup_hot_upd, n_tup_upd)
                   FROM pg_stat_user_tables WHERE relid = 'dedup.runs'::regclass"

for v in $variants; do qs postgres -c "DROP DATABASE parts_$v"; done
