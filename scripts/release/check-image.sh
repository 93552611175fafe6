#!/usr/bin/env bash
# Checks the release's container image (ops_V_oci.tar) as a container engine would run it, with none
# installed: each platform's layers unpacked in order into a folder, then its ENTRYPOINT run with the
# image's Env as the image's user. amd64 under chroot (--userspec: the image's User): --version, its own
# `ops sandbox`, `hosts totals` through it, a key kept in OPS_CONFIG_DIR; arm64 the same under
# qemu-aarch64 with the folder as its root for the loader and every library (-L).
#   check-image.sh <ops_V_oci.tar> <version>        (as root: chroot, and the layers' owners)
set -euo pipefail
image=$1
version=$2
work="$(mktemp -d)"
chmod 755 "$work"
sandbox=
stop() {
  if [ -n "$sandbox" ]; then kill "$sandbox" 2> /dev/null || true; wait "$sandbox" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap stop EXIT
mkdir "$work/layout"
tar -xf "$image" -C "$work/layout"

# One line per fact of platform $1's image: user, workdir, entrypoint, env (repeated), layer (in order).
plan() {
  node -e '
    const fs = require("fs"), dir = process.argv[1], arch = process.argv[2];
    const blob = (d) => JSON.parse(fs.readFileSync(`${dir}/blobs/sha256/${d.slice(7)}`, "utf8"));
    const top = JSON.parse(fs.readFileSync(`${dir}/index.json`, "utf8"));
    const index = blob(top.manifests[0].digest);
    const m = index.manifests.find((m) => m.platform.architecture === arch && m.platform.os === "linux");
    const manifest = blob(m.digest), config = blob(manifest.config.digest);
    const c = config.config, out = [];
    out.push(`user ${c.User}`, `workdir ${c.WorkingDir}`, `entrypoint ${c.Entrypoint.join(" ")}`);
    for (const e of c.Env) out.push(`env ${e}`);
    for (const l of manifest.layers) out.push(`layer ${l.digest.slice(7)} ${l.size}`);
    for (const [k, v] of Object.entries(c.Labels)) out.push(`label ${k}=${v}`);
    console.log(out.join("\n"));' "$work/layout" "$1"
}

chroot="$(command -v chroot)"
for arch in amd64 arm64; do
  printf -- '-- linux/%s\n' "$arch"
  plan "$arch" > "$work/plan-$arch"
  root="$work/root-$arch"
  mkdir "$root"
  compressed=0
  while read -r digest size; do
    # zstd layers, unpacked with the zstd of the Node that made them (no zstd tool needed).
    node -e 'process.stdout.write(require("zlib").zstdDecompressSync(require("fs").readFileSync(process.argv[1])))' \
      "$work/layout/blobs/sha256/$digest" | tar -x -C "$root" --same-owner --numeric-owner
    compressed=$((compressed + size))
  done < <(sed -n 's/^layer //p' "$work/plan-$arch")
  unpacked=$(du -sb "$root" | cut -f1)
  awk -v c="$compressed" -v u="$unpacked" 'BEGIN { printf "layers: %.1f MB compressed, %.1f MB unpacked\n", c / 1e6, u / 1e6 }'
  [ "$compressed" -le 48000000 ] || { echo "linux/$arch: over 48 MB compressed" >&2; exit 1; }
  grep -qx "label org.opencontainers.image.version=$version" "$work/plan-$arch"
  grep -q '^label org.opencontainers.image.revision=[0-9a-f]\{40\}$' "$work/plan-$arch"
  grep -qx 'entrypoint ops' "$work/plan-$arch"
  user=$(sed -n 's/^user //p' "$work/plan-$arch")
  mapfile -t envs < <(sed -n 's/^env //p' "$work/plan-$arch")
  # What the image holds besides ops: its user, a sticky /tmp, a writable config folder, the CAs.
  grep -q "^ops:x:${user%%:*}:${user##*:}:" "$root/etc/passwd"
  [ "$(stat -c %a "$root/tmp")" = 1777 ]
  [ "$(stat -c %u "$root/$(sed -n 's/^env OPS_CONFIG_DIR=//p' "$work/plan-$arch")")" = "${user%%:*}" ]
  grep -q 'BEGIN CERTIFICATE' "$root/etc/ssl/certs/ca-certificates.crt"
  if [ "$arch" = amd64 ]; then
    run() { env -i "${envs[@]}" "${extra[@]}" "$chroot" --userspec="$user" "$root" ops "$@"; }
    start=(env -i "${envs[@]}" "$chroot" --userspec="$user" "$root" ops)
  else
    # As the image's user, the loader and libraries from the folder; qemu-user finds a file that is not
    # there yet (the config) on the machine, so HOME and OPS_CONFIG_DIR are a folder of the user's.
    home="$work/home-$arch"
    mkdir -p "$home" && chown "$user" "$home"
    qemu="$(command -v qemu-aarch64)"
    run() {
      env -i "${envs[@]}" HOME="$home" OPS_CONFIG_DIR="$home/config" "${extra[@]}" "$chroot" --userspec="$user" / \
        "$qemu" -L "$root" "$root/usr/bin/ops" "$@"
    }
    start=(env -i "${envs[@]}" HOME="$home" "$chroot" --userspec="$user" / "$qemu" -L "$root" "$root/usr/bin/ops")
  fi
  extra=()
  run --version | tee "$work/version"
  grep -q "^ops $version " "$work/version"
  "${start[@]}" sandbox start --port 0 > "$work/sandbox.out" 2> "$work/sandbox.err" &
  sandbox=$!
  for _ in $(seq 1 300); do grep -q '^listening on ' "$work/sandbox.out" 2> /dev/null && break; sleep 0.1; done
  url=$(sed -n 's/^listening on //p' "$work/sandbox.out")
  [ -n "$url" ] || { echo "the image's sandbox did not start" >&2; cat "$work/sandbox.err" >&2; exit 1; }
  extra=(OPS_HOSTS_BASE_URL="$url/hosts" OPS_HOSTS_API_KEY=sandbox-hosts-api-key OPS_HOSTS_APP_KEY=sandbox-hosts-app-key)
  run hosts totals -o yaml > "$work/totals"
  grep -q '^total_up: ' "$work/totals" && head -2 "$work/totals"
  # No OS keyring in a container: the key is kept in OPS_CONFIG_DIR, which the user can write.
  extra=(OPS_HOSTS_BASE_URL="$url/hosts")
  printf 'sandbox-hosts-api-key\n' | run config set hosts.api_key - 2> "$work/err" > /dev/null || { cat "$work/err" >&2; exit 1; }
  grep -q 'kept hosts.api_key in ' "$work/err"
  run auth status hosts > "$work/status" 2> /dev/null
  grep -q '^hosts ' "$work/status"
  # `ops upgrade` in the image says to pull a new image, and replaces nothing (exit 1).
  if run upgrade --version "$version" 2> "$work/upgrade"; then echo "ops upgrade ran in the image" >&2; exit 1; fi
  grep -q "which upgrades it: docker pull ghcr.io/ops-cli/ops:$version" "$work/upgrade"
  kill "$sandbox" && wait "$sandbox" 2> /dev/null || true
  sandbox=
done
echo "image check: ok"
