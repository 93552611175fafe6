// The release's rpm packages (Fedora, RHEL, Amazon Linux, openSUSE): the system tree of the .deb
// (archive.mjs), packed with Debian's rpmbuild. Nothing is built in the spec: %install copies the tree.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { systemTree } from './archive.mjs';

const run = promisify(execFile);

/** rpm's names of the release's Debian architectures. */
export const RPM_ARCH = { amd64: 'x86_64', arm64: 'aarch64' };

/**
 * An rpm of the system tree. Its requirements are rpm's own reading of the binary (AutoReq: the
 * glibc and libstdc++ symbol versions it links), so that each distribution's package names and
 * versions need no table here. Nothing is stripped or post-processed: the binary carries its blob.
 */
export async function rpm(dir, { pkg, arch, binary, completions, manDir, docs, out, epoch }) {
  const work = join(dir, `rpm-${arch}`);
  rmSync(work, { recursive: true, force: true });
  const tree = join(work, 'tree');
  const files = systemTree(tree, { binary, completions, manDir, docs });
  const spec = [
    'Name: ops',
    // rpm orders a pre-release after its release unless its hyphen is a tilde.
    `Version: ${pkg.version.replaceAll('-', '~')}`,
    'Release: 1',
    `Summary: ${pkg.description.replace(/:.*/, '')}`,
    `License: ${pkg.license}`,
    `URL: ${pkg.homepage}`,
    `Packager: ${pkg.author}`,
    'AutoReq: yes',
    'AutoProv: no',
    '',
    '%description',
    pkg.description,
    '',
    '%install',
    `cp -a ${tree}/. %{buildroot}/`,
    '',
    '%files',
    '%defattr(-,root,root,-)',
    '%dir /usr/share/doc/ops',
    ...files.map((f) => `/${f}`),
    '',
  ].join('\n');
  writeFileSync(join(work, 'ops.spec'), spec);
  const define = (name, value) => ['--define', `${name} ${value}`];
  await run(
    'rpmbuild',
    [
      '-bb',
      '--quiet',
      '--target',
      `${RPM_ARCH[arch]}-linux`,
      ...define('_topdir', join(work, 'top')),
      ...define('_rpmdir', join(work, 'rpms')),
      ...define('_build_name_fmt', 'ops.rpm'),
      // xz -6, as the .deb and the tar.xz.
      ...define('_binary_payload', 'w6.xzdio'),
      ...define('__os_install_post', '%{nil}'),
      ...define('debug_package', '%{nil}'),
      ...define('_build_id_links', 'none'),
      // The same bytes from two builds of one commit: the commit's date, no host name.
      ...define('use_source_date_epoch_as_buildtime', '1'),
      ...define('clamp_mtime_to_source_date_epoch', '1'),
      ...define('_buildhost', 'reproducible'),
      join(work, 'ops.spec'),
    ],
    { env: { ...process.env, SOURCE_DATE_EPOCH: String(epoch) }, maxBuffer: 1 << 24 },
  );
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(join(work, 'rpms', 'ops.rpm'), out);
  rmSync(work, { recursive: true, force: true });
}
