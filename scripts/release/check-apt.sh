#!/usr/bin/env bash
# Checks the release's apt repository with apt itself, under options of its own (the machine's sources,
# lists, cache and keyrings untouched): `apt-get update` against the folder with signed-by= its key,
# then `apt-get download ops` for amd64 and arm64, each the release's .deb byte for byte; the same
# repository with another key, or with a Packages edited after signing, is refused.
#   check-apt.sh <dist/release> <keyring> <version>
set -euo pipefail
rel="$(cd "$1" && pwd)"
keyring="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
version=$3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# apt-get with a sources.list naming `repo` and `key`, and lists and cache in `dir`.
apt_in() {
  local dir=$1 repo=$2 key=$3
  shift 3
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  echo "deb [arch=amd64,arm64 signed-by=$key] file:$repo stable main" > "$dir/sources.list"
  (cd "$dir" && apt-get -q -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache" -o APT::Architectures::=amd64 \
    -o APT::Architectures::=arm64 -o APT::Sandbox::User=root -o Debug::NoLocking=1 "$@")
}

apt_in "$work/good" "$rel/apt" "$keyring" update
for arch in amd64 arm64; do
  apt_in "$work/good" "$rel/apt" "$keyring" download "ops:$arch=$version"
  cmp "$work/good/ops_${version}_${arch}.deb" "$rel/ops_${version}_linux_${arch}.deb"
done
ls "$work/good"/*.deb

# Another key (Debian's own) in signed-by: the repository is refused, nothing listed.
set +e
apt_in "$work/other-key" "$rel/apt" /usr/share/keyrings/debian-archive-keyring.gpg update > "$work/out" 2>&1
code=$?
set -e
grep -q "NO_PUBKEY\|not signed" "$work/out" || { cat "$work/out" >&2; echo "apt took a repository signed by another key" >&2; exit 1; }
echo "another key: refused (apt-get update exit $code: $(grep -m1 -o 'NO_PUBKEY [0-9A-F]*' "$work/out"))"
! ls "$work/other-key/lists/"*Packages* > /dev/null 2>&1

# A Packages edited after signing: apt refuses it (its hash is not the one InRelease signed).
cp -r "$rel/apt" "$work/tampered"
sed -i 's/^Description: .*/Description: something else/' "$work/tampered/dists/stable/main/binary-amd64/Packages"
rm "$work/tampered/dists/stable/main/binary-amd64/Packages.gz"
set +e
apt_in "$work/tampered-lists" "$work/tampered" "$keyring" update > "$work/out" 2>&1
set -e
grep -q "Hash Sum mismatch\|unexpected size" "$work/out" || { cat "$work/out" >&2; echo "apt took a Packages edited after signing" >&2; exit 1; }
echo "Packages edited after signing: refused ($(grep -m1 -o 'Hash Sum mismatch\|unexpected size' "$work/out"))"
echo "apt check: ok"
