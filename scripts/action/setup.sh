#!/usr/bin/env bash
# The work of the setup action (action.yml): installs the runner platform's ops archive into the tool
# cache, verified as install.sh verifies it (the checksums' signature, then the archive's SHA-256), adds
# its bin folder to PATH and sets the output `version`. The completions go nowhere (a job has no shell
# to complete in). A version already in the tool cache is used as it is: nothing is downloaded.
# Reads OPS_VERSION (default: the newest), OPS_INSTALL_BASE_URL (a mirror), OPS_RELEASE_ALLOWED_SIGNERS,
# and the runner's RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE, RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT.
set -euo pipefail

releases=https://github.com/ops-cli/ops/releases
here="$(dirname "$0")"
say() { printf 'ops setup: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }
for v in RUNNER_OS RUNNER_ARCH RUNNER_TOOL_CACHE RUNNER_TEMP GITHUB_PATH GITHUB_OUTPUT; do
  [ -n "${!v:-}" ] || fail "$v is not set: run this as the action ops-cli/ops on a GitHub runner"
done
mirror="${OPS_INSTALL_BASE_URL:-}"
mirror="${mirror%/}"

fetch() { curl -fsSL --retry 3 -o "$2" "$1"; }
# shellcheck source=../release/verify.sh
. "$here/../release/verify.sh"

case "$RUNNER_OS/$RUNNER_ARCH" in
  Linux/X64) os=linux arch=amd64 ext=tar.xz binary=ops ;;
  Linux/ARM64) os=linux arch=arm64 ext=tar.xz binary=ops ;;
  macOS/X64) os=macOS arch=amd64 ext=zip binary=ops ;;
  macOS/ARM64) os=macOS arch=arm64 ext=zip binary=ops ;;
  Windows/X64) os=windows arch=amd64 ext=zip binary=ops.exe ;;
  *) fail "no ops archive for this runner ($RUNNER_OS $RUNNER_ARCH): install with npm (npm install -g ops-cli)" ;;
esac

work="$(mktemp -d "$RUNNER_TEMP/ops-setup.XXXXXX")"
trap 'rm -rf "$work"' EXIT

version="${OPS_VERSION:-latest}"
version="${version#v}"
if [ "$version" = latest ]; then
  url="${mirror:-$releases/latest/download}/version.json"
  fetch "$url" "$work/version.json" || fail "could not read the newest version from $url"
  version=$(sed -n '1,/"version"/s/.*"version": *"\([^"]*\)".*/\1/p' "$work/version.json")
fi
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] ||
  fail "invalid version '$version': give a release such as 0.2.0, or latest"

# The tool cache's layout (@actions/tool-cache's): ops/VERSION/ARCH, complete once VERSION/ARCH.complete is.
dir="$RUNNER_TOOL_CACHE/ops/$version/$(tr '[:upper:]' '[:lower:]' <<< "$RUNNER_ARCH")"
if [ -f "$dir.complete" ] && [ -x "$dir/bin/$binary" ]; then
  say "ops $version is in the tool cache ($dir): nothing downloaded"
else
  base="${mirror:-$releases/download/v$version}"
  name="ops_${version}_${os}_${arch}"
  sums="ops_${version}_checksums.txt"
  say "downloading $name.$ext from $base"
  fetch "$base/$name.$ext" "$work/$name.$ext" || fail "could not download $base/$name.$ext"
  fetch "$base/$sums" "$work/$sums" || fail "could not download $base/$sums"
  # As install.sh: the signature, then the archive's SHA-256.
  allowed="${OPS_RELEASE_ALLOWED_SIGNERS:-$here/../../release/allowed_signers}"
  [ -r "$allowed" ] || fail "cannot read the allowed signers $allowed: nothing installed"
  verify_download "$base" "$sums" "$work" "$allowed" "$name.$ext"
  case "$ext" in
    tar.xz) tar -xJf "$work/$name.$ext" -C "$work" "$name/$binary" ;;
    zip) unzip -q "$work/$name.$ext" "$name/$binary" -d "$work" ;;
  esac || fail "could not unpack $name/$binary from $name.$ext: nothing installed"
  rm -rf "$dir" "$dir.complete"
  mkdir -p "$dir/bin"
  cp "$work/$name/$binary" "$dir/bin/$binary"
  chmod 755 "$dir/bin/$binary"
  touch "$dir.complete"
  say "installed ops $version ($os $arch) in $dir"
fi
echo "$dir/bin" >> "$GITHUB_PATH"
echo "version=$version" >> "$GITHUB_OUTPUT"
