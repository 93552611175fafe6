#!/usr/bin/env bash
# Checks every file of dist/release that can be run here (after `npm run release`), as a user would:
# the checksums, each binary against its own `ops sandbox` (linux amd64 natively, arm64 under qemu,
# windows under Wine), the .deb installed with dpkg and its man page opened, the rpms, the container
# image run under chroot (check-image.sh), the apt repository read by apt (check-apt.sh), install.sh from a local
# server (an install, a tampered archive, an unknown platform), `ops upgrade` of what it installed, and
# the npm package.
set -euo pipefail
cd "$(dirname "$0")/../.."
here="$PWD"
# The pinned Node 24 first, as npm scripts and .ci/run have it: the machine's own Node may be older
# (Debian's 20 has no zlib.zstdDecompressSync, which reads the image's layers). SYSTEM_NODE stays the
# Node the npm package's smoke test runs it under.
export PATH="$here/node_modules/.bin:$PATH"
rel="$here/dist/release"
version=$(node -p "require('./package.json').version")
work="$(mktemp -d)"
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
step() { printf '\n== %s\n' "$*"; }
# Runs a command that must be refused: exit 1, its stderr (shown) matching PATTERN.
refused() {
  local pattern="$1" code=0
  shift
  "$@" 2> "$work/err" || code=$?
  cat "$work/err"
  [ "$code" = 1 ] && grep -q "$pattern" "$work/err"
}

step "checksums, and their signature"
sums="ops_${version}_checksums.txt"
(cd "$rel" && sha256sum -c "$sums")
# Signed with OPS_RELEASE_SIGNING_KEY: the project's key verifies it. Without one, a throwaway key signed
# it as .unsigned-test.sig, which the installers below trust only as a mirror's key (dist/release-test-signers).
if [ -e "$rel/$sums.sig" ]; then
  signers="${OPS_RELEASE_ALLOWED_SIGNERS:-$here/release/allowed_signers}"
else
  echo "(no $sums.sig: a throwaway key signed $sums.unsigned-test.sig)"
  signers="$here/dist/release-test-signers"
fi
sig="$rel/$sums.sig"
[ -e "$sig" ] || sig="$rel/$sums.unsigned-test.sig"
ssh-keygen -Y verify -f "$signers" -I release@ops-cli -n file -s "$sig" < "$rel/$sums"
export OPS_RELEASE_ALLOWED_SIGNERS="$signers"
ls "$rel"/ops_"${version}"_linux_amd64.tar.xz "$rel"/ops_"${version}"_linux_arm64.tar.xz "$rel"/ops_"${version}"_windows_amd64.zip \
  "$rel"/ops_"${version}"_linux_amd64.deb "$rel"/ops_"${version}"_linux_arm64.deb \
  "$rel"/ops_"${version}"_linux_amd64.rpm "$rel"/ops_"${version}"_linux_arm64.rpm "$rel"/ops-cli-"${version}".tgz \
  "$rel"/ops_"${version}"_oci.tar "$rel"/apt/dists/stable/InRelease \
  "$rel"/ops_"${version}"_sbom.cdx.json "$rel"/install.sh "$rel"/ops.rb "$rel"/ops.json "$rel"/version.json > /dev/null
# The winget manifests name the Windows zip with its SHA-256.
zipsum=$(sha256sum "$rel/ops_${version}_windows_amd64.zip" | cut -d' ' -f1)
grep -qix "    InstallerSha256: $zipsum" "$rel/winget/ops-cli.ops.installer.yaml"
grep -qx "PackageVersion: \"$version\"" "$rel/winget/ops-cli.ops.yaml"
# version.json, what the update notice and `ops upgrade` read: this version, its date, its page.
node -e '
  const v = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const ok = v.version === process.argv[2] && /^\d{4}-\d{2}-\d{2}$/.test(v.date) &&
    v.url === `https://github.com/ops-cli/ops/releases/tag/v${process.argv[2]}`;
  if (!ok) { console.error("version.json is not as it should be:", v); process.exit(1); }' "$rel/version.json" "$version"

step "archive sizes (at most 32 MB each; the Windows zip 34 MiB, as PRODUCT.md sets them)"
over=0
for f in "$rel"/*.tar.xz "$rel"/*.zip "$rel"/*.deb "$rel"/*.rpm; do
  size=$(stat -c %s "$f")
  case "$f" in *.zip) limit=35651584 name="34 MiB" ;; *) limit=32000000 name="32 MB" ;; esac
  printf '%-40s %6.2f MB, %s under %s\n' "$(basename "$f")" "$(awk -v s="$size" 'BEGIN { print s / 1000000 }')" \
    "$(awk -v s="$size" -v l="$limit" 'BEGIN { printf "%.0f KB", (l - s) / 1000 }')" "$name"
  [ "$size" -le "$limit" ] || { echo "  over $name"; over=1; }
done

step "linux amd64 binary, natively"
tar -xJf "$rel/ops_${version}_linux_amd64.tar.xz" -C "$work"
ls "$work/ops_${version}_linux_amd64"/{ops,LICENSE,README.md,THIRD_PARTY_NOTICES,completions/ops.bash,completions/_ops,completions/ops.fish} > /dev/null
ls "$work/ops_${version}_linux_amd64"/man/man1/ops.1 > /dev/null
bash scripts/smoke-binary.sh "$work/ops_${version}_linux_amd64/ops"

step "linux arm64 binary, under qemu-aarch64"
tar -xJf "$rel/ops_${version}_linux_arm64.tar.xz" -C "$work"
bash scripts/release/smoke-target.sh qemu "$work/ops_${version}_linux_arm64/ops"
# Its sandbox ended with it: nothing left running to slow what follows or hold CI's output open.
if pgrep -f "$work/ops_${version}_linux_arm64/ops" > /dev/null; then
  echo "smoke (qemu) left the arm64 binary running" >&2
  exit 1
fi

step "windows amd64 binary, under Wine"
unzip -q "$rel/ops_${version}_windows_amd64.zip" -d "$work"
# PowerShell's completion rides in the Windows zip alone.
grep -q 'Register-ArgumentCompleter -Native' "$work/ops_${version}_windows_amd64/completions/ops.ps1"
test ! -e "$work/ops_${version}_linux_amd64/completions/ops.ps1"
bash scripts/release/smoke-target.sh wine "$work/ops_${version}_windows_amd64/ops.exe"
if pgrep -f 'ops-smoke/ops.exe' > /dev/null; then
  echo "smoke (wine) left the Windows binary running" >&2
  exit 1
fi

step "the .deb, installed with dpkg"
dpkg -i "$rel/ops_${version}_linux_amd64.deb" > /dev/null
/usr/bin/ops --version
test "$(dpkg -S /usr/bin/ops)" = "ops: /usr/bin/ops"
# `ops upgrade` leaves a Debian package's binary to apt: exit 1, saying how.
set +e
/usr/bin/ops upgrade 2> "$work/err"
code=$?
set -e
cat "$work/err"
[ "$code" = 1 ] && grep -q 'installed with a Debian package, which upgrades it: sudo apt install' "$work/err"
MANPAGER=cat MANWIDTH=80 man ops > "$work/man.txt" 2> /dev/null
grep -q 'ops' "$work/man.txt" && head -3 "$work/man.txt"
test -f /usr/share/bash-completion/completions/ops
dpkg -r ops > /dev/null
test ! -e /usr/bin/ops
# The output whole first: `dpkg-deb --info | grep -q` under pipefail is exit 141 when grep stops reading
# at its first match while dpkg-deb still writes (CI failed so once).
info="$(dpkg-deb --info "$rel/ops_${version}_linux_arm64.deb")"
grep -q 'Architecture: arm64' <<< "$info"

step "the rpms: rpm -qp, then the amd64 one installed into a throwaway root"
for a in amd64:x86_64 arm64:aarch64; do
  f="$rel/ops_${version}_linux_${a%%:*}.rpm"
  info="$(rpm -qp --queryformat '%{NAME} %{VERSION} %{ARCH} %{LICENSE}\n' "$f" 2> /dev/null)"
  echo "$info"
  [ "$info" = "ops $version ${a#*:} MIT" ]
done
# The same files in the same places as the .deb.
rpm -qpl "$rel/ops_${version}_linux_amd64.rpm" 2> /dev/null | grep -v '^/usr/share/doc/ops$' | sort > "$work/rpm-files"
dpkg-deb --fsys-tarfile "$rel/ops_${version}_linux_amd64.deb" | tar -t | grep -v '/$' | sed 's|^\.||' | sort > "$work/deb-files"
diff "$work/deb-files" "$work/rpm-files"
rpm -qpR "$rel/ops_${version}_linux_amd64.rpm" 2> /dev/null > "$work/requires"
grep -q '^libc.so.6(GLIBC_2.28)(64bit)$' "$work/requires" && grep -q '^libstdc++.so.6()(64bit)$' "$work/requires"
mkdir -p "$work/rpm-root"
rpm --root "$work/rpm-root" -i --nodeps "$rel/ops_${version}_linux_amd64.rpm" 2> /dev/null
rpm_installed="$("$work/rpm-root/usr/bin/ops" --version)"
grep -q "^ops $version " <<< "$rpm_installed"
test "$(rpm --root "$work/rpm-root" -qf /usr/bin/ops)" = "ops-$version-1.x86_64"
test -f "$work/rpm-root/usr/share/man/man1/ops.1.gz" && test -f "$work/rpm-root/usr/share/bash-completion/completions/ops"

step "the container image: each platform's layers unpacked into a folder, run as its user (chroot; arm64 under qemu-aarch64)"
bash scripts/release/check-image.sh "$rel/ops_${version}_oci.tar" "$version"

step "the apt repository, read by apt under options of its own"
# Signed with OPS_RELEASE_GPG_KEY: its public key is in the repository. Without one, a throwaway key
# signed it, its public key outside the repository (dist/release-test-apt-keyring.gpg).
keyring="$rel/apt/ops-archive-keyring.gpg"
if [ ! -e "$keyring" ]; then
  echo "(no apt/ops-archive-keyring.gpg: a throwaway key signed apt/)"
  keyring="$here/dist/release-test-apt-keyring.gpg"
fi
bash scripts/release/check-apt.sh "$rel" "$keyring" "$version"

step "install.sh from a local server"
# The release as a mirror serves it: with its signature as .sig whichever key made it.
cp -as "$rel" "$work/served"
[ -e "$work/served/$sums.sig" ] || cp "$rel/$sums.unsigned-test.sig" "$work/served/$sums.sig"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
(cd "$work/served" && exec python3 -m http.server "$port" --bind 127.0.0.1 > /dev/null 2>&1) &
server=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/install.sh" > /dev/null && break; sleep 0.1; done
export OPS_INSTALL_BASE_URL="http://127.0.0.1:$port"
sh "$rel/install.sh" --prefix "$work/prefix"
installed="$("$work/prefix/bin/ops" --version)"
grep -q "^ops $version " <<< "$installed"
test -f "$work/prefix/share/man/man1/ops.1"
# A tampered archive: refused, exit 1, nothing installed.
mkdir -p "$work/tampered"
cp -rL "$work/served"/. "$work/tampered/"
printf 'x' >> "$work/tampered/ops_${version}_linux_amd64.tar.xz"
kill "$server"
(cd "$work/tampered" && exec python3 -m http.server "$port" --bind 127.0.0.1 > /dev/null 2>&1) &
server=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/install.sh" > /dev/null && break; sleep 0.1; done
refused 'checksum mismatch' sh "$rel/install.sh" --prefix "$work/prefix2"
test ! -e "$work/prefix2/bin/ops"
# The tampered archive's line written into the checksums after they were signed: a bad signature.
(cd "$work/tampered" && sed -i "/ops_${version}_linux_amd64.tar.xz\$/d" "$sums" && sha256sum "ops_${version}_linux_amd64.tar.xz" >> "$sums")
refused 'bad signature' sh "$rel/install.sh" --prefix "$work/prefix2"
test ! -e "$work/prefix2/bin/ops"
# An unknown platform: refused, exit 1, nothing installed.
mkdir -p "$work/fake"
printf '#!/bin/sh\ncase "$1" in -s) echo FreeBSD ;; -m) echo riscv64 ;; esac\n' > "$work/fake/uname"
chmod +x "$work/fake/uname"
set +e
PATH="$work/fake:$PATH" sh "$rel/install.sh" --prefix "$work/prefix3" 2> "$work/err"
code=$?
set -e
cat "$work/err"
[ "$code" = 1 ] && grep -q 'no ops archive for this system' "$work/err" && [ ! -e "$work/prefix3" ]
unset OPS_INSTALL_BASE_URL

step "the setup action's script, as a Linux x64 runner runs it"
mkdir -p "$work/runner/cache" "$work/runner/temp"
kill "$server"
(cd "$work/served" && exec python3 -m http.server "$port" --bind 127.0.0.1 > /dev/null 2>&1) &
server=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/version.json" > /dev/null && break; sleep 0.1; done
runner_env=(RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TOOL_CACHE="$work/runner/cache" RUNNER_TEMP="$work/runner/temp"
  GITHUB_PATH="$work/runner/path" GITHUB_OUTPUT="$work/runner/output" OPS_INSTALL_BASE_URL="http://127.0.0.1:$port")
env "${runner_env[@]}" bash scripts/action/setup.sh
grep -qx "version=$version" "$work/runner/output"
"$(cat "$work/runner/path")/ops" --version
# The same version again: from the tool cache.
again="$(env "${runner_env[@]}" OPS_VERSION="$version" bash scripts/action/setup.sh 2>&1)"
grep -q 'nothing downloaded' <<< "$again"

step "ops upgrade of the binary install.sh installed"
bash scripts/release/check-upgrade.sh "$work/prefix/bin/ops"

step "the npm package"
(cd "$work" && tar -xzf "$rel/ops-cli-${version}.tgz" && cd package && npm publish --dry-run > /dev/null 2> "$work/publish.err") ||
  { cat "$work/publish.err"; exit 1; }
grep -q "ops-cli@${version}" "$work/publish.err"
bash scripts/smoke-npm.sh "$rel/ops-cli-${version}.tgz"

[ "$over" = 0 ] || echo "release check: ok, but an archive is over its size budget (see above)"
echo "release check: ok"
