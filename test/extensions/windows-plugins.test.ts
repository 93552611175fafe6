import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPlugin, findPlugins } from '../../src/extensions/plugins.js';

/**
 * On Windows a plugin is `ops-NAME` with one of PATHEXT's extensions, found through `Path`, split at
 * `;`, in any case. This machine runs no Windows: the platform is said to be win32 for the lookup,
 * which reads only names and file kinds (running a `.cmd` through cmd.exe is left to a Windows run).
 */
describe('plugins on Windows (PATHEXT)', () => {
  const platform = process.platform;
  beforeEach(() => Object.defineProperty(process, 'platform', { value: 'win32' }));
  afterEach(() => Object.defineProperty(process, 'platform', { value: platform }));

  it('finds ops-NAME.exe and .cmd by PATHEXT, names them without it, and lists the rest as not runnable', () => {
    const a = mkdtempSync(join(tmpdir(), 'ops-win-a-'));
    const b = mkdtempSync(join(tmpdir(), 'ops-win-b-'));
    for (const f of ['ops-foo.cmd', 'ops-Bar.EXE', 'ops-notes.txt']) writeFileSync(join(a, f), '');
    writeFileSync(join(b, 'ops-foo.exe'), '');
    const env = { Path: `${a};${b}`, PATHEXT: '.COM;.EXE;.BAT;.CMD' };
    expect(findPlugins(env)).toEqual([
      { name: 'bar', path: join(a, 'ops-Bar.EXE'), executable: true },
      { name: 'foo', path: join(a, 'ops-foo.cmd'), executable: true },
      { name: 'notes.txt', path: join(a, 'ops-notes.txt'), executable: false },
      { name: 'foo', path: join(b, 'ops-foo.exe'), executable: true },
    ]);
    // The first folder of Path wins; within one, PATHEXT's order.
    expect(findPlugin('foo', env)).toBe(join(a, 'ops-foo.cmd'));
    expect(findPlugin('foo', { ...env, Path: `${b};${a}` })).toBe(join(b, 'ops-foo.exe'));
    expect(findPlugin('notes', env)).toBeUndefined();
  });
});
