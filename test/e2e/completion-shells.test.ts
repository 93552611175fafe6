import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops completion SHELL` in the real shell, on a terminal (tmux), against the sandbox: TAB after
 * `ops cloud instance get` offers the sandbox's instances, with their states where the shell shows
 * descriptions (zsh and fish; bash shows the words alone, as bash can). A shell that is not installed
 * is skipped, and said so. PowerShell is not in Debian: its script is checked in
 * test/commands/completion.test.ts.
 */

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const TMUX = has('tmux');
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const TIMEOUT = { timeout: 60_000 };

const sb = await useSandbox();
const home = mkdtempSync(join(tmpdir(), 'ops-test-shells-'));
// `ops` on PATH, as an installed one is: the built CLI under the Node that runs the tests.
const bin = join(home, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'ops'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
chmodSync(join(bin, 'ops'), 0o755);
const socket = `ops-test-${process.pid}`;
afterAll(() => {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
});

const q = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The environment every shell starts with: the sandbox's settings, a config and a cache of its own. */
function exports(syntax: 'sh' | 'fish'): string {
  const env: Record<string, string> = {
    ...sb.env,
    PATH: `${bin}:${process.env.PATH}`,
    HOME: home,
    OPS_CONFIG_DIR: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
  };
  return Object.entries(env)
    .map(([k, v]) => (syntax === 'fish' ? `set -gx ${k} ${q(v)}` : `export ${k}=${q(v)}`))
    .join('\n');
}

async function script(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.code).toBe(0);
  return r.stdout;
}

/** One shell on a tmux terminal: keys in, the screen out. */
class Pane {
  constructor(private readonly name: string) {}

  static start(name: string, command: string): Pane {
    const r = spawnSync('tmux', [
      '-L',
      socket,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      '150',
      '-y',
      '40',
      command,
    ]);
    expect(r.status).toBe(0);
    return new Pane(name);
  }

  keys(...keys: string[]): void {
    spawnSync('tmux', ['-L', socket, 'send-keys', '-t', this.name, ...keys]);
  }

  screen(): string {
    return spawnSync('tmux', ['-L', socket, 'capture-pane', '-p', '-t', this.name], { encoding: 'utf8' })
      .stdout;
  }

  async waitFor(pattern: RegExp, ms = 20_000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const s = this.screen();
      if (pattern.test(s)) return s;
      if (Date.now() > end) throw new Error(`screen never matched ${pattern}:\n${s}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * A fresh line: what was typed is cleared, and so is the screen. Keys typed while a completion still
   * runs (a busy machine) can be read before it ends: cleared again until the prompt stands alone.
   */
  async clear(): Promise<void> {
    for (let i = 0; ; i++) {
      this.keys('C-c');
      this.keys('C-l');
      try {
        await this.waitFor(/^\$ ?$/m, 3000);
        return;
      } catch (err) {
        if (i >= 5) throw err;
      }
    }
  }
}

/** What each shell is checked for: a unique name completed in place, and the list with descriptions. */
async function checkShell(pane: Pane, o: { descriptions: boolean; listKeys: string[] }) {
  await pane.waitFor(/^\$ ?$/m);
  pane.keys('-l', 'ops cloud instance get db');
  pane.keys('Tab');
  await pane.waitFor(/ops cloud instance get db-01 ?$/m);
  await pane.clear();
  pane.keys('-l', 'ops cloud instance get w');
  pane.keys(...o.listKeys);
  const listed = await pane.waitFor(/^(?=[\s\S]*web-01)(?=[\s\S]*web-02)(?=[\s\S]*win-01)/);
  if (o.descriptions) expect(listed).toMatch(/web-01\W+.*RUNNING/);
  else expect(listed).not.toMatch(/RUNNING/);
  await pane.clear();
  // Fixed values of a flag, and a flag begun.
  pane.keys('-l', 'ops hosts list --sort-dir d');
  pane.keys('Tab');
  await pane.waitFor(/ops hosts list --sort-dir desc ?$/m);
  await pane.clear();
  pane.keys('-l', 'ops hosts list --sort-fi');
  pane.keys('Tab');
  await pane.waitFor(/ops hosts list --sort-field ?$/m);
  await pane.clear();
  // Subcommands.
  pane.keys('-l', 'ops cloud inst');
  pane.keys('Tab');
  await pane.waitFor(/ops cloud instance/);
  await pane.clear();
  // A KV folder: completed with no space after it, so that TAB goes on into it.
  pane.keys('-l', 'ops secrets kv get secret/a');
  pane.keys('Tab');
  await pane.waitFor(/ops secrets kv get secret\/app\/$/m);
}

describe.skipIf(!TMUX)('completion in a real shell on a terminal (tmux)', () => {
  it.skipIf(!has('bash'))('bash: ids and names from the sandbox, the words alone', TIMEOUT, async () => {
    const file = join(home, 'ops.bash');
    writeFileSync(file, await script('bash'));
    const rc = join(home, 'bashrc');
    writeFileSync(rc, `${exports('sh')}\nPS1='$ '\nsource ${q(file)}\n`);
    const pane = Pane.start('bash', `bash --noprofile --rcfile ${q(rc)} -i`);
    await checkShell(pane, { descriptions: false, listKeys: ['Tab', 'Tab'] });
  });

  it.skipIf(!has('zsh'))('zsh (native, from $fpath): ids and names with their states', TIMEOUT, async () => {
    const dir = join(home, 'zdot');
    mkdirSync(join(dir, 'functions'), { recursive: true });
    writeFileSync(join(dir, 'functions', '_ops'), await script('zsh'));
    writeFileSync(
      join(dir, '.zshrc'),
      `${exports('sh')}\nPS1='$ '\nfpath=(${q(join(dir, 'functions'))} $fpath)\nautoload -U compinit && compinit -u -D\n`,
    );
    const pane = Pane.start('zsh', `env ZDOTDIR=${q(dir)} zsh -i`);
    await checkShell(pane, { descriptions: true, listKeys: ['Tab'] });
  });

  it.skipIf(!has('fish'))('fish: ids and names with their states', TIMEOUT, async () => {
    const file = join(home, 'ops.fish');
    writeFileSync(file, await script('fish'));
    const rc = join(home, 'config.fish');
    writeFileSync(
      rc,
      `${exports('fish')}\nset -g fish_greeting\nfunction fish_prompt; echo -n '$ '; end\nsource ${q(file)}\n`,
    );
    const pane = Pane.start('fish', `fish --no-config -C ${q(`source ${rc}`)}`);
    await checkShell(pane, { descriptions: true, listKeys: ['Tab'] });
  });
});

if (!TMUX) console.warn('completion-shells: tmux is not installed, the shells are not tried');
for (const shell of ['bash', 'zsh', 'fish'])
  if (!has(shell)) console.warn(`completion-shells: ${shell} is not installed, its completion is not tried`);
