#!/bin/sh
# Installs ops @VERSION@: picks this machine's archive, downloads it and the release's checksums,
# verifies their signature and the archive's SHA-256, and installs the binary (and its man pages)
# under a prefix, and the shell completions where bash, zsh and fish look for them
# (--no-completions: not those).
#   curl -fsSL @BASE_URL@/install.sh | sh
#   sh install.sh [--prefix DIR] [--version V] [--no-completions]
# OPS_INSTALL_BASE_URL serves the files from a mirror (a folder with the release's files);
# OPS_RELEASE_ALLOWED_SIGNERS names an allowed_signers file that replaces the project's key.
set -eu

# The project's key, which signs each release's checksums file (release/allowed_signers).
signers='release@ops-cli namespaces="file" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBiPDSnSJNXElh3clFcUCqYkVRplq9DBwmNkrubMj8PG'

version="@VERSION@"
prefix="${HOME:-}/.local"
base="${OPS_INSTALL_BASE_URL:-}"
completions=1

say() { printf 'ops install: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --version) [ $# -ge 2 ] || fail "--version needs a version, such as @VERSION@"; version="${2#v}"; shift 2 ;;
    --version=*) version="${1#--version=}"; version="${version#v}"; shift ;;
    --no-completions) completions=0; shift ;;
    -h|--help) sed -n '2,9p' "$0" 2>/dev/null | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown option '$1' (options: --prefix DIR, --version V, --no-completions)" ;;
  esac
done
[ -n "$base" ] || base="@RELEASES_URL@/v$version"

sys=$(uname -s)
mach=$(uname -m)
unknown="no ops archive for this system ($sys $mach): download one by hand from $base, or install with npm (npm install -g ops-cli)"
case "$sys" in
  Linux) os=linux; ext=tar.xz ;;
  Darwin) os=macOS; ext=zip ;;
  *) fail "$unknown" ;;
esac
case "$mach" in
  x86_64|amd64) arch=amd64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) fail "$unknown" ;;
esac

name="ops_${version}_${os}_${arch}"
work=$(mktemp -d 2>/dev/null || mktemp -d -t ops-install)
trap 'rm -rf "$work"' EXIT INT TERM

fetch() {
  if command -v curl >/dev/null 2>&1; then curl -fsSL -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then wget -q -O "$2" "$1"
  else fail "needs curl or wget to download $1"
  fi
}
@VERIFY_DOWNLOAD@

say "downloading $name.$ext from $base"
fetch "$base/$name.$ext" "$work/$name.$ext" || fail "could not download $base/$name.$ext"
sums="ops_${version}_checksums.txt"
fetch "$base/$sums" "$work/$sums" || fail "could not download $base/$sums"

# The checksums are trusted once their signature verifies, then the archive checked against them
# (scripts/release/verify.sh).
allowed="${OPS_RELEASE_ALLOWED_SIGNERS:-}"
if [ -n "$allowed" ]; then
  [ -r "$allowed" ] || fail "cannot read OPS_RELEASE_ALLOWED_SIGNERS ($allowed): nothing installed"
else
  allowed="$work/allowed_signers"
  printf '%s\n' "$signers" > "$allowed"
fi
verify_download "$base" "$sums" "$work" "$allowed" "$name.$ext"

case "$ext" in
  tar.xz) (cd "$work" && xz -dc "$name.$ext" | tar -xf -) || fail "could not unpack $name.$ext" ;;
  zip) (cd "$work" && unzip -q "$name.$ext") || fail "could not unpack $name.$ext" ;;
esac

mkdir -p "$prefix/bin" "$prefix/share/man/man1" || fail "cannot write to $prefix"
cp "$work/$name/ops" "$prefix/bin/ops.tmp.$$" && chmod 755 "$prefix/bin/ops.tmp.$$" &&
  mv -f "$prefix/bin/ops.tmp.$$" "$prefix/bin/ops" || fail "could not install into $prefix/bin"
cp "$work/$name"/man/man1/*.1 "$prefix/share/man/man1/" 2>/dev/null || true
say "installed ops $version ($os $arch) as $prefix/bin/ops, man pages in $prefix/share/man/man1"

# The completions, each where its shell looks without being told: bash-completion's user folder,
# fish's user completions; zsh's site-functions under the prefix, which zsh reads only when it is on
# $fpath (a line says how, when it is not).
put() { mkdir -p "$(dirname "$2")" && cp "$1" "$2" && chmod 644 "$2"; }
comp="$work/$name/completions"
if [ "$completions" = 1 ] && [ -d "$comp" ]; then
  data="${XDG_DATA_HOME:-$HOME/.local/share}"
  config="${XDG_CONFIG_HOME:-$HOME/.config}"
  bash_file="$data/bash-completion/completions/ops"
  zsh_dir="$prefix/share/zsh/site-functions"
  fish_file="$config/fish/completions/ops.fish"
  put "$comp/ops.bash" "$bash_file" && put "$comp/_ops" "$zsh_dir/_ops" && put "$comp/ops.fish" "$fish_file" ||
    fail "could not install the completions (ops itself is installed; --no-completions leaves them out)"
  say "completions: bash $bash_file, zsh $zsh_dir/_ops, fish $fish_file"
  if ! { command -v zsh >/dev/null 2>&1 && zsh -fc '(( ${fpath[(Ie)$1]} ))' ops "$zsh_dir"; }; then
    say "zsh: add to ~/.zshrc, before compinit: fpath=($zsh_dir \$fpath)"
  fi
elif [ "$completions" = 1 ]; then
  say "this archive has no completions: ops completion bash|zsh|fish prints them"
fi
case ":${PATH:-}:" in
  *":$prefix/bin:"*) ;;
  *) say "$prefix/bin is not on your PATH: add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
