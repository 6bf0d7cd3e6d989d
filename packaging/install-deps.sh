#!/usr/bin/env bash
# Installs what Dedup Console needs to build, test and run on Debian 12. Safe to run again:
# apt-get skips what is already installed. Runs as root, or through sudo for a normal user.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkgconf git
    qt6-base-dev qt6-base-dev-tools libqt6sql6-psql qt6-charts-dev qt6-tools-dev
    qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev qtkeychain-qt6-dev libgl-dev
    libqt6opengl6-dev
    libpq-dev postgresql-15 postgresql-client-15
    libssl-dev openssl
    clang-format xvfb xauth
    appstream desktop-file-utils man-db
    poppler-utils tzdata
    pgbouncer
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: everything is installed"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
    exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
# The Debian package starts a system-wide cluster on 5432. The project never uses it (it
# runs private clusters on free ports), so it is left as the administrator set it up.
