// The last step of a release, here and in the workflow once every runner's files are together: the
// Homebrew formula, Scoop manifest and winget manifests (winget/) from the archives' checksums, then
// the checksums file: SHA-256 of every other file in `sha256sum -c` form (not of winget/, made from
// them, nor of its own signature, made after it: sign.mjs).
//   node scripts/release/finish.mjs [dir]   (default dist/release)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeManifests } from './manifests.mjs';
import { writeWinget } from './winget.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The package.json facts a release names: version, description, license, homepage, releases URL. */
export function releaseFacts() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const releases = `${pkg.homepage}/releases/download`;
  return {
    ...pkg,
    author: typeof pkg.author === 'string' ? pkg.author : pkg.author.name,
    releases,
    url: `${releases}/v${pkg.version}`,
  };
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

export function finish(dir, facts = releaseFacts(), date = new Date().toISOString().slice(0, 10)) {
  const sumsFile = `ops_${facts.version}_checksums.txt`;
  const files = () =>
    readdirSync(dir)
      .filter((f) => f !== sumsFile && !f.startsWith(`${sumsFile}.`) && !f.startsWith('.'))
      .filter((f) => statSync(join(dir, f)).isFile())
      .sort();
  const archives = Object.fromEntries(
    files()
      .filter((f) => /\.(tar\.xz|zip)$/.test(f))
      .map((f) => [f, sha256(join(dir, f))]),
  );
  writeManifests(dir, facts, facts.url, archives);
  if (archives[`ops_${facts.version}_windows_amd64.zip`]) writeWinget(dir, facts, facts.url, archives, date);
  const lines = files().map((f) => `${sha256(join(dir, f))}  ${f}\n`);
  writeFileSync(join(dir, sumsFile), lines.join(''));
  return sumsFile;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const dir = process.argv[2] ?? join(root, 'dist', 'release');
  console.log(`${dir}/${finish(dir)}`);
}
