#!/usr/bin/env bash
# Smoke run of the single binary, with no node or node_modules on PATH: --version, the sandbox, ops api.
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
cd "$work"
export PATH=/usr/bin:/bin OPS_CONFIG_DIR="$work/config"
"$bin" --version
"$bin" sandbox start --port 0 > "$work/sandbox.out" 2> "$work/sandbox.err" &
pid=$!
for _ in $(seq 1 50); do grep -q '^listening on ' "$work/sandbox.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/sandbox.out")
port=${url##*:}
eval "$("$bin" sandbox env --port "$port")"
"$bin" api hosts GET /api/v1/hosts/totals
"$bin" api breach GET /api/v3/dataclasses --query 'length(@)'
# Each package the binary keeps as an asset of its own (scripts/sea-loader.cjs), loaded once.
"$bin" hosts totals -o yaml > "$work/out" && grep -q '^total_up: ' "$work/out"          # yaml
"$bin" config set timeout 12 && test "$("$bin" config get timeout)" = 12               # conf
printf 'event_name,customer,value\napi_requests,cus_3,7\n' > "$work/e.csv"
"$bin" meter send "$work/e.csv" --json > "$work/out" && grep -q '"sent": 1' "$work/out" # csv-parse
"$bin" runs logs 30433643 --job 399444123 > "$work/out" && grep -q 'Set up job' "$work/out" # fflate
printf sealed | "$bin" runs secret set SMOKE_CHECK > /dev/null                        # libsodium
"$bin" sandbox start --tls --port 0 > "$work/tls.out" 2> "$work/tls.err" &           # selfsigned
tls=$!
for _ in $(seq 1 50); do grep -q '^listening on https://' "$work/tls.out" 2>/dev/null && break; sleep 0.1; done
kill "$tls"
grep -q '^listening on https://' "$work/tls.out"
echo "binary smoke: ok"
