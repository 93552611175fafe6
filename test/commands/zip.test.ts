import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractZip, readZip, safeEntryPath } from '../../src/commands/shared/zip.js';
import { NetworkError, UsageError } from '../../src/errors.js';

const archive = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
const tmp = () => mkdtempSync(join(tmpdir(), 'ops-zip-'));

describe('zip archives', () => {
  it('reads every file in archive order, leaving folders out', async () => {
    const entries = await readZip(
      archive({ 'build/1_setup.txt': 'a\n', 'build/': '', 'test/2_run.txt': 'b' }),
      'the run logs',
      'runs',
    );
    expect(entries.map((e) => [e.name, Buffer.from(e.data).toString()])).toEqual([
      ['build/1_setup.txt', 'a\n'],
      ['test/2_run.txt', 'b'],
    ]);
  });

  it('extracts under the folder, creating subfolders', async () => {
    const dir = tmp();
    const written = await extractZip(
      await readZip(archive({ 'a/b/c.txt': 'deep', 'top.txt': 'top' }), 'an artifact', 'runs'),
      dir,
    );
    expect(written.map((w) => w.path)).toEqual([join(dir, 'a/b/c.txt'), join(dir, 'top.txt')]);
    expect(readFileSync(join(dir, 'a/b/c.txt'), 'utf8')).toBe('deep');
  });

  it.each(['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'C:/x.txt', '..\\win.txt', '.'])(
    'refuses the entry %j, which would leave the folder',
    (name) => {
      expect(() => safeEntryPath('/tmp/target', name)).toThrow(UsageError);
      expect(() => safeEntryPath('/tmp/target', name)).toThrow(/would be written outside \/tmp\/target/);
    },
  );

  it('writes nothing at all from an archive with one hostile entry', async () => {
    const dir = tmp();
    const entries = [
      { name: 'good.txt', data: strToU8('ok') },
      { name: '../../evil.txt', data: strToU8('x') },
    ];
    await expect(extractZip(entries, dir)).rejects.toThrow(/refusing archive entry "..\/..\/evil.txt"/);
    expect(existsSync(join(dir, 'good.txt'))).toBe(false);
  });

  it('a file that exists: refused with nothing written, unless --clobber or --skip-existing', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'top.txt'), 'mine');
    const entries = await readZip(archive({ 'new.txt': 'new', 'top.txt': 'theirs' }), 'an artifact', 'runs');
    const refused = await extractZip(entries, dir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as UsageError).message).toBe(`1 file exists, nothing written: ${join(dir, 'top.txt')}`);
    expect((refused as UsageError).hint).toContain('--clobber');
    expect(existsSync(join(dir, 'new.txt'))).toBe(false);
    expect(readFileSync(join(dir, 'top.txt'), 'utf8')).toBe('mine');
    const kept = await extractZip(entries, dir, 'skip');
    expect(kept.map((w) => w.entry.name)).toEqual(['new.txt']);
    expect(readFileSync(join(dir, 'top.txt'), 'utf8')).toBe('mine');
    const over = await extractZip(entries, dir, 'clobber');
    expect(over.map((w) => w.entry.name)).toEqual(['new.txt', 'top.txt']);
    expect(readFileSync(join(dir, 'top.txt'), 'utf8')).toBe('theirs');
  });

  it('--clobber replaces a link, never writes through it; a linked folder that leads out is refused', async () => {
    const dir = tmp();
    const outside = tmp();
    writeFileSync(join(outside, 'victim.txt'), 'safe');
    symlinkSync(join(outside, 'victim.txt'), join(dir, 'top.txt'));
    await extractZip(await readZip(archive({ 'top.txt': 'x' }), 'an artifact', 'runs'), dir, 'clobber');
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('safe');
    expect(readFileSync(join(dir, 'top.txt'), 'utf8')).toBe('x');
    mkdirSync(join(outside, 'sub'));
    symlinkSync(join(outside, 'sub'), join(dir, 'sub'));
    await expect(
      extractZip(await readZip(archive({ 'sub/evil.txt': 'x' }), 'an artifact', 'runs'), dir),
    ).rejects.toThrow(/would be written outside/);
    expect(existsSync(join(outside, 'sub', 'evil.txt'))).toBe(false);
  });

  it('an answer that is not a zip archive is one clear error: a bad answer (exit 7), not a usage error', async () => {
    const err = await readZip(strToU8('<html>nope</html>'), 'the run logs', 'runs').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toMatch(/^runs: the run logs is not a readable zip archive/);
    expect((err as NetworkError).exitCode).toBe(7);
    expect((err as NetworkError).service).toBe('runs');
  });
});
