#!/usr/bin/env bash
# Builds the .deb, shows its metadata and contents, installs it with apt (so its dependencies
# resolve), checks the installed programs, man page, desktop file and AppStream metadata, and
# removes the package again (also on failure). Needs root (or sudo) for apt-get.
# BUILD_DIR (default ./build-deb) is configured without tests: the package needs none of them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build-deb}"
app_id=org.dedupconsole.DedupConsole

if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
step() { printf '\n== %s\n' "$*"; }

step "build the package in $build"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" \
      -DBUILD_TESTING=OFF -DDEDUP_WERROR="${DEDUP_WERROR:-OFF}" >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target package
deb="$(ls -t "$build"/dedup-console_*.deb | head -n1)"
echo "package: $deb ($(du -h "$deb" | cut -f1))"

step "dpkg-deb --info"
dpkg-deb --info "$deb"
step "dpkg-deb --contents"
dpkg-deb --contents "$deb"

# Only the benchmark uses Qt's QPSQL driver: the programs talk to PostgreSQL through libpq.
step "the programs link libpq, not Qt SQL"
for exe in dedup-console dedupctl; do
    if ldd "$build/bin/$exe" | grep -q 'libQt6Sql'; then
        echo "FAIL: $exe links libQt6Sql" >&2
        exit 1
    fi
    echo "$exe: $(ldd "$build/bin/$exe" | grep -o 'libpq\.so\.[0-9]*' | head -n1), no libQt6Sql"
done

cleanup() {
    step "remove the package"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q dedup-console >/dev/null
    if dpkg-query -W -f='${Status}' dedup-console 2>/dev/null | grep -q 'install ok installed'; then
        echo "FAIL: dedup-console is still installed" >&2
    else
        echo "dedup-console removed"
    fi
}
trap cleanup EXIT

step "apt-get install $deb"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"

step "installed programs"
test "$(command -v dedupctl)" = /usr/bin/dedupctl
test "$(command -v dedup-console)" = /usr/bin/dedup-console
/usr/bin/dedupctl --version
/usr/bin/dedupctl --help >/dev/null && echo "dedupctl --help: ok"
QT_QPA_PLATFORM=offscreen /usr/bin/dedup-console --version 2>/dev/null
# The demo cluster needs the server binaries where the programs look for them.
for tool in initdb pg_ctl postgres; do
    test -x "/usr/lib/postgresql/15/bin/$tool" || { echo "FAIL: no $tool" >&2; exit 1; }
done
echo "PostgreSQL server binaries for the demo: /usr/lib/postgresql/15/bin"

# initdb refuses to run as root, so as root the demo runs as nobody.
step "dedupctl demo --once from the installed package"
demo="$(mktemp -d)"
if [ "$(id -u)" -eq 0 ]; then AS=(runuser -u nobody --); chown nobody "$demo"; else AS=(); fi
stop_demo() {
    "${AS[@]}" /usr/lib/postgresql/15/bin/pg_ctl -D "$demo/cluster/data" stop -m fast \
        >/dev/null 2>&1 || true
    rm -rf "$demo"
}
trap 'stop_demo; cleanup' EXIT
ready="$(cd "$demo" && "${AS[@]}" env HOME="$demo" /usr/bin/dedupctl demo --once \
         --dir "$demo/cluster")"
echo "$ready"
conninfo="${ready#demo store ready: }"
(cd "$demo" && "${AS[@]}" env HOME="$demo" /usr/bin/dedupctl migrate --status --db "$conninfo")
(cd "$demo" && "${AS[@]}" env HOME="$demo" /usr/bin/dedupctl verify-audit --db "$conninfo")
stop_demo
trap cleanup EXIT

step "man page"
# man exits 0 on groff warnings, so they are caught from stderr.
for page in "$here/packaging/dedupctl.1" /usr/share/man/man1/dedupctl.1.gz; do
    warnings="$(MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null)"
    if [ -n "$warnings" ]; then
        echo "FAIL: $page: $warnings" >&2
        exit 1
    fi
done
MANWIDTH=80 man -E UTF-8 -l /usr/share/man/man1/dedupctl.1.gz | sed -n '1,4p'
echo "man page renders without warnings"

step "desktop-file-validate"
desktop-file-validate "/usr/share/applications/$app_id.desktop"
echo "desktop file: valid"
test -f "/usr/share/icons/hicolor/scalable/apps/$app_id.svg"

step "appstreamcli validate --no-net"
appstreamcli validate --no-net "/usr/share/metainfo/$app_id.metainfo.xml"
