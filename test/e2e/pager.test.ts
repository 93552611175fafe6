import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { SEED } from '../../src/sandbox/runs/seed.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

/**
 * The pager, on a real terminal (`script` gives the built CLI a pseudo-terminal of a set size), against
 * the sandbox: test pagers record what they were given (or leave at once, as a reader pressing q).
 */
const HOSTS = 10_000;
const PAGE = 1000;
const sb = await useSandbox({
  services: ['hosts', 'cloud', 'runs'],
  settings: { 'hosts.count': String(HOSTS), 'hosts.rate_limit': '100000000' },
});
const LESS = spawnSync('sh', ['-c', 'command -v less'], { encoding: 'utf8' }).stdout.trim();
const TERMINAL = { timeout: 60_000 };

/** A folder with a pager that records its input, its LESS and its pid, and one that leaves at once. */
function pagers() {
  const dir = mkdtempSync(join(tmpdir(), 'ops-pager-'));
  const record = join(dir, 'record.sh');
  writeFileSync(
    record,
    `#!/bin/sh\necho $$ > '${dir}/pid'\necho "LESS=$LESS" > '${dir}/less'\ncat > '${dir}/got'\n`,
  );
  const quit = join(dir, 'quit.sh');
  writeFileSync(quit, `#!/bin/sh\necho $$ > '${dir}/pid'\nexit 0\n`);
  chmodSync(record, 0o755);
  chmodSync(quit, 0o755);
  return {
    record,
    quit,
    started: () => existsSync(join(dir, 'pid')),
    got: () => readFileSync(join(dir, 'got'), 'utf8'),
    less: () => readFileSync(join(dir, 'less'), 'utf8').trim(),
    pid: () => Number(readFileSync(join(dir, 'pid'), 'utf8')),
  };
}

const env = (more: Record<string, string> = {}) => ({
  ...sb.env,
  HOME: tmpdir(),
  OPS_CONFIG_DIR: tempConfigDir(),
  COLUMNS: '100',
  ...more,
});

/** Runs ops on a terminal `rows` high and 100 wide; its exit code and the screen. */
async function onScreen(args: string[], more: Record<string, string>, rows = 20) {
  const t = onTerminal(args, env(more), '', { rows, columns: 100 });
  const code = await t.exit;
  return { code, screen: t.screen() };
}

/** How many hosts `hosts list --all` lists (the sandbox leaves some out of the default filter). */
const total = async () =>
  (JSON.parse((await runCli(['hosts', 'list', '--all', '--json'], { env: sb.env })).stdout) as unknown[])
    .length;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!SCRIPT)('the pager on a terminal (needs util-linux script)', TERMINAL, () => {
  it('hosts list --all goes through OPS_PAGER, with LESS=FRX, and nothing reaches the screen past it', async () => {
    const p = pagers();
    const r = await onScreen(['hosts', 'list', '--all'], { OPS_PAGER: p.record });
    expect(r.code).toBe(0);
    // Coloured as on the terminal: the pager keeps the colours (LESS=FRX).
    const lines = stripVTControlCharacters(p.got()).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME +ID +UP/);
    expect(lines).toHaveLength((await total()) + 1);
    expect(p.less()).toBe('LESS=FRX');
    expect(r.screen).not.toMatch(/api-0001/);
    // PAGER is the fallback; a LESS of the user's own is kept.
    const q = pagers();
    expect((await onScreen(['hosts', 'list', '--all'], { PAGER: q.record, LESS: 'R' })).code).toBe(0);
    expect(q.less()).toBe('LESS=R');
  });

  it('runs logs: its text through the pager when longer than the screen, on the screen when it fits', async () => {
    const p = pagers();
    const args = ['runs', 'logs', String(SEED.ciFailed)];
    expect((await onScreen(args, { OPS_PAGER: p.record }, 20)).code).toBe(0);
    expect(p.got()).toMatch(/^build\tSet up job\t/);
    expect(p.got()).toMatch(/##\[error\]Process completed with exit code 1\.\n$/);
    const q = pagers();
    const fits = await onScreen(args, { OPS_PAGER: q.record }, 100);
    expect(q.started()).toBe(false);
    expect(fits.screen).toContain('Process completed with exit code 1.');
  });

  it('a pager that leaves at once: exit 0, no trace, the list stops, nothing left running', async () => {
    const p = pagers();
    const r = await onScreen(['hosts', 'list', '--all', '-o', 'ndjson'], { OPS_PAGER: p.quit });
    expect(r.code).toBe(0);
    expect(r.screen).toBe('');
    expect(alive(p.pid())).toBe(false);
    const pages = (await sb.counters()).requests.hosts?.['GET /api/v1/hosts'] ?? 0;
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(HOSTS / PAGE);
  });

  it.skipIf(!LESS)('the default, less: q on the first screen ends ops with exit 0', async () => {
    const t = onTerminal(['hosts', 'list', '--all', '-o', 'ndjson'], env(), '', { rows: 20, columns: 100 });
    try {
      await t.waitFor(/api-0001/);
      await t.settle();
    } finally {
      // Even when the test fails, less is left no terminal to wait on.
      t.type('q');
    }
    expect(await t.exit).toBe(0);
    expect(t.screen()).not.toMatch(/EPIPE|ops:/);
    expect((await sb.counters()).requests.hosts?.['GET /api/v1/hosts']).toBeLessThan(HOSTS / PAGE);
  });

  it('output that fits the screen, an error alone, CI, --no-pager and OPS_PAGER=cat start no pager', async () => {
    const cases: Array<[string[], Record<string, string>]> = [
      [['hosts', 'list', '--limit', '5'], {}],
      [['hosts', 'list', '--all', '--base-url', 'http://127.0.0.1:1', '--retries', '0'], {}],
      [['hosts', 'list', '--limit', '40'], { CI: 'true' }],
      [['hosts', 'list', '--limit', '40', '--no-pager'], {}],
      [['--no-pager', 'hosts', 'list', '--limit', '40'], {}],
    ];
    for (const [args, more] of cases) {
      const p = pagers();
      const r = await onScreen(args, { OPS_PAGER: p.record, ...more });
      expect(p.started(), args.join(' ')).toBe(false);
      expect(r.screen, args.join(' ')).toMatch(/api-0001|ops: .*127\.0\.0\.1:1/);
    }
    const cat = await onScreen(['hosts', 'list', '--limit', '40'], {
      OPS_PAGER: 'cat',
      PAGER: pagers().record,
    });
    expect(cat.screen).toMatch(/^api-0001 /m);
  });

  it('a pager that cannot be started: one warning line, and the output printed', async () => {
    const r = await onScreen(['hosts', 'list', '--limit', '40'], { OPS_PAGER: '/nonexistent/pager -x' });
    expect(r.code).toBe(0);
    const lines = r.screen.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe(
      '! the pager "/nonexistent/pager -x" could not be started (ENOENT); output printed without it',
    );
    expect(lines[1]).toMatch(/^NAME +ID/);
    expect(lines.filter((l) => /^api-\d+ /.test(l))).toHaveLength(40);
  });

  it('a help page goes through it only when longer than the screen, the built pages too', async () => {
    // `ops help environment` (commander's path), `ops hosts list --help` (a built page, main.ts).
    for (const [args, rows, paged] of [
      [['help', 'environment'], 30, true],
      [['help', 'environment'], 100, false],
      [['hosts', 'list', '--help'], 20, true],
      [['hosts', 'list', '--help'], 60, false],
      [['hosts', '--help'], 30, false],
    ] as const) {
      const p = pagers();
      const r = await onScreen([...args], { OPS_PAGER: p.record }, rows);
      expect(r.code).toBe(0);
      expect(p.started(), `${args.join(' ')} on ${rows} rows`).toBe(paged);
      expect(paged ? p.got() : r.screen).toMatch(/^(Environment variables|Usage: ops hosts)/);
    }
  });

  it.each([
    [['--no-spinner'], {}],
    [[], { OPS_SPINNER_DISABLED: '1' }],
    // A dumb terminal moves no cursor (Emacs's shell): no spinner, and no cursor or sync escapes.
    [[], { TERM: 'dumb' }],
  ])('%j %j: the wait as plain lines, no spinner drawn', async (flags, more) => {
    const id = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04';
    const r = await onScreen(
      ['cloud', 'instance', 'start', id, '--wait', '--wait-timeout', '1', ...flags],
      more,
    );
    expect(r.code, r.screen).toBe(6);
    expect(r.screen).toMatch(/^waiting for instance .*\r?\n/);
    expect(r.screen).toContain('gave up waiting for instance');
    expect(r.screen).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\u001b\[\?2026|\u001b\[0K/);
  });

  it('hints stay with --no-spinner; -q drops them', async () => {
    expect((await onScreen(['hosts', 'list', '--limit', '2', '--no-spinner'], {})).screen).toContain(
      `2 of ${await total()} matching hosts shown`,
    );
    expect((await onScreen(['hosts', 'list', '--limit', '2', '-q'], {})).screen).not.toContain('matching');
  });

  it('COLUMNS on a terminal: the table fits it rather than the size the terminal reports', async () => {
    const r = await onScreen(['hosts', 'list', '--limit', '3', '--no-color'], { COLUMNS: '60' });
    const lines = r.screen.trimEnd().split(/\r?\n/);
    expect(lines[0]).toMatch(/^NAME +ID/);
    for (const l of lines.slice(0, 4)) expect(l.length).toBeLessThanOrEqual(60);
  });
});

describe('piped: colour, width and OPS_FORCE_TTY', () => {
  const cli = (args: string[], more: Record<string, string>) => runCli(args, { env: { ...sb.env, ...more } });
  const ESC = '\u001b[';
  const widest = (s: string) =>
    Math.max(
      ...s
        .trimEnd()
        .split('\n')
        .map((l) => l.replace(/\u001b\[\d+m/g, '').length),
    );

  it('CLICOLOR_FORCE forces colour; NO_COLOR and --no-color win over it; COLUMNS cuts only then', async () => {
    const args = ['hosts', 'list', '--limit', '3'];
    const forced = await cli(args, { CLICOLOR_FORCE: '1', COLUMNS: '60' });
    expect(forced.stdout).toContain(ESC);
    expect(widest(forced.stdout)).toBeLessThanOrEqual(60);
    expect(forced.stdout).toMatch(/\b3000000000\b/);
    // Times stay absolute: only a terminal (or OPS_FORCE_TTY) makes them relative.
    expect(forced.stdout).toMatch(/\d{4}-\d\d-\d\dT/);
    for (const more of [{ NO_COLOR: '1' }, { CLICOLOR_FORCE: '0' }] as Record<string, string>[]) {
      const r = await cli(args, { CLICOLOR_FORCE: '1', COLUMNS: '60', ...more });
      expect(r.stdout, JSON.stringify(more)).not.toContain(ESC);
      expect(widest(r.stdout)).toBeGreaterThan(60);
    }
    expect((await cli([...args, '--no-color'], { CLICOLOR_FORCE: '1' })).stdout).not.toContain(ESC);
    expect(widest((await cli(args, { COLUMNS: '60' })).stdout)).toBeGreaterThan(60);
  });

  it('OPS_SPINNER_DISABLED takes true or false words: another is exit 2 naming it, before any request', async () => {
    const r = await cli(['hosts', 'totals'], { OPS_SPINNER_DISABLED: 'maybe' });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'ops: invalid OPS_SPINNER_DISABLED "maybe"\nhint: give 1, true, yes, on or 0, false, no, off\n',
    });
    expect((await sb.counters()).requests.hosts).toBeUndefined();
    expect((await cli(['hosts', 'totals'], { OPS_SPINNER_DISABLED: 'yes' })).code).toBe(0);
  });

  it('OPS_FORCE_TTY=N renders as a terminal N wide: colour, cut, relative times; no pager', async () => {
    const p = pagers();
    const r = await cli(['hosts', 'list', '--all'], { OPS_FORCE_TTY: '70', OPS_PAGER: p.record });
    expect(r.code).toBe(0);
    expect(p.started()).toBe(false);
    expect(r.stdout).toContain(ESC);
    expect(widest(r.stdout)).toBeLessThanOrEqual(70);
    expect(r.stdout).toMatch(/ ago$|in \d+ minutes?$/m);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength((await total()) + 1);
    // Another value: COLUMNS, or 80; NO_COLOR still wins.
    const word = await cli(['hosts', 'list', '--limit', '3'], { OPS_FORCE_TTY: 'yes', NO_COLOR: '1' });
    expect(word.stdout).not.toContain(ESC);
    // stderr is no terminal: no hint (nor spinner) there, as without OPS_FORCE_TTY.
    expect(word.stderr).toBe('');
    expect(widest(word.stdout)).toBeLessThanOrEqual(80);
    expect(word.stdout).toMatch(/ ago$|in \d+ minutes?$/m);
  });
});
