# Shared by the bench scripts that measure against `graphperf serve` (sourced): starts it with an empty database and a random
# gateway token in a fresh folder $work, waits for it, and sets $gateway (its ws:// address), $token and $cp (the CLI's classpath,
# for the single-file Java programs under bench/); stops it and removes $work when the script exits.
work=$(mktemp -d /tmp/graphperf-serve-XXXX)
token=bench-$RANDOM$RANDOM
./graphperf serve --dir "$work/serve" --gateway-token "$token" > "$work/serve.out" 2> "$work/serve.err" &
serve=$!
trap 'kill -TERM $serve 2>/dev/null; wait $serve 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q "Ctrl-C stops it" "$work/serve.out" 2>/dev/null && break; kill -0 $serve || { cat "$work/serve.err"; exit 1; }; sleep 1; done
gateway=$(awk '$1 == "gateway" {print $2}' "$work/serve.out")
cp="cli/target/graphperf-cli.jar:$(cat cli/target/cli-classpath.txt)"
