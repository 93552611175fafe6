// The join of a release, once every target's files are in one folder (here after `npm run release`,
// in the workflow after the runners' artifacts are downloaded): the npm package, the SBOM of all the
// parts, install.sh, the container image (image.mjs), the apt repository (apt.mjs), the Homebrew formula and Scoop manifest, the
// checksums and their signature, and the release's notes (the CHANGELOG's section for the version, and each file's size and unpacked size).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeApt } from './apt.mjs';
import { finish } from './finish.mjs';
import { writeImage } from './image.mjs';
import { installScript } from './installer.mjs';
import { components, sbom } from './notices.mjs';
import { projectSigners, signChecksums } from './sign.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

export async function joinRelease(
  out,
  partsDir,
  facts,
  { packagesFile, date, epoch, revision, notesFile, log },
) {
  const V = facts.version;
  // Each target's part: its files, their unpacked sizes, the components they carry.
  const parts = readdirSync(partsDir)
    .filter((f) => f.endsWith('.part.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(partsDir, f), 'utf8')));
  // The npm package, publishable as it is.
  const tgz = execFileSync(process.execPath, [join(root, 'scripts', 'pack.mjs')], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const npmFile = `${facts.name}-${V}.tgz`;
  renameSync(join(root, tgz), join(out, npmFile));
  const carried = new Map();
  const carry = (list) => {
    for (const c of list) {
      const had = carried.get(c.purl);
      carried.set(c.purl, { ...c, carriedBy: [...(had?.carriedBy ?? []), ...c.carriedBy] });
    }
  };
  for (const p of parts) carry(p.components);
  carry(components(root, packagesFile).map(({ text, dir: _, ...c }) => ({ ...c, carriedBy: [npmFile] })));
  writeFileSync(
    join(out, `ops_${V}_sbom.cdx.json`),
    `${JSON.stringify(sbom(facts, [...carried.values()], date), null, 2)}\n`,
  );
  const installer = installScript({ version: V, releases: facts.releases, url: facts.url });
  writeFileSync(join(out, 'install.sh'), installer, { mode: 0o755 });
  // What the update notice and `ops upgrade` read from the newest release (src/update/).
  writeFileSync(join(out, 'version.json'), versionJson(facts, date));
  // The image of the linux .debs, each with the Debian runtime it needs (ghcr.io/ops-cli/ops).
  const image = await writeImage(out, facts, { epoch, revision, log });
  // The apt repository of the same .debs (apt/, a folder: no file of the checksums, signed by gpg itself).
  writeApt(out, facts, {
    epoch,
    key: process.env.OPS_RELEASE_GPG_KEY || undefined,
    passphrase: process.env.OPS_RELEASE_GPG_PASSPHRASE || undefined,
    testKeyring: join(partsDir, '..', 'release-test-apt-keyring.gpg'),
    log,
  });
  const sums = finish(out, facts, date);
  const sig = signChecksums(out, sums, {
    key: process.env.OPS_RELEASE_SIGNING_KEY,
    signers: process.env.OPS_RELEASE_ALLOWED_SIGNERS || projectSigners(),
    testSigners: join(partsDir, '..', 'release-test-signers'),
    log,
  });

  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  const rows = [...parts.flatMap((p) => p.files), { file: npmFile, unpacked: null }].map(
    (f) =>
      `| \`${f.file}\` | ${mb(statSync(join(out, f.file)).size)} | ${f.unpacked === null ? '(package)' : mb(f.unpacked)} |`,
  );
  for (const s of image?.sizes ?? [])
    rows.push(
      `| \`${image.file}\` ${s.platform.os}/${s.platform.architecture} | ${mb(s.compressed)} | ${mb(s.unpacked)} |`,
    );
  writeFileSync(
    notesFile,
    [
      changelogSection(V),
      '',
      '### Files',
      '',
      '| file | size | unpacked |',
      '|---|---|---|',
      ...rows,
      '',
      `Verify a download with \`sha256sum -c ${sums} --ignore-missing\`, and the checksums with \`ssh-keygen -Y verify -f allowed_signers -I release@ops-cli -n file -s ${sig} < ${sums}\` (docs/releasing.md).`,
      '',
    ].join('\n'),
  );
  return sums;
}

/** `version.json`: the version, the release commit's date and the release page's address. */
export function versionJson(facts, date) {
  const url = `${facts.homepage}/releases/tag/v${facts.version}`;
  return `${JSON.stringify({ version: facts.version, date, url }, null, 2)}\n`;
}

/** The CHANGELOG's section for `version` (`## [0.2.0] …`), which a release must have. */
export function changelogSection(version, text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')) {
  const m = new RegExp(
    `^## \\[${version.replaceAll('.', '\\.')}\\][^\\n]*\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`,
    'm',
  ).exec(text);
  if (!m)
    throw new Error(`CHANGELOG.md has no section "## [${version}]": the release notes are that section`);
  return `## ops ${version}\n\n${m[1].trim()}`;
}
