import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** `ops api` in gh's dialect: -f a string, -F typed, nested keys and arrays. */
const sb = await useSandbox({ services: ['hosts', 'tasks', 'runs'] });
const ops = (args: string[], input?: string) =>
  runCli(args, { env: sb.env, ...(input === undefined ? {} : { input }) });
const LISTS = '/tasks/v1/users/@me/lists';

describe('ops api -f and -F', () => {
  it('-f sends a string whatever it looks like; -F a number', async () => {
    const raw = await ops(['api', 'tasks', 'POST', LISTS, '-f', 'title=123', '--jq', '.title | type']);
    expect([raw.code, raw.stdout]).toEqual([0, 'string\n']);
  });

  it('-F types values, reads @file and @- (stdin); nested keys and arrays build the JSON body', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ops-api-')), 'notes.txt');
    writeFileSync(file, 'from a file');
    const r = await ops(
      [
        'api',
        'tasks',
        'POST',
        LISTS,
        '--dry-run',
        '-f',
        'a=1',
        '-F',
        'b=1',
        '-F',
        'c=true',
        '-F',
        'd=null',
        '-F',
        'n[x]=2.5',
        '-F',
        'n[y][z]=deep',
        '-F',
        'arr[]=1',
        '-F',
        'arr[]=2',
        '-F',
        `f=@${file}`,
        '-F',
        's=@-',
        '-F',
        'j:=[1,"x"]',
      ],
      'from stdin',
    );
    expect(r.code).toBe(0);
    const body = /--data-binary '(.*)'$/.exec(r.stdout.trim())?.[1];
    expect(JSON.parse(body!)).toEqual({
      a: '1',
      b: 1,
      c: true,
      d: null,
      n: { x: 2.5, y: { z: 'deep' } },
      arr: [1, 2],
      f: 'from a file',
      s: 'from stdin',
      j: [1, 'x'],
    });
  });

  it('for a GET they are query parameters, a nested key keeping its brackets and a[] repeated', async () => {
    const r = await ops([
      'api',
      'hosts',
      'GET',
      '/api/v1/hosts',
      '-f',
      'count=1',
      '-f',
      'x[]=1',
      '-f',
      'x[]=2',
      '-f',
      'm[k]=v',
      '--debug',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^> GET \S+\/api\/v1\/hosts\?count=1&x%5B%5D=1&x%5B%5D=2&m%5Bk%5D=v$/m);
  });

  it('a key given two shapes, a missing = and a bad JSON value are exit 2 before any request', async () => {
    const cases: Array<[string[], string]> = [
      [['-f', 'a=1', '-f', 'a[b]=2'], 'ops: -f/-F a[b]: "a" is already given another shape'],
      [['-F', 'novalue'], 'ops: invalid -F'],
      [['-F', 'j:=[1'], 'ops: -F j:= is not valid JSON: unexpected end of the text at column 3'],
    ];
    for (const [args, message] of cases) {
      const r = await ops(['api', 'tasks', 'POST', LISTS, ...args]);
      expect([args, r.code, r.stderr.split('\n')[0]!.startsWith(message)]).toEqual([args, 2, true]);
    }
    expect((await sb.counters()).requests.tasks ?? {}).toEqual({});
  });
});

describe('ops api placeholders', () => {
  it("{owner} and {repo} are the runs commands' repository (here OPS_RUNS_REPO)", async () => {
    const r = await ops([
      'api',
      'runs',
      'GET',
      '/repos/{owner}/{repo}/actions/runs',
      '-f',
      'per_page=1',
      '--jq',
      '.total_count > 0',
    ]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'true\n', '']);
  });

  it('without a repository anywhere they are exit 2 before any request', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ops-no-git-'));
    const r = await runCli(['api', 'runs', 'GET', '/repos/{owner}/{repo}/actions/runs'], {
      env: { ...sb.env, OPS_RUNS_REPO: '' },
      cwd,
    });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, 'ops: runs: no repository given']);
    expect((await sb.counters()).requests.runs ?? {}).toEqual({});
  });
});
