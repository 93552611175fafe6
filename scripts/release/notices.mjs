// What a release carries, from the lockfile: THIRD_PARTY_NOTICES (each bundled package's license,
// named by the lockfile and quoted from the package's own license file) and a CycloneDX SBOM. A
// package without a license fails the release.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

/** The license text a package folder holds, or undefined. */
function licenseText(dir) {
  const file = existsSync(dir) ? readdirSync(dir).find((f) => LICENSE_FILE.test(f)) : undefined;
  return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
}

/**
 * The components of a release: each package the bundles carry (dist/packages.json, paths of the
 * lockfile), and the `extra` ones of a binary (its Node runtime, the keyring's native module).
 * Each is { name, version, license, integrity, text, purl }.
 */
export function components(root, packagesFile, extra = []) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const paths = JSON.parse(readFileSync(packagesFile, 'utf8'));
  const bundled = paths.map((path) => {
    const entry = lock.packages[path];
    if (!entry) throw new Error(`${path} is bundled but not in package-lock.json`);
    const name = path.replace(/^.*node_modules\//, '');
    return {
      name,
      version: entry.version,
      license: entry.license,
      integrity: entry.integrity,
      dir: join(root, path),
    };
  });
  const all = [...bundled, ...extra].map((c) => ({
    ...c,
    text: c.text ?? licenseText(c.dir),
    purl: c.purl ?? `pkg:npm/${c.name.replace('@', '%40')}@${c.version}`,
  }));
  const unlicensed = all.filter((c) => !c.license || !c.text);
  if (unlicensed.length)
    throw new Error(
      `no license for ${unlicensed.map((c) => `${c.name}@${c.version} (${c.license ? 'no license file' : 'no license in the lockfile'})`).join(', ')}: a release carries only licensed code`,
    );
  // One entry per name and version (a package may be nested twice at one version).
  const seen = new Set();
  return all
    .filter((c) => !seen.has(`${c.name}@${c.version}`) && seen.add(`${c.name}@${c.version}`))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function noticesText(pkg, list) {
  const rule = '-'.repeat(78);
  return [
    `${pkg.name} ${pkg.version} carries the following third-party software. Each is listed with its`,
    'version and license, followed by the license text as the package ships it.',
    '',
    ...list.map((c) => `- ${c.name} ${c.version} (${c.license})`),
    '',
    ...list.flatMap((c) => [rule, `${c.name} ${c.version} (${c.license})`, rule, '', c.text, '']),
  ].join('\n');
}

/** A CycloneDX 1.5 SBOM of the release: the CLI, and what each file of it carries. */
export function sbom(pkg, list, date) {
  const hex = (integrity) =>
    integrity?.startsWith('sha512-') ? Buffer.from(integrity.slice(7), 'base64').toString('hex') : undefined;
  const ref = (c) => c.purl;
  const digest = createHash('sha256')
    .update(JSON.stringify([pkg.version, list.map(ref)]))
    .digest('hex');
  // A serial number from the contents, so that two builds of one commit make the same SBOM.
  const uuid = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${uuid}`,
    version: 1,
    metadata: {
      timestamp: `${date}T00:00:00Z`,
      tools: {
        components: [{ type: 'application', name: 'ops release (scripts/release)', version: pkg.version }],
      },
      component: {
        type: 'application',
        'bom-ref': `pkg:npm/${pkg.name}@${pkg.version}`,
        name: pkg.name,
        version: pkg.version,
        purl: `pkg:npm/${pkg.name}@${pkg.version}`,
        licenses: [{ license: { id: pkg.license } }],
      },
    },
    components: list.map((c) => ({
      type: c.type ?? 'library',
      'bom-ref': ref(c),
      name: c.name,
      version: c.version,
      purl: c.purl,
      licenses: [{ expression: c.license }],
      ...(hex(c.integrity) ? { hashes: [{ alg: 'SHA-512', content: hex(c.integrity) }] } : {}),
      ...(c.carriedBy ? { properties: c.carriedBy.map((f) => ({ name: 'ops:carried-by', value: f })) } : {}),
    })),
    dependencies: [{ ref: `pkg:npm/${pkg.name}@${pkg.version}`, dependsOn: list.map(ref) }],
  };
}
