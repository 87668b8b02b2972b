#!/usr/bin/env bash
# LadybugDB under concurrent threads, every version graphperf drives, against the wheel alone (bench/ladybug-threads.py): each version
# installed with pip into a folder of its own (no graphperf), then ROUNDS child processes of THREADS threads each; prints how each round
# ended and, per version, how many crashed.
#
#   bench/ladybug-threads.sh [VERSIONS] [ladybug-threads.py options...]   (default: 0.22.0,0.21.2,0.20.4; --rounds 5 --threads 8)
set -euo pipefail
versions="${1:-0.22.0,0.21.2,0.20.4}"
shift $(( $# >= 1 ? 1 : 0 )) || true
exec "$(dirname "$0")/lib/ladybug-versions.sh" bench/ladybug-threads.py "$versions" "$@"
