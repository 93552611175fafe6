import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script without types
import { leftOut } from '../../scripts/release/image.mjs';
// @ts-expect-error: a build script without types
import { layer, layout, tar } from '../../scripts/release/oci.mjs';

// The image layout written by hand (scripts/release/oci.mjs), read back by GNU tar and by the rules of
// the OCI image spec; the real image is run under chroot by scripts/release/check.sh.
const epoch = 1_764_000_000;
const long = `usr/share/${'deep/'.repeat(25)}file`;
const entries = [
  { path: 'usr/bin/ops', type: 'file', mode: 0o755, data: Buffer.from('#!binary') },
  { path: 'usr', type: 'dir', mode: 0o755 },
  { path: 'usr/bin', type: 'dir', mode: 0o755 },
  { path: 'tmp', type: 'dir', mode: 0o1777 },
  { path: 'home/ops', type: 'dir', mode: 0o755, uid: 65532, gid: 65532 },
  { path: 'home', type: 'dir', mode: 0o755 },
  { path: 'bin', type: 'symlink', mode: 0o777, target: 'usr/bin' },
  { path: long, type: 'file', mode: 0o644, data: Buffer.alloc(513, 7) },
];
const sha = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;

describe('the tar writer', () => {
  it('writes what GNU tar lists: sorted, owners, modes (sticky /tmp), links, dates, long paths', () => {
    const listing = execFileSync('tar', ['-tv', '--numeric-owner', '--full-time'], {
      input: tar(entries, epoch),
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    })
      .trim()
      .split('\n')
      .map((l) => l.split(/ +/));
    expect(listing.map((l) => l[5])).toEqual([
      'bin',
      'home/',
      'home/ops/',
      'tmp/',
      'usr/',
      'usr/bin/',
      'usr/bin/ops',
      long,
    ]);
    const by = Object.fromEntries(listing.map((l) => [l[5], l]));
    expect(by['tmp/']?.[0]).toBe('drwxrwxrwt');
    expect(by['home/ops/']?.[1]).toBe('65532/65532');
    expect(by['usr/bin/ops']?.slice(0, 3)).toEqual(['-rwxr-xr-x', '0/0', '8']);
    expect(by.bin?.slice(5)).toEqual(['bin', '->', 'usr/bin']);
    expect(`${by['usr/bin/ops']?.[3]} ${by['usr/bin/ops']?.[4]}`).toBe(
      new Date(epoch * 1000).toISOString().replace('T', ' ').slice(0, 19),
    );
  });

  it('unpacks to the same bytes, and a second write is the same tar', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-oci-'));
    execFileSync('tar', ['-x', '-C', dir], { input: tar(entries, epoch) });
    expect(readFileSync(join(dir, long))).toEqual(Buffer.alloc(513, 7));
    expect(readlinkSync(join(dir, 'bin'))).toBe('usr/bin');
    expect(lstatSync(join(dir, 'tmp')).mode & 0o7777).toBe(0o1777);
    expect(tar(entries, epoch)).toEqual(tar([...entries].reverse(), epoch));
  });

  it('refuses a path no ustar header can hold', () => {
    const name = 'x'.repeat(101);
    expect(() => tar([{ path: name, type: 'file', mode: 0o644, data: Buffer.alloc(0) }], epoch)).toThrow(
      `tar: path too long for ustar: ${name}`,
    );
  });
});

describe('the image layout', () => {
  it('is an index.json naming one tagged image index of every platform, each blob named by its SHA-256', async () => {
    const l1 = await layer(entries, epoch);
    expect(l1.diffId).toBe(sha(zstdDecompressSync(l1.blob)));
    expect(l1.digest).toBe(sha(l1.blob));
    const images = ['amd64', 'arm64'].map((architecture) => ({
      platform: { architecture, os: 'linux' },
      layers: [l1],
      config: { architecture, os: 'linux', config: { Entrypoint: ['ops'] } },
    }));
    const labels = { 'org.opencontainers.image.version': '9.8.7' };
    const made = layout(images, { ref: '9.8.7', annotations: labels, mtime: epoch });
    const dir = mkdtempSync(join(tmpdir(), 'ops-oci-'));
    writeFileSync(join(dir, 'image.tar'), made.tar);
    mkdirSync(join(dir, 'x'));
    execFileSync('tar', ['-xf', join(dir, 'image.tar'), '-C', join(dir, 'x')]);
    const read = (p: string) => readFileSync(join(dir, 'x', p));
    const blob = (digest: string) => {
      const b = read(`blobs/sha256/${digest.slice(7)}`);
      expect(sha(b)).toBe(digest);
      return b;
    };
    expect(JSON.parse(read('oci-layout').toString())).toEqual({ imageLayoutVersion: '1.0.0' });
    const top = JSON.parse(read('index.json').toString());
    expect(top.manifests).toHaveLength(1);
    expect(top.manifests[0].annotations).toEqual({ 'org.opencontainers.image.ref.name': '9.8.7' });
    const index = JSON.parse(blob(top.manifests[0].digest).toString());
    expect(index.mediaType).toBe('application/vnd.oci.image.index.v1+json');
    expect(index.annotations).toEqual(labels);
    expect(index.manifests.map((m: { platform: object }) => m.platform)).toEqual(
      images.map((i) => i.platform),
    );
    for (const m of index.manifests) {
      const manifest = JSON.parse(blob(m.digest).toString());
      const config = JSON.parse(blob(manifest.config.digest).toString());
      expect(config.rootfs).toEqual({ type: 'layers', diff_ids: [l1.diffId] });
      expect(config.architecture).toBe(m.platform.architecture);
      expect(manifest.layers).toEqual([
        { mediaType: 'application/vnd.oci.image.layer.v1.tar+zstd', digest: l1.digest, size: l1.blob.length },
      ]);
      expect(blob(manifest.layers[0].digest)).toEqual(l1.blob);
    }
    expect(made.sizes.map((s: { compressed: number }) => s.compressed)).toEqual([
      l1.blob.length,
      l1.blob.length,
    ]);
    expect(layout(images, { ref: '9.8.7', annotations: labels, mtime: epoch }).tar).toEqual(made.tar);
  });
});

describe("what the image leaves out of Debian's packages", () => {
  it.each([
    ['usr/share/doc/libc6/copyright', false],
    ['usr/share/doc/libc6/changelog.Debian.gz', true],
    ['usr/share/man/man8/ld.so.8.gz', true],
    ['usr/lib/x86_64-linux-gnu/gconv/UTF-16.so', true],
    ['usr/lib/x86_64-linux-gnu/libstdc++.so.6', false],
    ['usr/share/ca-certificates/mozilla/ISRG_Root_X1.crt', false],
  ])('%s: left out %s', (path, out) => {
    expect(leftOut(path)).toBe(out);
  });
});
