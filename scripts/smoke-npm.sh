#!/usr/bin/env bash
# Installs the packed npm tarball into an empty prefix (no dependencies to fetch) and runs it.
set -euo pipefail
tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
npm install --global --prefix "$prefix" --offline --no-audit --no-fund "$tarball" >/dev/null
"$prefix/bin/ops" --version
"$prefix/bin/ops" completion bash | grep -q _ops_complete
echo "npm package smoke: ok"
