#!/usr/bin/env bash
# Do concurrent explicit transactions keep every id they acknowledged? Every version graphperf drives, against the wheel alone
# (bench/ladybug-lost-writes.py: THREADS connections committing transactions of SIZE rows for SECONDS, then every id looked for by
# scan and by key, open and reopened).
#
#   bench/ladybug-lost-writes.sh [VERSIONS] [SIZE] [THREADS] [SECONDS] [MODE]   (default: 0.22.0,0.21.2,0.20.4 10 8 10 graphperf)
set -euo pipefail
versions="${1:-0.22.0,0.21.2,0.20.4}"
shift $(( $# >= 1 ? 1 : 0 )) || true
exec "$(dirname "$0")/lib/ladybug-versions.sh" bench/ladybug-lost-writes.py "$versions" "$@"
