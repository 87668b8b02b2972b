#!/usr/bin/env bash
# The gateway against hostile clients: clients that never read their big results (one, then twenty at once), then a soak of hostile
# clients of every kind beside a well-behaved one (90 s, or SOAK_SECONDS; mvn verify runs the same soak for 30 s). Prints the live heap of the JVM the
# gateway's Neo4j runs in (its live objects, counted by jcmd) and the good client's latency quiet and under attack. These are the integration tests that assert the bounds
# (GatewayHostileIT, GatewaySoakIT); this runs them on their own and prints what they measured. About 2.5 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp /tmp/graphperf-gateway-hostile-XXXX.log)
trap 'rm -f "$log"' EXIT
if ! mvn -B -Dstyle.color=never -pl neo4j-plugins/gateway -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
    -Dit.test='GatewayHostileIT#clientsThatNeverReadTheirResultsCannotTakeItDown,GatewaySoakIT' -Dgraphperf.soak.seconds="${SOAK_SECONDS:-90}" >"$log" 2>&1; then
  grep -E 'Tests run|FAIL|ERROR' "$log" | head -20
  exit 1
fi
grep -E '^gateway (under attack|soak)' "$log"
