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
echo "binary smoke: ok"
