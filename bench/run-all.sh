#!/usr/bin/env bash
# Every measured figure the docs quote, each under the command that measures it, with the date, the commit and the
# machine: writes docs/results.md (each section's console summary as the command printed it). Run on an otherwise idle
# machine: about 6 hours on 2 cores. Results of `graphperf run` land in results/ as usual.
#
#   bench/run-all.sh            all sections; docs/results.md is replaced when they are done
#   bench/run-all.sh engines    only the sections whose title contains "engines" (quicker: prints them, docs/results.md stays)
set -euo pipefail
cd "$(dirname "$0")/.."
only="${1:-}"
out=docs/results.md
tmp=$(mktemp)
machine="$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(java -version 2>&1 | head -1)"
{
  echo "# Measured figures"
  echo
  echo "Written by \`bench/run-all.sh\` on $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), on $machine."
  echo "Each section: what it answers, the command, when it ran and the summary it printed. Regenerate rather than edit."
} > "$tmp"

# section TITLE COMMAND...: runs the command (unless filtered out) and appends its summary to the file
section() {
  local title="$1"; shift
  if [ -n "$only" ] && [[ "$title" != *"$only"* ]]; then return; fi
  echo; echo "== $title =="
  local log; log=$(mktemp)
  local start; start=$(date +%s)
  local status=0
  "$@" > "$log" || status=$?
  cat "$log"
  {
    echo; echo "## $title"; echo
    echo "\`$*\` — $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $(( $(date +%s) - start )) s, exit $status"
    echo; echo '```'; grep -v '^\[' "$log" | head -80; echo '```'
  } >> "$tmp"
  rm -f "$log"
}

# as root only (loop devices): says so in the file otherwise
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else echo "skipped: needs root (loop devices)"; fi
}

echo "graphperf benchmarks: $machine"

section "quick suite, as the README's first command runs it" \
  ./graphperf run

section "quick suite with a compiled engine" \
  ./graphperf run quick --server-warmup 180s

section "harness overhead: no-op transport, closed model, 1 client, 10 s" \
  ./graphperf overhead --clients 1 --duration 10s

section "A vs A: the same configuration as a variant of itself, E1 at scale 0.001, 5 repeats a side" \
  ./graphperf run import --scale 0.001 --variant same:page-cache=512m --repeat 5

section "order independence: a fixed warm-up set, the default warm-up, an engine per cell; 3 runs a case" \
  bench/order-independence.sh all 3

section "E1 at four scales" \
  ./graphperf run import --scale 0.001,0.003,0.01,0.03

section "E2 at scale 1" \
  ./graphperf run reads --scale 1

section "E4 write scaling: 8 clients x 30 s per scenario, Bolt and HTTP" \
  ./graphperf run writes --clients 8 --duration 30s

datagen_speed() { local d; d=$(mktemp -d); ./graphperf datagen b2b --scale 0.01 --gzip --out "$d/b2b" --force; rm -rf "$d"; bench/datagen-relationship-rate.sh 0.01; }
section "dataset generation speed: b2b at scale 0.01 with gzip, all cores" datagen_speed

section "batch writer log: fsync per write vs O_DSYNC vs group commit, 8 and 64 threads" \
  bench/log-choice.sh 3

section "batch writer without a protocol in front: embedded Neo4j in-process, 8 and 64 threads" \
  bench/writer-ceiling.sh 10 8,64

section "batch writer's in-process ceiling with asynchronous callers: 8 threads x 64 submits in flight" \
  bench/writer-ceiling.sh 10 8 64

section "batch writer's applier: CPU per row of UNWIND with and without CALL (row) { }, one thread, alternated" \
  bench/apply-forms.sh 5 9

section "a compact submit's encoding: rows against column by column, BSON and MessagePack, one thread" \
  bench/submit-encoding.sh 500 6

section "batch writer through the gateway vs its baselines over Bolt and the gateway" \
  ./graphperf run writes --transports bolt,ws-bson --scenarios create-labelled-indexed,unwind-1000,batch-writer-ws-durable

section "batch writer vs its baselines, 8/32/64 clients, Bolt" \
  ./graphperf run writes --transports bolt --duration 20s \
    --scenarios create-labelled-indexed-c8,unwind-1000-c8,batch-writer-durable-c8,batch-writer-applied-c8,create-labelled-indexed-c32,unwind-1000-c32,batch-writer-durable-c32,batch-writer-applied-c32,create-labelled-indexed-c64,unwind-1000-c64,batch-writer-durable-c64,batch-writer-applied-c64

section "the gateway against hostile clients: never-reading clients (1 and 20), a 90 s soak; live heap and a good client's latency" \
  bench/gateway-hostile.sh

section "E5 change data capture: the seed's series, the open model at 10,000 changes/s, the source's cost" \
  ./graphperf run cdc --rate 10000 --duration 30s --source-cost

section "E5 faults: one round each, 16 clients at 500 transactions/s" \
  ./graphperf run cdc --multipliers 1 --repeats 2 --fault kill-source,kill-broker,kill-sink,stop-broker=30s --fault-rate 500

section "E5 on a busy machine: the open model at 1,000 and 5,000 changes/s beside two busy loops, 3 runs each" \
  bench/cdc-under-load.sh 1000,5000 3

section "E3 storage matrix, as root: E1 on ext4 vs encrypted ext4, logs on the same or a separate filesystem" \
  as_root ./graphperf run import --matrix examples/e1-encryption.yaml

section "E3 storage matrix, as root: OrientDB import over ZFS record sizes, compression and WAL place" \
  as_root ./graphperf run --matrix examples/e3-orientdb-zfs.yaml

section "E4 on OrientDB: the write scenarios in OrientDB's SQL inside its engine host, 8 clients x 30 s" \
  ./graphperf run writes --engine orientdb --clients 8 --duration 30s \
  --scenarios create-unlabelled,create-labelled,create-labelled-indexed,foreach-100,tx1000-labelled-indexed

section "a procedure by name through the gateway against Cypher's CALL of it" bench/gateway-procedures.sh
section "the batch writer through the gateway: the Java against the Python client, both coalescing" bench/client-submits.sh 3 15
section "the coalescing client's linger against 1, 8 and 64 application threads" bench/client-linger.sh 8
section "ArcadeDB alone: acknowledged vertices by scan and by record id, open and reopened" bench/arcadedb-scan-misses.sh
section "safety before speed: every engine, two versions where two are served" bench/safety-engines.sh
section "engines side by side: E2 reads on Neo4j and Kuzu at scale 1" bench/engines-reads.sh
section "engines side by side: E4 writes on Neo4j and Kuzu" bench/engines-writes.sh
section "engines side by side: E1 import of the same files on Neo4j and Kuzu" bench/engines-import.sh
section "versions side by side: E2 reads on Neo4j 5.26 and 2025 over Bolt at scale 1" \
  bench/engines-reads.sh neo4j,neo4j:2025 --transports bolt --forms cypher --servers 0
section "precision on demand: E4 A against A over Bolt until every interval is within 5 %" \
  ./graphperf run writes --scenarios create-labelled-indexed,unwind-1000 --transports bolt --variant same:page-cache=512m \
  --precision 5% --budget 25m --server-warmup 20s --warmup-max 20s --duration 10s
section "less noise: the field's treatments, each A against A on E4 over Bolt" bench/noise-aa.sh 4
section "duets: E4 A against A and an injected 5 % slowdown over Bolt, three runs each, 15 minutes a run" bench/duet-proof.sh 3 15m
section "where E1's noise lives: two imports at once" bench/import-split.sh 3
section "load agents: one open-model schedule sent by 1 and by 4 agents, an agent killed, the merge's cost" bench/agents-proof.sh 100 30s 2

if [ -n "$only" ]; then
  echo; echo "a run of the sections about '$only' only: docs/results.md left as it is; what it would have written: $tmp"
else
  mv "$tmp" "$out"
  echo; echo "wrote $out"
fi
