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
test "$("$bin" hosts list --jq '.[0].name')" = api-001                                  # jq-wasm
"$bin" sandbox start --tls --port 0 > "$work/tls.out" 2> "$work/tls.err" &           # selfsigned
tls=$!
for _ in $(seq 1 50); do grep -q '^listening on https://' "$work/tls.out" 2>/dev/null && break; sleep 0.1; done
kill "$tls"
grep -q '^listening on https://' "$work/tls.out"
# The OS keyring: its native module, an asset, written to the cache folder and loaded, against a real
# Secret Service where dbus-run-session and gnome-keyring are installed; else the file and its line.
printf 'sandbox-hosts-api-key\n' | env -u DBUS_SESSION_BUS_ADDRESS OPS_HOSTS_API_KEY= "$bin" config set hosts.api_key - 2> "$work/err"
grep -q '^ops: no OS keyring answered (no D-Bus session bus); kept hosts.api_key in ' "$work/err"
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  HOME="$work" XDG_RUNTIME_DIR="$work" XDG_CACHE_HOME="$work/cache" dbus-run-session -- sh -c '
    printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    printf "sandbox-hosts-api-key\n" | OPS_HOSTS_API_KEY= "$0" config set hosts.api_key - &&
    OPS_HOSTS_API_KEY= "$0" auth status hosts --check' "$bin" > "$work/out" 2> "$work/err"
  grep -Eq '^hosts +keyring +sand\*{4} +ok$' "$work/out" || { cat "$work/out" "$work/err" >&2; exit 1; }
  ls "$work"/cache/ops/keyring-*.node > /dev/null
  echo "binary keyring: the Secret Service answered"
fi
echo "binary smoke: ok"
