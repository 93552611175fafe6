# verify_download BASE SUMS WORK SIGNERS FILE: trusts WORK/SUMS, a release's checksums file, once its
# signature BASE/SUMS.sig verifies with a key that SIGNERS (an allowed_signers file) allows as
# release@ops-cli, then checks WORK/FILE's SHA-256 against its line there; exit 1 with nothing
# installed when the signature is missing or bad, or the SHA-256 differs. The signature needs
# ssh-keygen 8.2+ (-Y find-principals is 8.2's: older ones answer "Unsupported operation" or "illegal
# option"); without one, said once. install.sh carries these functions (the join writes them in), the
# setup action sources them; both define say, fail and fetch.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then shasum -a 256 "$1" | cut -d' ' -f1
  else fail "needs sha256sum or shasum to verify the download"
  fi
}
verify_download() {
  if command -v ssh-keygen >/dev/null 2>&1 &&
    ! ssh-keygen -Y find-principals 2>&1 | grep -qiE 'unsupported|illegal|unknown option'; then
    fetch "$1/$2.sig" "$3/$2.sig" || fail "could not download $1/$2.sig (the checksums' signature): nothing installed"
    ssh-keygen -Y verify -f "$4" -I release@ops-cli -n file -s "$3/$2.sig" < "$3/$2" >/dev/null 2>&1 ||
      fail "bad signature: $2.sig does not verify $2 with the key of release@ops-cli: nothing installed"
  else
    say "ssh-keygen 8.2 or newer not found: the checksums' signature is not verified, only the archive's SHA-256"
  fi
  want=$(awk -v f="$5" '$2 == f || $2 == "*" f { print $1 }' "$3/$2")
  [ -n "$want" ] || fail "$2 has no line for $5: nothing installed"
  got=$(sha256 "$3/$5")
  [ "$got" = "$want" ] || fail "checksum mismatch for $5 (expected $want, got $got): nothing installed"
}
