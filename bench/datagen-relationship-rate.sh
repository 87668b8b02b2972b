#!/usr/bin/env bash
# Relationship rows per second of the b2b generator with gzip on all cores (TOUCHED + WORKS_FOR only).
# Usage: bench/datagen-relationship-rate.sh [SCALE]   (default 0.01: 21.76 M rows)
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed
cp="core/target/classes:datagen/target/classes:$(tr ':' '\n' < cli/target/cli-classpath.txt | grep -E 'jackson|HdrHistogram' | paste -sd:)"
java -cp "$cp" bench/RelationshipRate.java "${1:-0.01}"
