#!/usr/bin/env bash
# Shared by bench/ladybug-*.sh (run, not sourced): SCRIPT against the wheel alone of each LadybugDB version — each installed with pip
# into a folder of its own (no graphperf), then `python3 SCRIPT ARGS...` with that folder on PYTHONPATH; a failing run does not stop
# the next version.
#
#   bench/lib/ladybug-versions.sh SCRIPT VERSIONS [ARGS...]
set -euo pipefail
script="$1"; versions="$2"; shift 2
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
echo "date: $(date -u +%FT%TZ); commit: $(git rev-parse --short HEAD 2>/dev/null || echo none); machine: $(nproc) cores, $(python3 --version)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for v in ${versions//,/ }; do
  python3 -m pip install -q --no-deps --disable-pip-version-check --target "$work/$v" "ladybug==$v"
  echo "== ladybug $v"
  PYTHONPATH="$work/$v" python3 "$script" "$@" || echo "== ladybug $v: exit $?"
done
