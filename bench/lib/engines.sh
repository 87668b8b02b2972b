# Shared by bench/engines-*.sh (sourced with the script's arguments): the repository as the working folder, the engines to
# compare (the first argument, default neo4j,kuzu) in $engines, a fresh output folder in $out, and the header line with the
# date, commit and machine. The script then drops its first argument itself (shift).
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
engines="${1:-neo4j,kuzu}"
out=$(mktemp -d /tmp/graphperf-engines-XXXX)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
