#!/usr/bin/env bash
# House rules CI checks before building (docs/ARCHITECTURE.md "House rules"):
#  - every C++ source and header is formatted as .clang-format says (clang-format 14, Debian 12);
#  - no source file under src/ is longer than 600 lines.
# Prints every offending file and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0

mapfile -t sources < <(git ls-files '*.cpp' '*.h')
unformatted=()
for f in "${sources[@]}"; do
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        unformatted+=("$f")
    fi
done
if [ ${#unformatted[@]} -gt 0 ]; then
    echo "check-style: not formatted as .clang-format says (run clang-format -i on them):" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    status=1
fi

long=()
while IFS= read -r f; do
    n=$(wc -l <"$f")
    if [ "$n" -gt 600 ]; then long+=("$f ($n lines)"); fi
done < <(git ls-files 'src/*.cpp' 'src/*.h')
if [ ${#long[@]} -gt 0 ]; then
    echo "check-style: source files over 600 lines:" >&2
    printf '  %s\n' "${long[@]}" >&2
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "check-style: ${#sources[@]} files formatted, none over 600 lines"
fi
exit "$status"
