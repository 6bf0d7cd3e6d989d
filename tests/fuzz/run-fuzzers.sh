#!/usr/bin/env bash
# Runs every fuzz target of tests/fuzz (or the ones named) for a bounded time each.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, all)
#
# Configures its own build directory with clang and -DDEDUP_FUZZ=ON (libFuzzer + ASan +
# UBSan on the project's libraries), builds only the fuzz targets, then runs them one after
# another, niced, starting from the committed seeds (corpus/<target>/) and regressions
# (regressions/<target>/) plus the corpus grown by earlier runs, which is kept merged
# (minimised) under $DEDUP_FUZZ_WORK/corpus/<target>, with dict/<target>.dict when there is
# one. Prints, per target, the executions,
# executions per second, coverage (edges) and corpus size. Exits non-zero when a target
# crashed or broke a property, after printing the reproducer's path: minimise it with
#   $DEDUP_FUZZ_BUILD/tests/fuzz/fuzz_<target> -minimize_crash=1 -runs=10000 <reproducer>
# and commit it under tests/fuzz/regressions/<target>/ with the fix.
#
# Environment: DEDUP_FUZZ_BUILD (default /tmp/dedup-fuzz-build), DEDUP_FUZZ_WORK (default
# /tmp/dedup-fuzz), DEDUP_FUZZ_JOBS (build parallelism, default 2).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=60
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
build=${DEDUP_FUZZ_BUILD:-/tmp/dedup-fuzz-build}
work=${DEDUP_FUZZ_WORK:-/tmp/dedup-fuzz}
jobs=${DEDUP_FUZZ_JOBS:-2}

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    for source in "$here"/fuzz_*.cpp; do
        name=$(basename "$source" .cpp)
        targets+=("${name#fuzz_}")
    done
fi

cxx=$(command -v clang++ || command -v clang++-14 || true)
cc=$(command -v clang || command -v clang-14 || true)
if [[ -z $cxx || -z $cc ]]; then
    echo "run-fuzzers.sh: clang is needed (apt-get install clang)" >&2
    exit 2
fi
launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

echo "== configuring $build (clang, DEDUP_FUZZ=ON)"
CC=$cc CXX=$cxx cmake -S "$root" -B "$build" -G Ninja -DDEDUP_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >"$work.configure.log" 2>&1 \
    || { cat "$work.configure.log" >&2; exit 2; }
build_targets=()
for target in "${targets[@]}"; do
    build_targets+=(--target "fuzz_$target")
done
echo "== building ${targets[*]}"
nice -n 10 cmake --build "$build" -j"$jobs" "${build_targets[@]}"

max_len() {
    case $1 in
    canonical_json | stored_json) echo 4096 ;;
    cli_duration) echo 64 ;;
    *) echo 1024 ;;
    esac
}

# Qt's own one-time allocations (the application object, codecs) are not leaks of a parser.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_QPA_PLATFORM=offscreen

failed=()
summary=()
mkdir -p "$work"
for target in "${targets[@]}"; do
    binary="$build/tests/fuzz/fuzz_$target"
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    log="$work/$target.log"
    mkdir -p "$corpus" "$artifacts" "$here/regressions/$target"
    echo "== fuzz_$target for ${seconds}s (log: $log)"
    dict=()
    if [[ -f $here/dict/$target.dict ]]; then
        dict=(-dict="$here/dict/$target.dict")
    fi
    status=0
    nice -n 10 "$binary" -max_total_time="$seconds" -max_len="$(max_len "$target")" "${dict[@]}" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "$here/corpus/$target" "$here/regressions/$target" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    if [[ $status -ne 0 ]]; then
        reproducer=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
        grep -A3 -m1 'FUZZ PROPERTY FAILED\|ERROR: AddressSanitizer\|runtime error\|ERROR: libFuzzer' \
            "$log" >&2 || true
        echo "!! fuzz_$target FAILED (exit $status): reproducer ${reproducer:-see $log}" >&2
        failed+=("$target")
    else
        # Keep the grown corpus small: only inputs that add coverage survive.
        merged="$work/merged.$target"
        rm -rf "$merged" && mkdir -p "$merged"
        if nice -n 10 "$binary" -merge=1 -max_len="$(max_len "$target")" "$merged" "$corpus" \
            >"$work/$target.merge.log" 2>&1; then
            rm -rf "$corpus" && mv "$merged" "$corpus"
        fi
    fi
    files=$(find "$corpus" -type f | wc -l)
    line=$(printf '%-20s %12s execs %8s execs/s  cov %6s  ft %6s  corpus %5s  %s' "$target" \
        "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$files" \
        "$([[ $status -eq 0 ]] && echo ok || echo FAILED)")
    echo "$line"
    summary+=("$line")
done

echo
echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "failed: ${failed[*]} (reproducers under $work/artifacts/)" >&2
    exit 1
fi
