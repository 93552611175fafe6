#!/usr/bin/env bash
# Smoke run of a release binary this machine runs only through an emulator: under qemu-user with
# Debian's arm64 libraries, or under Wine (10, from a Debian trixie root made by wine-root.sh, since
# bookworm's Wine 8 cannot reserve what Node 24's V8 asks for). --version, `ops sandbox start` served
# by the binary itself, a list of two services through it, and the keyring (fallback line or kept).
#   smoke-target.sh qemu|wine <binary>
set -euo pipefail
mode=$1
bin="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
work="$(mktemp -d)"
pid=
stop() {
  # `run … &` is a subshell running the function: the binary (qemu, or chroot's Wine) is its child, which
  # a kill of the subshell leaves running (CI once found the arm64 sandbox alive after the script). The
  # child is ended and waited for: the subshell ends when it has.
  if [ -n "$pid" ]; then
    pkill -TERM -P "$pid" 2> /dev/null || kill "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
  fi
  if [ "$mode" = wine ] && [ -n "${root:-}" ]; then
    chroot "$root" env WINEPREFIX=/root/.wine wineserver -k 2> /dev/null || true
    # The root's /proc and /dev (bound in by wine-root.sh) are not left mounted on the machine.
    umount -l "$root/dev" "$root/proc" 2> /dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT

extra_env=()
case "$mode" in
  qemu)
    run() {
      env "${extra_env[@]}" OPS_CONFIG_DIR="$work/config" XDG_CACHE_HOME="$work/cache" \
        qemu-aarch64 -L /usr/aarch64-linux-gnu "$bin" "$@"
    }
    ;;
  wine)
    root=$(bash "$(dirname "$0")/wine-root.sh")
    mkdir -p "$root/opt/ops-smoke"
    cp "$bin" "$root/opt/ops-smoke/ops.exe"
    # Wine writes a console program's output to a file, not to a pipe: callers redirect to files.
    run() {
      chroot "$root" env HOME=/root WINEPREFIX=/root/.wine WINEDEBUG=-all 'OPS_CONFIG_DIR=C:\ops-smoke' \
        "${extra_env[@]}" wine /opt/ops-smoke/ops.exe "$@"
    }
    ;;
  *) echo "smoke-target: mode qemu or wine, not $mode" >&2; exit 2 ;;
esac

run --version > "$work/version" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
grep -Eq '^ops [0-9]+\.[0-9]+\.[0-9]+ \(([0-9a-f]{7}|unknown), ' "$work/version" || { cat "$work/version" >&2; exit 1; }
cat "$work/version"

run sandbox start --port 0 > "$work/sandbox.out" 2> "$work/sandbox.err" &
pid=$!
for _ in $(seq 1 300); do grep -q '^listening on ' "$work/sandbox.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/sandbox.out" | tr -d '\r')
[ -n "$url" ] || { echo "the sandbox did not start" >&2; cat "$work/sandbox.err" >&2; exit 1; }
echo "sandbox: $url"

extra_env=(OPS_HOSTS_BASE_URL="$url/hosts" OPS_HOSTS_API_KEY=sandbox-hosts-api-key OPS_HOSTS_APP_KEY=sandbox-hosts-app-key
  OPS_BREACH_BASE_URL="$url/breach" OPS_BREACH_API_KEY=sandbox-breach-api-key)
run hosts list --count 2 -o json > "$work/hosts" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
grep -q '"host_name"' "$work/hosts" || { cat "$work/hosts" >&2; exit 1; }
run breach dataclasses -o json > "$work/breach" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
[ "$(tr -d '\r' < "$work/breach" | grep -c .)" -ge 3 ] || { cat "$work/breach" >&2; exit 1; }
echo "hosts and breach answered through the binary's own sandbox"

# The keyring's native module of the target travels in the binary. Under qemu no OS keyring answers
# (no D-Bus session): the key goes to the file, said on stderr. Under Wine, Wine's Credential Manager
# answers: the key is kept there, and `auth status` reads it back from the keyring.
extra_env+=(OPS_HOSTS_API_KEY= DBUS_SESSION_BUS_ADDRESS=)
printf 'sandbox-hosts-api-key\n' > "$work/key"
run config set hosts.api_key - < "$work/key" > /dev/null 2> "$work/err.raw" || { cat "$work/err.raw" >&2; exit 1; }
tr -d '\r' < "$work/err.raw" | grep -v XDG_RUNTIME_DIR > "$work/err" || true
if [ "$mode" = qemu ]; then
  cat "$work/err"
  grep -q '^ops: no OS keyring answered (no D-Bus session bus); kept hosts.api_key in ' "$work/err"
else
  run auth status hosts > "$work/status" 2> /dev/null
  status="$(tr -d '\r' < "$work/status")"
  grep -Eq '^hosts +keyring +sand\*{4}' <<< "$status" || { cat "$work/status" "$work/err" >&2; exit 1; }
  echo "keyring: Wine's Credential Manager keeps hosts.api_key"
fi
echo "smoke ($mode): ok"
