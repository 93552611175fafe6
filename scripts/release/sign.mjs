// The signature of a release's checksums file: an SSH signature (`ssh-keygen -Y sign`, namespace
// `file`) that install.sh, the setup action and `ops upgrade` verify against the project's key
// (release/allowed_signers, identity release@ops-cli) before they trust the checksums.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
export const IDENTITY = 'release@ops-cli';

const keygen = (args, input) =>
  execFileSync('ssh-keygen', args, {
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });

/**
 * Signs `dir/sumsFile` as `sumsFile.sig` with the private key at `key` (OPS_RELEASE_SIGNING_KEY),
 * checked against `signers` (the project's allowed_signers unless OPS_RELEASE_ALLOWED_SIGNERS names
 * a mirror's) so that a wrong key fails here and not on every user's machine. Without a key: a
 * throwaway one, and the file is `sumsFile.unsigned-test.sig`, which no installer looks for; its
 * allowed_signers is written to `testSigners` so that a check can verify it as a mirror would.
 */
export function signChecksums(dir, sumsFile, { key, signers, testSigners, log }) {
  const file = join(dir, sumsFile);
  const sig = `${file}.sig`;
  rmSync(sig, { force: true });
  rmSync(`${file}.unsigned-test.sig`, { force: true });
  if (key) {
    keygen(['-Y', 'sign', '-q', '-n', 'file', '-f', key, file]);
    try {
      keygen(['-Y', 'verify', '-f', signers, '-I', IDENTITY, '-n', 'file', '-s', sig], readFileSync(file));
    } catch {
      rmSync(sig, { force: true });
      throw new Error(
        `the key OPS_RELEASE_SIGNING_KEY names is not the one ${signers} allows for ${IDENTITY}`,
      );
    }
    return `${sumsFile}.sig`;
  }
  const work = mkdtempSync(join(tmpdir(), 'ops-sign-'));
  try {
    const throwaway = join(work, 'key');
    keygen(['-q', '-t', 'ed25519', '-N', '', '-C', 'unsigned-test', '-f', throwaway]);
    keygen(['-Y', 'sign', '-q', '-n', 'file', '-f', throwaway, file]);
    const pub = readFileSync(`${throwaway}.pub`, 'utf8').split(' ').slice(0, 2).join(' ');
    writeFileSync(testSigners, `${IDENTITY} namespaces="file" ${pub}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  renameSync(sig, `${file}.unsigned-test.sig`);
  log(
    `no OPS_RELEASE_SIGNING_KEY: ${sumsFile} is signed with a throwaway key, as ${sumsFile}.unsigned-test.sig (not a release signature; its allowed_signers is ${testSigners})`,
  );
  return `${sumsFile}.unsigned-test.sig`;
}

export const projectSigners = () => join(root, 'release', 'allowed_signers');
