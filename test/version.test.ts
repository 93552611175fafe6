import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformName, VERSION, versionLine, versionRequest } from '../src/version.js';
import { runCli, runMain } from './helpers/cli.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('ops --version', () => {
  it.each([
    [['--version'], 'text'],
    [['-V'], 'text'],
    [['--version', '--json'], 'json'],
    [['--json', '--version'], 'json'],
    [['--version', '-o', 'json'], 'json'],
    [['--version', '--output=json'], 'json'],
    [['--version', '-o', 'yaml'], undefined],
    [['hosts', 'list', '--version'], undefined],
    [['secrets', 'kv', 'get', 'p', '--version', '2'], undefined],
    [['--json'], undefined],
  ])('%j asks for %s', (args, format) => {
    expect(versionRequest(args)).toBe(format);
  });

  it.each([
    [['--version', 'extra'], 'extra'],
    [['-V', 'extra'], 'extra'],
    [['--json', '--version', 'help'], 'help'],
    [['--version', '-o', 'json', 'x'], 'x'],
  ])('%j: a word after the flag is an argument it does not take (%s)', (args, extra) => {
    expect(versionRequest(args)).toEqual({ extra });
  });

  it("ops --version extra says what is wrong (it said unknown option '--version'), exit 2, in text and JSON", async () => {
    const hint = "hint: give --version alone (with -o json for the build's details)\n";
    expect(await runMain(['--version', 'extra'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `ops: --version takes no arguments (got 'extra')\n${hint}`,
    });
    const json = await runMain(['--version', 'extra', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      code: 'usage',
      message: "--version takes no arguments (got 'extra')",
    });
  });

  // Commander's own --version printed the line whatever stood beside it, a mistyped flag or -o yaml.
  it('an unknown flag beside it is exit 2 naming the flag, before or after it, in text and JSON', async () => {
    for (const args of [
      ['--version', '--bogus'],
      ['--bogus', '--version'],
      ['-V', '--bogus=secret'],
    ])
      expect([args, await runMain(args)]).toEqual([
        args,
        {
          code: 2,
          stdout: '',
          stderr: "ops: unknown option '--bogus'\nhint: run 'ops help flags' for the global flags\n",
        },
      ]);
    const json = await runMain(['--version', '--bogus', '--json']);
    expect([json.code, json.stdout]).toEqual([2, '']);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      code: 'usage',
      message: "unknown option '--bogus'",
    });
  });

  it('-o FORMAT prints the build details in that format, as -o json does; a bad one is exit 2', async () => {
    const info = { version: VERSION, commit: 'dev', date: 'unknown', platform: platformName() };
    const values = Object.values(info);
    expect(await runMain(['--version', '-o', 'yaml'])).toEqual({
      code: 0,
      stdout: `version: ${VERSION}\ncommit: dev\ndate: unknown\nplatform: ${platformName()}\n`,
      stderr: '',
    });
    expect((await runMain(['-o', 'ndjson', '--version'])).stdout).toBe(`${JSON.stringify(info)}\n`);
    expect((await runMain(['--version', '-o', 'csv'])).stdout).toBe(
      `version,commit,date,platform\n${values.join(',')}\n`,
    );
    expect((await runMain(['--version', '-o', 'tsv'])).stdout).toBe(`${values.join('\t')}\n`);
    expect((await runMain(['--version', '-o', 'table'])).stdout).toBe(`${versionLine(info)}\n`);
    expect((await runMain(['--version', '--field', 'commit'])).stdout).toBe('dev\n');
    expect((await runMain(['--version', '--jq', '.date'])).stdout).toBe('unknown\n');
    expect((await runMain(['--version', '-o', 'json', '--query', 'version'])).stdout).toBe(`"${VERSION}"\n`);
    expect(await runMain(['--version', '-o', 'xml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ops: invalid output format "xml"\nhint: use one of: table, json, yaml, ndjson, csv, tsv\n',
    });
    expect((await runMain(['--version', '--json', '-o', 'yaml'])).stderr).toBe(
      'ops: --json conflicts with -o yaml\nhint: give one of them\n',
    );
    // A known flag that shapes nothing is taken, as beside any command.
    expect((await runMain(['-p', 'x', '--version', '--no-color'])).stdout).toBe(`${versionLine(info)}\n`);
  });

  it('names each platform as the release archives do', () => {
    expect(platformName('linux', 'x64')).toBe('linux-amd64');
    expect(platformName('linux', 'arm64')).toBe('linux-arm64');
    expect(platformName('win32', 'x64')).toBe('windows-amd64');
    expect(platformName('darwin', 'arm64')).toBe('macOS-arm64');
  });

  it('one line: version, commit, date, platform', () => {
    expect(
      versionLine({ version: '0.2.0', commit: 'abc1234', date: '2026-12-01', platform: 'linux-arm64' }),
    ).toBe('ops 0.2.0 (abc1234, 2026-12-01, linux-arm64)');
  });

  it('in process (development build): the development values', async () => {
    const r = await runMain(['--version']);
    expect(r).toEqual({ code: 0, stdout: `ops ${VERSION} (dev, unknown, ${platformName()})\n`, stderr: '' });
  });

  it('the built CLI carries package.json’s version and the commit it was built from', async () => {
    const text = await runCli(['--version']);
    expect(text.stderr).toBe('');
    const m = new RegExp(
      `^ops ${pkg.version.replaceAll('.', '\\.')} \\(([0-9a-f]{7}), (\\d{4}-\\d\\d-\\d\\d), linux-amd64\\)\\n$`,
    ).exec(text.stdout);
    expect(m, text.stdout).not.toBeNull();
    // The build's commit is HEAD or one before it (a commit made after the build is newer).
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    expect(git('cat-file', '-t', m![1]!)).toBe('commit');
    expect(() => git('merge-base', '--is-ancestor', m![1]!, 'HEAD')).not.toThrow();
    // Its date is the commit's own, so that two builds of one commit are the same bytes.
    expect(m![2]).toBe(
      new Date(Number(git('log', '-1', '--format=%ct', m![1]!)) * 1000).toISOString().slice(0, 10),
    );
    // A word after it goes past the launcher's own answer to main's refusal.
    expect(await runCli(['--version', 'extra'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "ops: --version takes no arguments (got 'extra')\nhint: give --version alone (with -o json for the build's details)\n",
    });
    const json = await runCli(['--version', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual({
      version: pkg.version,
      commit: m![1],
      date: m![2],
      platform: 'linux-amd64',
    });
  });
});
