import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

/**
 * docs/aliases-and-plugins.md, end to end through the built CLI against the sandbox: `ops alias`
 * (gh's rules), plugins (an executable ops-NAME on PATH, kubectl's rule), and that a command of ops
 * never looks for either.
 */

const sb = await useSandbox({ services: ['hosts', 'tasks'] });
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

/** A folder of executables for PATH: `ops` itself (what a shell alias calls) and plugins. */
function binFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ops-plugins-'));
  for (const [name, body] of Object.entries({ ops: `exec '${process.execPath}' '${BIN}' "$@"`, ...files })) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/** A plugin that prints its arguments, one a line, then the OPS_ context it was given, and exits 7. */
const SHOW = `for a in "$@"; do echo "arg:$a"; done
echo "profile:$OPS_PROFILE"; echo "config:$OPS_CONFIG_DIR"; echo "output:\${OPS_OUTPUT-unset}"
echo "quiet:\${OPS_QUIET-unset}"; echo "timeout:\${OPS_TIMEOUT-unset}"
exit 7`;

const bins = binFolder({ 'ops-show': SHOW, 'ops-config': 'echo plugin-config; exit 9' });

function cli(args: string[], config: string, o: { path?: string; input?: string } = {}) {
  return runCli(args, {
    env: { ...sb.env, OPS_CONFIG_DIR: config, PATH: `${o.path ?? bins}:${process.env.PATH}` },
    ...(o.input === undefined ? {} : { input: o.input }),
  });
}

describe('ops alias', () => {
  it('set, list (table and JSON), delete; kept in the config file at 0600, for every profile', async () => {
    const config = tempConfigDir();
    const set = await cli(['alias', 'set', 'hl', 'hosts list --limit $1'], config);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toBe('name       hl\nexpansion  hosts list --limit $1\n');
    expect(await cli(['alias', 'set', '--shell', 'count', 'ops hosts list | wc -l'], config)).toMatchObject({
      code: 0,
    });
    const file = join(config, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).aliases).toEqual({
      hl: 'hosts list --limit $1',
      count: '!ops hosts list | wc -l',
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(['alias', 'list'], config)).stdout).toBe(
      'NAME   EXPANSION\ncount  !ops hosts list | wc -l\nhl     hosts list --limit $1\n',
    );
    expect(JSON.parse((await cli(['-p', 'other', 'alias', 'list', '--json'], config)).stdout)).toEqual([
      { name: 'count', expansion: 'ops hosts list | wc -l', shell: true },
      { name: 'hl', expansion: 'hosts list --limit $1', shell: false },
    ]);
    // --dry-run says what it would do and changes nothing.
    const dry = await cli(['alias', 'delete', 'count', '--dry-run'], config);
    expect(dry).toMatchObject({ code: 0, stdout: '', stderr: 'dry run: would delete alias count\n' });
    const drySet = await cli(['alias', 'set', 'x', 'hosts totals', '--dry-run'], config);
    expect(drySet).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'dry run: would set alias x to hosts totals\n',
    });
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).aliases)).toEqual(['hl', 'count']);
    const deleted = await cli(['alias', 'delete', 'count', '--yes', '-o', 'json'], config);
    expect(deleted).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: true, kind: 'alias', id: 'count' });
    expect(JSON.parse((await cli(['alias', 'list', '--json'], config)).stdout)).toHaveLength(1);
    const again = await cli(['alias', 'delete', 'count', '--yes'], config);
    expect(again).toMatchObject({ code: 3, stdout: '' });
    expect(again.stderr).toBe(
      `ops: alias count not found in ${file}\nhint: ops alias list shows the aliases\n`,
    );
    expect(await cli(['alias', 'delete', 'hl'], config)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/needs confirmation/),
    });
  });

  it('runs a real verb: $1 filled, the rest appended, root flags before it kept', async () => {
    const config = tempConfigDir();
    await cli(['alias', 'set', 'hl', 'hosts list --limit $1'], config);
    const direct = await cli(['hosts', 'list', '--limit', '2', '-o', 'json'], config);
    const aliased = await cli(['hl', '2', '-o', 'json'], config);
    expect(aliased).toMatchObject({ code: 0, stderr: '' });
    const names = (out: string) => (JSON.parse(out) as Array<{ name: string }>).map((h) => h.name);
    expect(names(aliased.stdout)).toHaveLength(2);
    expect(names(aliased.stdout)).toEqual(names(direct.stdout));
    // A root flag before the alias stays where it was.
    expect(names((await cli(['-o', 'json', 'hl', '1'], config)).stdout)).toEqual(
      names(direct.stdout).slice(0, 1),
    );
    const short = await cli(['hl'], config);
    expect(short).toMatchObject({ code: 2, stdout: '' });
    expect(short.stderr).toBe(
      'ops: the alias hl takes 1 argument, got 0\nhint: its expansion: hosts list --limit $1\n',
    );
  });

  it('an alias of `help …` is that help: a topic, or a command at any depth', async () => {
    const config = tempConfigDir();
    await cli(['alias', 'set', 'env', 'help environment'], config);
    await cli(['alias', 'set', 'hh', 'help hosts list'], config);
    expect((await cli(['env'], config)).stdout).toMatch(/^Environment variables\n/);
    expect((await cli(['hh'], config)).stdout).toMatch(/^Usage: ops hosts list /);
  });

  it('an argument fills its placeholder as one word, spaces and all; an alias may name a plugin', async () => {
    const config = tempConfigDir();
    await cli(['alias', 'set', 'sh2', 'show --first "$2" then $1'], config);
    const r = await cli(['sh2', 'one', 'two words', 'three'], config);
    expect(r.code).toBe(7);
    expect(r.stdout).toMatch(/^arg:--first\narg:two words\narg:then\narg:one\narg:three\n/);
  });

  it('--shell: sh -c runs the expansion, with a pipe, its arguments in "$@", its exit code passed through', async () => {
    const config = tempConfigDir();
    await cli(['alias', 'set', '--shell', 'count', 'ops hosts list --all -o ndjson | wc -l'], config);
    const all = await cli(['hosts', 'list', '--all', '-o', 'json'], config);
    const count = await cli(['count'], config);
    expect(count).toMatchObject({ code: 0, stderr: '' });
    expect(Number(count.stdout.trim())).toBe(JSON.parse(all.stdout).length);
    expect(Number(count.stdout.trim())).toBeGreaterThan(2);
    // `!` first is gh's other way to say --shell; "-" reads the expansion from stdin.
    await cli(['alias', 'set', 'shout', '-'], config, { input: '!echo "hi $1 ($#)" | tr a-z A-Z; exit 5\n' });
    expect(await cli(['shout', 'bob', 'x'], config)).toMatchObject({ code: 5, stdout: 'HI BOB (2)\n' });
  });

  it('never shadows a command of ops, takes one plain word, and starts with a command (reasons named)', async () => {
    const config = tempConfigDir();
    const refused = async (args: string[]) => {
      const r = await cli(['alias', 'set', ...args], config);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      return r.stderr;
    };
    expect(await refused(['hosts', 'hosts list'])).toBe(
      "ops: alias \"hosts\" would shadow the service 'ops hosts'\nhint: ops's own commands always win: choose another name\n",
    );
    expect(await refused(['config', 'config list'])).toMatch(
      /^ops: alias "config" would shadow the built-in command 'ops config'\n/,
    );
    expect(await refused(['help', 'hosts list'])).toMatch(
      /^ops: alias "help" would shadow the built-in command/,
    );
    expect(await refused(['Two_Words', 'hosts list'])).toBe(
      'ops: invalid alias name "Two_Words"\nhint: give one word of a-z, 0-9 and -, not starting with -\n',
    );
    expect(await refused(['x', 'nosuch list'])).toBe(
      'ops: the expansion of alias "x" does not start with a command of ops: "nosuch"\n' +
        'hint: start it with a service or a built-in command (ops --help lists them), or give --shell to run it with sh\n',
    );
    expect(await refused(['x', 'hosts list "open'])).toMatch(/^ops: unclosed " in the alias/);
    expect(existsSync(join(config, 'config.json'))).toBe(false);
  });
});

describe('plugins', () => {
  it('ops NAME runs ops-NAME with its arguments, the OPS_ context, its exit code', async () => {
    const config = tempConfigDir();
    const r = await cli(['show', 'a', 'b c', '--json'], config);
    expect(r).toMatchObject({ code: 7, stderr: '' });
    expect(r.stdout).toBe(
      `arg:a\narg:b c\narg:--json\nprofile:default\nconfig:${config}\noutput:unset\nquiet:unset\ntimeout:unset\n`,
    );
  });

  it('root flags before the name become the variables that mirror them; the profile and its output are resolved', async () => {
    const config = tempConfigDir();
    await cli(['-p', 'staging', 'config', 'set', 'output', 'yaml'], config);
    await cli(['config', 'use', 'staging'], config);
    const r = await cli(['show', 'x'], config);
    expect(r.stdout).toContain('profile:staging\n');
    expect(r.stdout).toContain('output:yaml\n');
    const flags = await cli(['-p', 'default', '-o', 'csv', '-q', '--timeout', '9', 'show'], config);
    expect(flags.code).toBe(7);
    expect(flags.stdout).toBe(`profile:default\nconfig:${config}\noutput:csv\nquiet:1\ntimeout:9\n`);
    expect((await cli(['--json', 'show'], config)).stdout).toContain('output:json\n');
    const lost = await cli(['--dry-run', 'show'], config);
    expect(lost).toMatchObject({ code: 2, stdout: '' });
    expect(lost.stderr).toBe(
      "ops: '--dry-run' before the plugin show has no variable to pass it in\n" +
        'hint: give it after the name, where the plugin show reads its own arguments\n',
    );
    // A profile name ops itself would refuse is not passed on: the plugin does not run.
    const bad = await cli(['-p', 'x y', 'show'], config);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr.split('\n')[0]).toBe('ops: invalid profile name "x y" (-p)');
  });

  it('a plugin killed by a signal is 128+n; SIGTERM sent to ops reaches the plugin', async () => {
    const config = tempConfigDir();
    const path = binFolder({
      'ops-die': 'kill -TERM $$',
      'ops-wait': `trap 'echo caught TERM; exit 42' TERM
echo ready
while :; do sleep 0.05; done`,
    });
    expect((await cli(['die'], config, { path })).code).toBe(143);
    const child = spawn(process.execPath, [BIN, 'wait'], {
      env: { PATH: `${path}:${process.env.PATH}`, HOME: tmpdir(), OPS_CONFIG_DIR: config },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out === 'ready\n') child.kill('SIGTERM');
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A plugin left running when ops ended would hold the pipe open: never wait past 20 s for it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    expect({ code, out, err }).toEqual({ code: 42, out: 'ready\ncaught TERM\n', err: '' });
  });

  it.skipIf(!SCRIPT)(
    'Ctrl-C at a terminal: the plugin decides, ops waits and ends with its exit code',
    async () => {
      const path = binFolder({
        'ops-loop': `trap 'echo cleaned up; exit 3' INT
echo ready
while :; do sleep 0.05; done`,
      });
      // bash waits for a foreground command that handled Ctrl-C (dash, script's default, ends at once).
      const term = onTerminal(['loop'], {
        PATH: `${path}:${process.env.PATH}`,
        OPS_CONFIG_DIR: tempConfigDir(),
        SHELL: '/bin/bash',
      });
      await term.waitFor(/ready/);
      term.type('\x03');
      const code = await term.exit;
      expect({ code, screen: term.screen() }).toEqual({
        code: 3,
        screen: expect.stringMatching(/ready\r?\n(\^C)?cleaned up/),
      });
    },
  );

  it('built-ins and services always win; an unknown word with no alias or plugin is the error it was', async () => {
    const config = tempConfigDir();
    const path = binFolder({ 'ops-hosts': 'echo plugin-hosts' });
    const builtin = await cli(['config', 'path'], config, { path: `${path}:${bins}` });
    expect(builtin).toMatchObject({ code: 0, stdout: `${join(config, 'config.json')}\n` });
    const service = await cli(['hosts', 'totals', '-o', 'json'], config, { path: `${path}:${bins}` });
    expect(service.code).toBe(0);
    expect(JSON.parse(service.stdout)).toHaveProperty('total_up');
    const unknown = await cli(['lsit'], config);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^ops: unknown command 'lsit'\nhint: 'ops' has: secrets, /);
  });

  it('ops plugin list: names and paths (table and JSON); on a terminal, a warning for each that never runs', async () => {
    const config = tempConfigDir();
    const first = binFolder({ 'ops-show': 'echo first' });
    writeFileSync(join(first, 'ops-flat'), '#!/bin/sh\n', { mode: 0o644 });
    await cli(['alias', 'set', 'show', 'hosts list'], config);
    const path = `${first}:${bins}`;
    const table = await cli(['plugin', 'list'], config, { path });
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME +PATH$/);
    expect(table.stdout).toMatch(new RegExp(`^show +${first}/ops-show$`, 'm'));
    const rows = JSON.parse((await cli(['plugin', 'list', '--json'], config, { path })).stdout);
    expect(rows).toEqual([
      { name: 'flat', path: join(first, 'ops-flat'), executable: false, shadowed_by: null },
      { name: 'show', path: join(first, 'ops-show'), executable: true, shadowed_by: 'alias' },
      { name: 'config', path: join(bins, 'ops-config'), executable: true, shadowed_by: 'command' },
      { name: 'show', path: join(bins, 'ops-show'), executable: true, shadowed_by: 'alias' },
    ]);
    if (!SCRIPT) return;
    const term = onTerminal(['plugin', 'list'], {
      PATH: `${path}:${process.env.PATH}`,
      OPS_CONFIG_DIR: config,
    });
    expect(await term.exit).toBe(0);
    const screen = term.screen();
    expect(screen).toContain(
      `${bins}/ops-config never runs: the command 'ops config' has its name, and ops's own commands win`,
    );
    expect(screen).toContain(
      `${first}/ops-flat is not executable: it never runs (chmod +x to make it a plugin)`,
    );
    expect(screen).toContain(`${first}/ops-show never runs: the alias show has its name (ops alias list)`);
  });
});

describe('the root help page and the cost to every other command', () => {
  it('ops --help and ops help list the aliases and the plugins that run; without any, the built page', async () => {
    const config = tempConfigDir();
    const plain = await runCli(['--help'], { env: { OPS_CONFIG_DIR: config } });
    expect(plain.stdout).toBe(readFileSync(join(import.meta.dirname, '../../dist/help/ops.txt'), 'utf8'));
    expect(plain.stdout).not.toMatch(/Aliases:|Plugins:/);
    await cli(['alias', 'set', 'hl', 'hosts list --limit $1'], config);
    for (const args of [['--help'], ['help']]) {
      const page = (await cli(args, config)).stdout;
      expect(page).toMatch(/\nAliases:\n {2}hl +hosts list --limit \$1\n\nPlugins:\n/);
      expect(page).toMatch(new RegExp(`\n {2}show +${bins}/ops-show\n`));
      // The one a built-in shadows never runs: not listed.
      expect(page).not.toContain('ops-config');
      expect(page.indexOf('Plugins:')).toBeLessThan(page.indexOf('Help:'));
    }
    // A service's page is the built one still, aliases and plugins or not.
    expect((await cli(['hosts', '--help'], config)).stdout).toBe(
      readFileSync(join(import.meta.dirname, '../../dist/help/ops hosts.txt'), 'utf8'),
    );
  });

  it('a command of ops never reads the aliases: a broken config file leaves --version and help pages alone', async () => {
    const config = tempConfigDir();
    writeFileSync(join(config, 'config.json'), '{ not json');
    const version = await cli(['--version'], config);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    const help = await cli(['hosts', '--help'], config);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toBe(
      readFileSync(join(import.meta.dirname, '../../dist/help/ops hosts.txt'), 'utf8'),
    );
    expect((await cli(['--help'], config)).code).toBe(0);
    // An unknown word may be an alias: the broken file is named rather than taken for a typo.
    const word = await cli(['hl', '1'], config);
    expect(word.code).toBe(2);
    expect(word.stderr).toMatch(/^ops: the config file .*config\.json is not valid JSON/);
  });

  it('an alias or a plugin of a command name in a hand-edited file never runs: the command does', async () => {
    const config = tempConfigDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ aliases: { hosts: 'config path' } }));
    const path = binFolder({ 'ops-hosts': 'echo plugin; exit 9' });
    const r = await cli(['hosts', 'totals', '-o', 'json'], config, { path: `${path}:${bins}` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('total_up');
  });
});
