#!/usr/bin/env bash
# Every figure the README quotes, each under the command that measures it, with the date, the commit and the
# machine. Run on an otherwise idle machine: about 4 hours on 2 cores. Results of `graphperf run` land in
# results/ as usual; each section's console output is what the README's figures were read from.
set -euo pipefail
cd "$(dirname "$0")/.."

section() { echo; echo "== $* =="; echo "   $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD)"; }

echo "graphperf benchmarks: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(java -version 2>&1 | head -1)"

section "quick suite, as the README's first command runs it (README: The quick suite)"
./graphperf run

section "quick suite with a compiled engine (README: QUICK_WARM)"
./graphperf run quick --server-warmup 180s

section "harness overhead: no-op transport, closed model, 1 client, 10 s (README: Harness cost)"
./graphperf overhead --clients 1 --duration 10s

section "A vs A: the same configuration as a variant of itself, E1 at scale 0.001, 5 repeats a side (README: Before / after)"
./graphperf run import --scale 0.001 --variant same:page-cache=512m --repeat 5

section "order independence: a fixed warm-up set, the default warm-up, an engine per cell; 3 runs a case (README: Order independence)"
bench/order-independence.sh all 3

section "E1 at four scales (README: E1 table)"
./graphperf run import --scale 0.001,0.003,0.01,0.03

section "E2 at scale 1 (README: E2 paragraph)"
./graphperf run reads --scale 1

section "E4 write scaling: 8 clients x 30 s per scenario, Bolt and HTTP"
./graphperf run writes --clients 8 --duration 30s

section "dataset generation speed: b2b at scale 0.01 with gzip, all cores (README: Datasets)"
out=$(mktemp -d)
./graphperf datagen b2b --scale 0.01 --gzip --out "$out/b2b" --force
rm -rf "$out"
bench/datagen-relationship-rate.sh 0.01

section "batch writer log: fsync per write vs O_DSYNC vs group commit, 8 and 64 threads (README: Why this log)"
bench/log-choice.sh 3

section "batch writer without a protocol in front: embedded Neo4j in-process, 8 and 64 threads"
bench/writer-ceiling.sh 10 8,64

section "batch writer's in-process ceiling with asynchronous callers: 8 threads x 64 submits in flight (README: the writer's ceiling)"
bench/writer-ceiling.sh 10 8 64

section "batch writer through the gateway vs its baselines over Bolt and the gateway (README: Measured through the gateway)"
./graphperf run writes --transports bolt,ws-bson --scenarios create-labelled-indexed,unwind-1000,batch-writer-ws-durable

section "batch writer vs its baselines, 8/32/64 clients, Bolt (README: the batch writer's Measured table)"
./graphperf run writes --transports bolt --duration 20s \
  --scenarios create-labelled-indexed-c8,unwind-1000-c8,batch-writer-durable-c8,batch-writer-applied-c8,create-labelled-indexed-c32,unwind-1000-c32,batch-writer-durable-c32,batch-writer-applied-c32,create-labelled-indexed-c64,unwind-1000-c64,batch-writer-durable-c64,batch-writer-applied-c64

section "the gateway against hostile clients: never-reading clients (1 and 20), a 90 s soak; live heap and a good client's latency (README: The WebSocket gateway)"
bench/gateway-hostile.sh

section "E5 change data capture: the seed's series, the open model at 10,000 changes/s, the source's cost (README: E5 Measured)"
./graphperf run cdc --rate 10000 --duration 30s --source-cost

section "E5 faults: one round each, 16 clients at 500 transactions/s (README: E5 Measured)"
./graphperf run cdc --multipliers 1 --repeats 2 --fault kill-source,kill-broker,kill-sink,stop-broker=30s --fault-rate 500

section "E5 on a busy machine: the open model at 1,000 and 5,000 changes/s beside two busy loops, 3 runs each (README: Nothing lost on a busy machine)"
bench/cdc-under-load.sh 1000,5000 3

section "E3 storage matrix, as root: E1 on ext4 vs encrypted ext4, logs on the same or a separate filesystem (README: E3 Measured)"
if [ "$(id -u)" = 0 ]; then ./graphperf run import --matrix examples/e1-encryption.yaml; else echo "skipped: needs root (loop devices)"; fi

section "E3 storage matrix, as root: OrientDB import over ZFS record sizes, compression and WAL place (README: E3 Measured)"
if [ "$(id -u)" = 0 ]; then ./graphperf run orientdb-import --matrix examples/e3-orientdb-zfs.yaml; else echo "skipped: needs root (loop devices)"; fi

section "E4 on OrientDB: the write scenarios through OrientDB's embedded API, 8 clients x 30 s (README: E4's writes on OrientDB)"
./graphperf run orientdb-writes --clients 8 --duration 30s
