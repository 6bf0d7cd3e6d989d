#!/usr/bin/env bash
# Worker kills (SIGKILL) against a private PostgreSQL cluster: runs `dedupctl crash-test`
# and writes its JSON report to a file (docs/RELIABILITY.md). Builds nothing.
#
#   tests/bench/reliability_crash.sh BUILD_DIR [OUTPUT.json] [KILLS] [SEED]
#
# BUILD_DIR holds bin/dedupctl and tests/harness/dedup-testcluster (build both targets).
# Exit code: crash-test's (0: no duplicated deduplicated side effect, nothing lost).
set -euo pipefail

build=${1:?usage: $0 BUILD_DIR [OUTPUT.json] [KILLS] [SEED]}
output=${2:-reliability_crash.json}
kills=${3:-500}
seed=${4:-1}
intents=${INTENTS:-400}
workers=${WORKERS:-4}

dedupctl="$build/bin/dedupctl"
cluster="$build/tests/harness/dedup-testcluster"
for tool in "$dedupctl" "$cluster"; do
    [[ -x $tool ]] || { echo "$0: $tool not found: build it first" >&2; exit 2; }
done

state=$(mktemp -d "${TMPDIR:-/tmp}/dedup-crash-XXXXXX")
cleanup() {
    "$cluster" stop --state "$state" >/dev/null 2>&1 || true
    rm -rf "$state"
}
trap cleanup EXIT

"$cluster" start --state "$state" >&2
# The cluster's template database is already migrated; migrate anyway (a no-op then), so
# the script also works against a cluster whose template lags behind.
conninfo=$("$cluster" conninfo --state "$state")
"$dedupctl" migrate --db "$conninfo" >&2

echo "crash-test: $kills kills, $workers workers, seed $seed ..." >&2
status=0
"$dedupctl" crash-test --db "$conninfo" --intents "$intents" --workers "$workers" \
    --kills "$kills" --seed "$seed" --json >"$output" || status=$?
cat "$output"
echo "machine: $(nproc) cpu(s), $(uname -srm), $(psql --version 2>/dev/null || true)" >&2
exit "$status"
