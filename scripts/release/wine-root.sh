#!/usr/bin/env bash
# A Debian trixie root with Wine 10 for the Windows binary's smoke run (bookworm's Wine 8 fails Node
# 24's start: V8's sandbox reserves address space with calls Wine 8 lacks). Made once with debootstrap
# from Debian's own packages, with /proc and /dev bound in; prints its path.
set -euo pipefail
root=${OPS_WINE_ROOT:-/var/cache/ops-wine-trixie}
# dpkg's record, not /usr/bin/wine: that is a link to /etc/alternatives, which the host may have too.
if [ ! -e "$root/var/lib/dpkg/info/wine.list" ]; then
  command -v debootstrap > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null; }
  # A half-made root may still have /proc and /dev bound in: never remove through them.
  for m in proc dev; do mountpoint -q "$root/$m" && umount "$root/$m"; done
  rm -rf --one-file-system "$root"
  debootstrap --variant=minbase --include=wine,wine64 trixie "$root" http://deb.debian.org/debian > /dev/null
fi
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev" || mount --bind /dev "$root/dev"
echo "$root"
