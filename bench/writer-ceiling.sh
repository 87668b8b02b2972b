#!/usr/bin/env bash
# The batch writer's own ceiling: embedded Neo4j in-process, threads calling submit directly (no Bolt, no HTTP).
# Usage: bench/writer-ceiling.sh [SECONDS] [THREADS,...] [IN_FLIGHT]   (default 10 8,64 1; IN_FLIGHT > 1: asynchronous callers)
# Writer settings as JVM properties, e.g. WRITER_OPTS=-Dgraphperf.batch_writer.batch_interval=20ms
exec "$(dirname "$0")/batch-writer-bench.sh" ceiling "${1:-10}" "${2:-8,64}" "${3:-1}"
