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

echo "== batch writer log: fsync per write vs O_DSYNC vs group commit, 8 and 64 threads =="
bench/log-choice.sh 3

echo "== batch writer without a protocol in front: embedded Neo4j in-process, 8 and 64 threads =="
bench/writer-ceiling.sh 10 8,64

echo "== batch writer vs its baselines (E4, issue 6): 8/32/64 clients, Bolt =="
./graphperf run writes --transports bolt --warmup 10s --duration 20s \
  --scenarios create-labelled-indexed-c8,unwind-1000-c8,batch-writer-durable-c8,batch-writer-applied-c8,create-labelled-indexed-c32,unwind-1000-c32,batch-writer-durable-c32,batch-writer-applied-c32,create-labelled-indexed-c64,unwind-1000-c64,batch-writer-durable-c64,batch-writer-applied-c64
