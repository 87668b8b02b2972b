#!/usr/bin/env bash
# LadybugDB under concurrent threads, every version graphperf drives, against the wheel alone (bench/ladybug-threads.py): each version
# installed with pip into a folder of its own (no graphperf), then ROUNDS child processes of THREADS threads each; prints how each round
# ended and, per version, how many crashed.
#
#   bench/ladybug-threads.sh [VERSIONS] [ladybug-threads.py options...]   (default: 0.22.0,0.21.2,0.20.4; --rounds 5 --threads 8)
set -euo pipefail
cd "$(dirname "$0")/.."
versions="${1:-0.22.0,0.21.2,0.20.4}"
shift $(( $# >= 1 ? 1 : 0 )) || true
echo "date: $(date -u +%FT%TZ); commit: $(git rev-parse --short HEAD 2>/dev/null || echo none); machine: $(nproc) cores, $(python3 --version)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for v in ${versions//,/ }; do
  python3 -m pip install -q --no-deps --disable-pip-version-check --target "$work/$v" "ladybug==$v"
  echo "== ladybug $v"
  PYTHONPATH="$work/$v" python3 bench/ladybug-threads.py "$@" || true
done
