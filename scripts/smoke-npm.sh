#!/usr/bin/env bash
# Installs the packed npm tarball into an empty prefix (its one dependency, the keyring library, from
# npm's cache where `npm ci` left it, else the registry: `npm ci` does not keep the package's metadata
# that an offline install needs) and runs it, under the Node first on PATH and, when SYSTEM_NODE names
# one (.ci/run passes the machine's own), under that Node as a user's shell would start it: a Node older than package.json's engines (npm only warns)
# must get the one clear line and exit 1, a newer one must run.
set -euo pipefail
tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
npm install --global --prefix "$prefix" --prefer-offline --no-audit --no-fund "$tarball" >/dev/null
"$prefix/bin/ops" --version
# Each output whole into a variable, then matched: `a | grep -q` under pipefail fails with 141 when grep
# stops reading at its first match while the writer still writes.
completion="$("$prefix/bin/ops" completion bash)"
grep -q _ops_complete <<< "$completion"
# The man pages the package names in its `man` field, linked where man finds them.
grep -q '^\.TH "OPS-RUNS-LIST" "1"' "$prefix/share/man/man1/ops-runs-list.1"
# The OS keyring through the package's one dependency: a real Secret Service where dbus-run-session and
# gnome-keyring are installed (the secret read back from it), else the file and its one line.
export OPS_CONFIG_DIR="$prefix/config"
printf 'k-0123456789abc\n' | env -u DBUS_SESSION_BUS_ADDRESS "$prefix/bin/ops" config set tasks.token - 2> "$prefix/err"
grep -q '^ops: no OS keyring answered (no D-Bus session bus); kept tasks.token in ' "$prefix/err"
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  HOME="$prefix" XDG_RUNTIME_DIR="$prefix" dbus-run-session -- sh -c '
    printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    printf "k-keyring-0123456\n" | "$0" config set tasks.token - && "$0" auth token tasks' "$prefix/bin/ops" \
    > "$prefix/out" 2> "$prefix/err"
  [ "$(cat "$prefix/out")" = k-keyring-0123456 ] && ! grep -q k-keyring "$OPS_CONFIG_DIR/config.json" ||
    { cat "$prefix/out" "$prefix/err" >&2; exit 1; }
  echo "npm package keyring: the Secret Service answered"
fi
if [ -n "${SYSTEM_NODE:-}" ]; then
  found="$("$SYSTEM_NODE" --version)"
  set +e
  out="$(PATH="$(dirname "$SYSTEM_NODE"):$PATH" "$prefix/bin/ops" --version 2>&1)"
  code=$?
  set -e
  if "$SYSTEM_NODE" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
    [ "$code" = 0 ] && [ "$out" = "$("$prefix/bin/ops" --version)" ] ||
      { echo "npm package under $found: exit $code: $out" >&2; exit 1; }
    echo "npm package under the machine's Node $found: runs"
  else
    [ "$code" = 1 ] && [ "$out" = "ops: needs Node 22.12 or newer (found $found)" ] ||
      { echo "npm package under $found: exit $code: $out" >&2; exit 1; }
    echo "npm package under the machine's Node $found: refuses with the clear line"
  fi
fi
echo "npm package smoke: ok"
