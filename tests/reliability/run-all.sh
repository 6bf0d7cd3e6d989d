#!/usr/bin/env bash
# The fault-injection suite (docs/RELIABILITY.md) at full counts: one line per reliability target,
# each in a fresh database of a private PostgreSQL cluster started (and stopped) here. Prints, per
# line, trials, faults injected, faults survived, lost, duplicated and pass/fail, and writes
# tests/reliability/results/<date>.md (the per-line JSON next to it, in <date>/).
#
#   tests/reliability/run-all.sh BUILD_DIR [SEED]
#
# BUILD_DIR holds the targets dedup-reliability, dedupctl and dedup-testcluster:
#   cmake --build BUILD_DIR -j2 --target dedup-reliability dedupctl dedup-testcluster
# Counts (environment): DUPLICATE_INTENTS=1000 COPIES=32 KILLS=500 FENCING_TRIALS=1000
# RACE_TRIALS=1000 FORGED_TRIALS=1000 CONNECTION_KILLS=100 AUDIT_ROUNDS=20 PAIR_ROUNDS=10
# SERVER_RESTARTS=10 FAILOVERS=10 (each of 8a and 8b). Runs niced; one line at a time.
# Exit code: 0 when every line held, 1 otherwise, 2 for a set-up error.
set -euo pipefail

build=${1:?usage: $0 BUILD_DIR [SEED]}
seed=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
runner="$build/tests/reliability/dedup-reliability"
cluster="$build/tests/harness/dedup-testcluster"
dedupctl="$build/bin/dedupctl"
for tool in "$runner" "$cluster" "$dedupctl"; do
    [[ -x $tool ]] || { echo "$0: $tool not found: build it first" >&2; exit 2; }
done

stamp=$(date -u +%Y-%m-%d-%H%M)
results="$here/results"
jsondir="$results/$stamp"
mkdir -p "$jsondir"
state=$(mktemp -d "${TMPDIR:-/tmp}/dedup-reliability-XXXXXX")
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    "$cluster" stop --state "$state" >/dev/null 2>&1 || true
    rm -rf "$state"
}
trap cleanup EXIT
"$cluster" start --state "$state" >&2
export DEDUP_TEST_CLUSTER="$state"

# line  name             arguments
lines=(
    "1 duplicates --trials ${DUPLICATE_INTENTS:-1000} --copies ${COPIES:-32}"
    "2 kills --trials ${KILLS:-500} --dedupctl $dedupctl"
    "3a fencing --trials ${FENCING_TRIALS:-1000}"
    "3b lease-race --trials ${RACE_TRIALS:-1000}"
    "3c forged-writes --trials ${FORGED_TRIALS:-1000}"
    "4 connection-kills --trials ${CONNECTION_KILLS:-100}"
    "5a viewer"
    "5b audit --trials ${AUDIT_ROUNDS:-20}"
    "6 operator-pairs --trials ${PAIR_ROUNDS:-10}"
    "7 server-restarts --trials ${SERVER_RESTARTS:-10}"
    "8a failovers-sync --trials ${FAILOVERS:-10}"
    "8b failovers-async --trials ${FAILOVERS:-10}"
)
status=0
files=()
for entry in "${lines[@]}"; do
    read -r id name args <<<"$entry"
    echo "== line $id: $name $args" >&2
    # shellcheck disable=SC2086 # args is a list of options
    nice -n 10 "$runner" "$name" $args --seed "$seed" --out "$jsondir/$id-$name.json" ||
        { rc=$?; [[ $rc -eq 1 ]] || exit "$rc"; status=1; }
    files+=("$jsondir/$id-$name.json")
done

{
    echo "# Fault-injection suite, $(date -u '+%Y-%m-%d %H:%M') UTC"
    echo
    echo "\`tests/reliability/run-all.sh $build $seed\`; machine: $(nproc) CPU(s)," \
        "$(uname -srm), $(psql --version 2>/dev/null || echo 'PostgreSQL'); git" \
        "$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')."
    echo
    "$runner" report "${files[@]}"
} >"$results/$stamp.md"
echo >&2
"$runner" report "${files[@]}" | sed -n '1,10p'
echo >&2
echo "results: $results/$stamp.md" >&2
exit "$status"
