#!/usr/bin/env bash
# The batch writer's log: fsync per write vs O_DSYNC vs group commit (back to back, 1/2/5 ms), 8 and 64 threads.
# Usage: bench/log-choice.sh [SECONDS per case]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed
hdr=$(tr ':' '\n' < cli/target/cli-classpath.txt | grep HdrHistogram | head -1)
java -cp "components/batch-writer/target/classes:$hdr" bench/LogChoice.java "${1:-3}"
