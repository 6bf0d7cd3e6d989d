#!/bin/bash
# duplicate_ab.sh: the duplicate path before and after 0025, side by side on one server
# (docs/PERFORMANCE.md "Replay"). Two databases from the migrated template; in "before" the
# claim of 0023 is put back (an event per duplicate), "after" keeps 0025's (counted in
# duplicate_deliveries). Each gets 1,000 finished runs; then every key is claimed once more
# (each run's first duplicate) and 5,000 claims of random keys follow, three rounds taken in
# turns. Prints WAL bytes per claim (pg_current_wal_insert_lsn), pgbench's mean latency and
# the tables' sizes. Nothing is asserted.
#
#   build/tests/harness/dedup-testcluster start --state /tmp/ab-cluster
#   tests/bench/duplicate_ab.sh /tmp/ab-cluster
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
state=${1:?usage: duplicate_ab.sh CLUSTER_STATE_DIR}
ini() { sed -n "s/^$1=//p" "$state/cluster.ini" 2>/dev/null; }
if [ -z "$(ini port)" ]; then
    echo "no cluster in $state (start it with dedup-testcluster start --state $state)" >&2
    exit 2
fi
conninfo="host=$(ini socket_dir) port=$(ini port) user=$(ini superuser)"
pgbench=/usr/lib/postgresql/15/bin/pgbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 0023's claim: from its CREATE OR REPLACE to the end of its body.
awk '/^CREATE OR REPLACE FUNCTION dedup.claim\(/{on=1} on{print} on && /^\$\$;/{exit}' \
    "$here/resources/sql/migrations/0023_workflow_pause.sql" > "$work/claim0023.sql"
seq 1 1000 | sed "s/.*/SELECT outcome FROM dedup.claim('bench', 'k&', 'wf', 'fp', NULL, 'w1');/" \
    > "$work/first.sql"
printf '%s\n' '\set i random(1, 1000)' \
    "SELECT outcome FROM dedup.claim('bench', 'k' || :i, 'wf', 'fp', NULL, 'w2');" \
    > "$work/replay.pgb"
q() { psql "$conninfo dbname=$1" -qAt -v ON_ERROR_STOP=1 "${@:2}"; }
lsn() { q "$1" -c "SELECT pg_current_wal_insert_lsn()"; }
for d in before after; do
    q postgres -c "DROP DATABASE IF EXISTS wal_$d" -c "CREATE DATABASE wal_$d TEMPLATE dedup_template"
done
q wal_before -f "$work/claim0023.sql"
for d in before after; do
    q "wal_$d" >/dev/null <<'SQL'
SELECT count(*) FROM generate_series(1, 1000) i, dedup.claim('bench', 'k' || i, 'wf', 'fp', NULL, 'w') c;
SELECT count(*) FROM dedup.runs r, dedup.succeed(r.id, r.lease_token, r.lease_secret, '{"status": 201}');
CHECKPOINT;
SQL
    l0=$(lsn "wal_$d")
    q "wal_$d" -o /dev/null -f "$work/first.sql"
    l1=$(lsn "wal_$d")
    echo "$d: first duplicate of each key: $(q "wal_$d" -c "SELECT round(pg_wal_lsn_diff('$l1', '$l0') / 1000.0)") WAL bytes per claim"
done
for round in 1 2 3; do
    for d in before after; do
        l1=$(lsn "wal_$d")
        latency=$($pgbench -n -f "$work/replay.pgb" -t 5000 -c 1 \
                  "$conninfo dbname=wal_$d" 2>&1 | awk '/latency average/ {print $4}')
        l2=$(lsn "wal_$d")
        echo "round $round, $d: 5,000 repeated duplicates: mean $latency ms, $(q "wal_$d" -c "SELECT round(pg_wal_lsn_diff('$l2', '$l1') / 5000.0)") WAL bytes per claim"
    done
done
for d in before after; do
    q "wal_$d" -c "SELECT '$d: events ' || pg_size_pretty(pg_total_relation_size('dedup.events'))
                   || ' (' || (SELECT count(*) FROM dedup.events) || ' rows), duplicate_deliveries '
                   || COALESCE(pg_size_pretty(pg_total_relation_size(to_regclass('dedup.duplicate_deliveries'))), '-')"
    q postgres -c "DROP DATABASE wal_$d"
done
