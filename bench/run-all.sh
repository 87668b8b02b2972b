#!/usr/bin/env bash
# The benchmarks behind the figures in closing notes. Run on an otherwise idle machine; each prints
# what it measured. Results of `graphperf run` land in results/ as usual.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== harness overhead: no-op engine, closed model, 1 client, 10 s =="
./graphperf overhead --clients 1 --duration 10s

echo "== dataset generation speed: b2b at scale 0.01 with gzip, all cores =="
out=$(mktemp -d)
./graphperf datagen b2b --scale 0.01 --gzip --out "$out/b2b" --force
rm -rf "$out"

echo "== relationship rows alone, b2b 0.01, gzip =="
bench/datagen-relationship-rate.sh 0.01

echo "== E4 write scaling: 8 clients x 30 s per scenario, Bolt and HTTP (about 20 minutes) =="
./graphperf run writes --clients 8 --duration 30s
