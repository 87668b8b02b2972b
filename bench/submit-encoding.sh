#!/usr/bin/env bash
# A compact submit's cost to encode and decode, as rows and column by column (columnar), in BSON and MessagePack: one thread, no
# server (bench/SubmitEncoding.java). What the Java client's choice of the columnar form rests on (docs/gateway.md).
# Usage: bench/submit-encoding.sh [WRITES a message] [ROUNDS]   (default 500 6)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
./graphperf --version >/dev/null   # builds if needed
java -cp "$(cat cli/target/cli-classpath.txt)" bench/SubmitEncoding.java "${1:-500}" "${2:-6}"
