#!/usr/bin/env bash
# `ops upgrade` as a user runs it, by a real single binary installed where `install.sh` puts it: the
# binary finds itself (the running executable) and replaces itself with the binary of a newer release
# served on loopback. The newer release is this one's binary repacked as 9.9.9 (a release names its
# archive's folder after its version), with its checksums file, their signature and version.json.
#   bash scripts/release/check-upgrade.sh INSTALLED_OPS
set -euo pipefail
installed="$1"
work="$(mktemp -d)"
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
new=9.9.9
name="ops_${new}_linux_amd64"
mkdir -p "$work/served" "$work/src/$name"
cp "$installed" "$work/src/$name/ops"
tar -C "$work/src" -cf - "$name" | xz -0 -T2 > "$work/served/$name.tar.xz"
(cd "$work/served" && sha256sum "$name.tar.xz" > "ops_${new}_checksums.txt")
# Signed with a key of this check's own, which OPS_RELEASE_ALLOWED_SIGNERS trusts as a mirror's.
ssh-keygen -q -t ed25519 -N '' -C check -f "$work/key"
ssh-keygen -Y sign -q -n file -f "$work/key" "$work/served/ops_${new}_checksums.txt"
printf 'release@ops-cli namespaces="file" %s\n' "$(cut -d' ' -f1,2 "$work/key.pub")" > "$work/allowed_signers"
export OPS_RELEASE_ALLOWED_SIGNERS="$work/allowed_signers"
printf '{"version":"%s","date":"2026-12-01","url":"https://example.invalid/releases/tag/v%s"}\n' "$new" "$new" \
  > "$work/served/version.json"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(cd "$work/served" && exec python3 -m http.server "$port" --bind 127.0.0.1 > /dev/null 2>&1) &
server=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/version.json" > /dev/null && break; sleep 0.1; done
export OPS_INSTALL_BASE_URL="http://127.0.0.1:$port"
unset OPS_UPGRADE_EXECUTABLE

# --dry-run: what it would fetch and replace, the version read from the mirror's version.json.
"$installed" upgrade --dry-run > "$work/plan"
cat "$work/plan"
grep -qx "would download $OPS_INSTALL_BASE_URL/$name.tar.xz" "$work/plan"
grep -q "^would replace $installed (ops .*) with ops $new\$" "$work/plan"

# A tampered archive: exit 1 naming the checksum step, the installed binary untouched.
inode=$(stat -c %i "$installed")
cp "$work/served/$name.tar.xz" "$work/good.tar.xz"
printf 'x' >> "$work/served/$name.tar.xz"
refused_at() {
  local code=0
  "$installed" upgrade 2> "$work/err" || code=$?
  cat "$work/err"
  [ "$code" = 1 ] && grep -q "^ops: upgrade: $1: " "$work/err" && [ "$(stat -c %i "$installed")" = "$inode" ]
}
refused_at checksum
# Its line written into the checksums after they were signed: exit 1 naming the signature step.
cp "$work/served/ops_${new}_checksums.txt" "$work/good.txt"
(cd "$work/served" && sha256sum "$name.tar.xz" > "ops_${new}_checksums.txt")
refused_at signature
cp "$work/good.txt" "$work/served/ops_${new}_checksums.txt"
cp "$work/good.tar.xz" "$work/served/$name.tar.xz"

# The upgrade: the file at the installed path is now the archive's binary, and it runs.
"$installed" upgrade -o json > "$work/out"
cat "$work/out"
grep -q '"upgraded": true' "$work/out" && grep -q "\"version\": \"$new\"" "$work/out"
[ "$(stat -c %i "$installed")" != "$inode" ]
cmp "$installed" "$work/src/$name/ops"
"$installed" --version
[ -z "$(ls -A "$(dirname "$installed")" | grep upgrade || true)" ]
echo "upgrade check: ok"
