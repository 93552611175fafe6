import { chmodSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module object the code reads through process.getBuiltinModule (an ES namespace cannot be spied on).
const fs = process.getBuiltinModule('node:fs');
import { findPlugins } from '../../src/extensions/plugins.js';

/**
 * PATH folders are read once and kept in the cache folder: `ops --help` (which lists plugins) pays a
 * stat per folder instead of reading /usr/bin's thousand names; any change to a folder is seen.
 */
describe('the PATH listing cache of plugins', () => {
  afterEach(() => vi.restoreAllMocks());

  const past = (dir: string) => utimesSync(dir, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

  function setUp() {
    const home = mkdtempSync(join(tmpdir(), 'ops-plc-home-'));
    const a = mkdtempSync(join(tmpdir(), 'ops-plc-a-'));
    const b = mkdtempSync(join(tmpdir(), 'ops-plc-b-'));
    writeFileSync(join(a, 'ops-foo'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(a, 'other'), '', { mode: 0o755 });
    past(a);
    past(b);
    return { env: { HOME: home, PATH: `${a}:${b}` }, home, a, b };
  }

  it('reads each folder once, then answers from the cache (0600) while no folder changed', () => {
    const { env, home, a } = setUp();
    const reads = vi.spyOn(fs, 'readdirSync');
    const first = findPlugins(env);
    expect(first).toEqual([{ name: 'foo', path: join(a, 'ops-foo'), executable: true }]);
    expect(reads).toHaveBeenCalledTimes(2);
    const file = join(home, '.cache', 'ops', 'path-listing.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))[a].f).toEqual(['ops-foo']);
    reads.mockClear();
    expect(findPlugins(env)).toEqual(first);
    expect(reads).not.toHaveBeenCalled();
  });

  it('sees a plugin added to a folder, and one taken away', () => {
    const { env, a, b } = setUp();
    findPlugins(env);
    writeFileSync(join(b, 'ops-bar'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findPlugins(env).map((p) => p.name)).toEqual(['foo', 'bar']);
    fs.rmSync(join(a, 'ops-foo'));
    expect(findPlugins(env).map((p) => p.name)).toEqual(['bar']);
  });

  it('sees a file made executable, which changes no folder', () => {
    const { env, a } = setUp();
    writeFileSync(join(a, 'ops-later'), '#!/bin/sh\n', { mode: 0o644 });
    past(a);
    expect(findPlugins(env).find((p) => p.name === 'later')?.executable).toBe(false);
    chmodSync(join(a, 'ops-later'), 0o755);
    expect(findPlugins(env).find((p) => p.name === 'later')?.executable).toBe(true);
  });

  it('does not trust a listing taken within two seconds of the folder changing (a coarse clock)', () => {
    const { env, a } = setUp();
    utimesSync(a, new Date(), new Date());
    findPlugins(env);
    const reads = vi.spyOn(fs, 'readdirSync');
    findPlugins(env);
    expect(reads).toHaveBeenCalledWith(a);
  });

  it('reads every folder, writing nothing, without a home or cache folder; a broken cache is read past', () => {
    const { env, home, a } = setUp();
    expect(findPlugins({ PATH: env.PATH })).toHaveLength(1);
    fs.mkdirSync(join(home, '.cache', 'ops'), { recursive: true });
    writeFileSync(join(home, '.cache', 'ops', 'path-listing.json'), '{not json');
    expect(findPlugins(env)).toEqual([{ name: 'foo', path: join(a, 'ops-foo'), executable: true }]);
  });
});
