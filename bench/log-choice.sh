#!/usr/bin/env bash
# The batch writer's log: fsync per write vs O_DSYNC vs group commit (back to back, 1/2/5 ms), 8 and 64 threads.
# Usage: bench/log-choice.sh [SECONDS per case]   (default 3)
exec "$(dirname "$0")/batch-writer-bench.sh" log "${1:-3}"
