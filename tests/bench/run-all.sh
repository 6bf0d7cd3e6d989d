#!/usr/bin/env bash
# The benchmark suite in one command (docs/PERFORMANCE.md "Targets").
#
#   tests/bench/run-all.sh [--reuse] [--store DIR] [--build DIR] [--runs N] [--quick]
#                          [--skip-durable]
#
# Builds the benchmarks (Release) in their own build directory, generates the store of 10
# million runs by COPY (bench_browse; --reuse keeps a store already generated in DIR with the
# same size and seed, brought to this build's schema by bench_migrate), then runs every
# figure of docs/PERFORMANCE.md "Targets" next to its baseline, in the same run:
#
#   bench_browse    first page per filter, lookups, stale list, console memory
#                   vs QSqlQueryModel over the same query
#   bench_protocol  claim + 2 steps + succeed runs/s with 1, 2, 4 workers vs six bare
#                   INSERT ... ON CONFLICT; one claim vs one INSERT ON CONFLICT DO NOTHING
#                   (fsync off, then fsync on unless --skip-durable)
#   bench_live      the live view's UI-thread stalls at 1,000 changes/s vs a QSqlQueryModel
#                   that re-queries per change
#   bench_export    CSV export vs COPY TO STDOUT of the same rows, on its own store of 1
#                   million runs (DEDUP_BENCH_EXPORT_STORE, default /tmp/bench-export-1m)
#   bench_detail_open  opening runs with a 20 MB result, context and error in the run
#                   detail: UI-thread stalls, time until shown, RSS before / open / closed
#                   (its output and JSON are kept; the table does not summarise it yet)
#   bench_bulk_contention  single operator actions and worker calls while a bulk cancel of
#                   100,000 runs runs, against none running and the 0006 batch body
#                   (its output and JSON are kept; the table does not summarise it yet)
#
# and writes tests/bench/results/<UTC date-time>-<host>.md (the table: target, measured,
# baseline, ratio, pass/miss; the machine, the load) with every benchmark's JSON and output
# in tests/bench/results/<UTC date-time>-<host>/. Benchmarks never assert; the verdicts are
# comparisons. Every benchmark starts and stops its own PostgreSQL.
#
# The figures depend on the machine's load: run it when nothing else runs (the load average
# at the start and at the end is in the results).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
store="${DEDUP_BENCH_STORE:-/tmp/bench-browse-10m}"
export_store="${DEDUP_BENCH_EXPORT_STORE:-/tmp/bench-export-1m}"
build="${DEDUP_BENCH_BUILD:-/tmp/dedup-bench-release}"
runs=10000000
reuse=0
quick=0
durable=1

usage() { sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --reuse) reuse=1 ;;
        --store) store="$2"; shift ;;
        --build) build="$2"; shift ;;
        --runs) runs="$2"; shift ;;
        --quick) quick=1 ;;
        --skip-durable) durable=0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "run-all.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

load() { cut -d' ' -f1-3 /proc/loadavg; }
stamp="$(date -u +%Y-%m-%d-%H%M)"
host="$(hostname -s 2>/dev/null || hostname)"
results="$here/results"
out="$results/$stamp-$host"
mkdir -p "$out"
load_start="$(load)"
echo "== run-all: results in $out (load average $load_start)"

# --- build (Release, its own directory; ccache when there is one) -----------------------
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >"$out/cmake.txt"
targets=(bench_browse bench_protocol bench_live bench_migrate bench_detail_open
         bench_bulk_contention)
# bench_export is another benchmark's: built and run only when this tree defines it.
if cmake --build "$build" --target help 2>/dev/null | grep -q '^bench_export:'; then
    targets+=(bench_export)
fi
echo "== building ${targets[*]} in $build"
cmake --build "$build" -j2 --target "${targets[@]}" >"$out/build.txt"
bin="$build/tests/bench"

# Runs one benchmark, its output shown and kept; a failing benchmark is reported in the
# table as "not run", the others still run.
run() {
    local name="$1"; shift
    echo "== $name: $*"
    if ! "$@" 2>&1 | tee "$out/$name.txt"; then
        echo "== $name FAILED (see $out/$name.txt)"
        rm -f "$out/$name.json"
    fi
}

# --- the store and the browse figures ---------------------------------------------------
browse_args=(--keep "$store" --runs "$runs" --out "$out/browse.json")
if [ "$reuse" = 1 ]; then
    run migrate "$bin/bench_migrate" "$store"
else
    browse_args+=(--regenerate)
fi
if [ "$quick" = 1 ]; then browse_args+=(--repeats 10 --budget 8); fi
run browse "$bin/bench_browse" "${browse_args[@]}"

# --- protocol ---------------------------------------------------------------------------
proto_args=()
if [ "$quick" = 1 ]; then proto_args+=(--duration 3 --calls 300); fi
run protocol-nofsync "$bin/bench_protocol" --no-fsync "${proto_args[@]}" \
    --out "$out/protocol-nofsync.json"
if [ "$durable" = 1 ]; then
    run protocol-durable "$bin/bench_protocol" "${proto_args[@]}" \
        --out "$out/protocol-durable.json"
fi

cmake --build "$build" -j2 --target bench_write_path >>"$out/build.txt" && run write-path "$bin/bench_write_path" --out "$out/write-path.json"  # issue 16: protocol vs minimal table
# --- live view --------------------------------------------------------------------------
live_args=()
if [ "$quick" = 1 ]; then live_args+=(--seconds 5); fi
run live "$bin/bench_live" "${live_args[@]}" --out "$out/live.json"

# --- opening a run with a large payload -------------------------------------------------
detail_args=()
if [ "$quick" = 1 ]; then detail_args+=(--open-seconds 1); fi
run detail "$bin/bench_detail_open" "${detail_args[@]}" --out "$out/detail.json"

# --- bulk operations and everyone else ----------------------------------------------------
bulk_args=()
if [ "$quick" = 1 ]; then bulk_args+=(--runs 10000 --baseline-seconds 5 --legacy-runs 1000); fi
run bulk "$bin/bench_bulk_contention" "${bulk_args[@]}" --out "$out/bulk.json"

# --- CSV export ---------------------------------------------------------------------------
# bench_export (the reports' CSV export vs COPY TO STDOUT of the same rows) generates its own
# store of --runs (default 1 million) runs: never point it at the 10-million-run store, which
# it would regenerate at its own size. It keeps it in $export_store between runs; extra
# arguments come from BENCH_EXPORT_ARGS. Skipped (the table says "not run") when the tree
# does not define it.
run_export() {
    if [ -x "$bin/bench_export" ]; then
        # shellcheck disable=SC2086
        run export "$bin/bench_export" --keep "$export_store" ${BENCH_EXPORT_ARGS:-} \
            --out "$out/export.json"
    else
        echo "== export: bench_export is not part of this build; the table says 'not run'"
    fi
}
run_export

# --- the table --------------------------------------------------------------------------
load_end="$(load)"
pg_bin="${DEDUP_PG_BINDIR:-/usr/lib/postgresql/15/bin}"
header="# Benchmarks, $stamp UTC, $host

- Command: \`tests/bench/run-all.sh$( [ "$reuse" = 1 ] && echo " --reuse")$( [ "$quick" = 1 ] && echo " --quick")\` (store: $runs runs in $store)
- Commit: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$repo" diff --quiet 2>/dev/null || echo ' (with local changes)')
- Machine: $(nproc) CPUs ($(lscpu | sed -n 's/^Model name: *//p' | head -1)), $(free -g | awk '/^Mem:/ {print $2}') GiB RAM; $("$pg_bin/postgres" --version)
- Load average (1, 5, 15 min): $load_start at the start, $load_end at the end
- Raw figures: \`$(basename "$out")/\` (each benchmark's JSON and output)"
python3 "$here/summarize.py" --header "$header" \
    --browse "$out/browse.json" \
    --protocol-nofsync "$out/protocol-nofsync.json" \
    --protocol-durable "$out/protocol-durable.json" \
    --live "$out/live.json" \
    --export "$out/export.json" \
    --out "$results/$stamp-$host.md"
echo "== written: $results/$stamp-$host.md"
