import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { completionNodes } from '../../src/commands/completion/script.js';
import { runMain } from '../helpers/cli.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';

/** What bash offers for the words typed so far (the last one being completed). */
function complete(script: string, words: string[]): string {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _ops_complete; echo "\${COMPREPLY[*]}"`,
    ],
    { encoding: 'utf8' },
  );
  return r.stdout.trim();
}

describe('ops completion', () => {
  it('bash: every command path and its flags, from the loaded tree', async () => {
    const r = await runMain(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _ops_complete ops');
    expect(r.stdout).toMatch(/'ops config'\) subs='set get unset list profiles use path' flags='' /);
    // The root's flags are declared once (and once more among those that take a value), offered after
    // every command path.
    expect(r.stdout.match(/--max-wait/g)).toHaveLength(2);
    expect(r.stdout).toContain("'ops sandbox start'");
    expect(r.stdout).toMatch(/'ops api'\) subs='' flags='--param --header --input --paginate --include/);
  });

  it('zsh wraps the bash one; fish has conditions per path', async () => {
    expect((await runMain(['completion', 'zsh'])).stdout).toMatch(/^#compdef ops\n/);
    const fish = (await runMain(['completion', 'fish'])).stdout;
    expect(fish).toContain(`complete -c ops -n 'test "(__ops_path)" = "ops sandbox"' -a 'start'`);
    expect(fish).toContain('-l paginate');
  });

  it('bash script is valid bash', async () => {
    const script = (await runMain(['completion', 'bash'])).stdout;
    const r = spawnSync(
      'bash',
      ['-c', `${script}\nCOMP_WORDS=(ops config s); COMP_CWORD=2; _ops_complete; echo "\${COMPREPLY[*]}"`],
      { encoding: 'utf8' },
    );
    expect(r.stdout.trim()).toBe('set');
    const globals = spawnSync(
      'bash',
      [
        '-c',
        `${script}\nCOMP_WORDS=(ops hosts list --pro); COMP_CWORD=3; _ops_complete; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(globals.stdout.trim()).toBe('--profile');
  });

  it('fish declares the global flags once, not once per command path', async () => {
    const fish = (await runMain(['completion', 'fish'])).stdout;
    expect(fish.match(/-l max-wait/g)).toHaveLength(1);
    expect(fish).toContain('complete -c ops -l max-wait -d');
    // Its size follows the commands' own flags, not 19 global flags again for every path (that was
    // 2.6 KB a path before).
    const paths = ((await runMain(['completion', 'bash'])).stdout.match(/^ {4}'ops[^']*'\) subs=/gm) ?? [])
      .length;
    expect(paths).toBeGreaterThan(100);
    expect(fish.length / paths).toBeLessThan(1200);
  });

  it('bash offers the values of a flag that takes one of a fixed set, at its own path', async () => {
    const script = (await runMain(['completion', 'bash'])).stdout;
    expect(complete(script, ['ops', 'hosts', 'list', '--sort-field', 'c'])).toBe('cpu');
    expect(complete(script, ['ops', 'hosts', 'list', '--sort-field', ''])).toBe(
      'name host_name id status up apps cpu iowait load last_reported_time',
    );
    expect(complete(script, ['ops', 'hosts', 'list', '--sort-dir', ''])).toBe('asc desc');
    expect(complete(script, ['ops', 'cloud', 'instance', 'launch', '--storage', ''])).toBe('LOCAL CENTRAL');
    expect(complete(script, ['ops', 'runs', 'cache', 'list', '--sort', ''])).toBe('created last-used size');
    // commander's own .choices() count too.
    expect(complete(script, ['ops', 'meter', 'send', '--format', ''])).toBe('ndjson csv');
    // The root's -o/--output, after any command path and before any.
    expect(complete(script, ['ops', 'hosts', 'list', '-o', ''])).toBe('table json yaml ndjson csv');
    expect(complete(script, ['ops', 'secrets', 'kv', 'get', '--output', 'y'])).toBe('yaml');
    expect(complete(script, ['ops', '-o', 'n'])).toBe('ndjson');
    expect(complete(script, ['ops', 'sandbox', 'start', '--services', 'ho'])).toBe('hosts');
    // Another path's --type is not offered here; a flag that takes free text falls back to the words.
    expect(complete(script, ['ops', 'cloud', 'asg', 'list', '--type', ''])).toBe(
      'MANUAL SCHEDULED CPU_BASED',
    );
    expect(complete(script, ['ops', 'cloud', 'instance', 'credentials', 'get', '--type', ''])).toBe(
      'OPERATING_SYSTEM CONTROL_PANEL',
    );
    expect(complete(script, ['ops', 'hosts', 'list', '--filter', '--sort-d'])).toBe('--sort-dir');
  });

  it('bash never offers a flag where an argument or a flag value is expected, so never inserts --', async () => {
    const script = (await runMain(['completion', 'bash'])).stdout;
    // An id is expected: nothing (bash then falls back to file names), not the flags' common "--".
    expect(complete(script, ['ops', 'runs', 'view', ''])).toBe('');
    expect(complete(script, ['ops', 'cloud', 'instance', 'get', ''])).toBe('');
    expect(complete(script, ['ops', 'secrets', 'kv', 'get', 'sec'])).toBe('');
    // The value of a flag that takes free text (and a global one, short or long).
    expect(complete(script, ['ops', 'hosts', 'list', '--limit', ''])).toBe('');
    expect(complete(script, ['ops', 'hosts', 'list', '--filter', ''])).toBe('');
    expect(complete(script, ['ops', 'runs', 'list', '-p', ''])).toBe('');
    expect(complete(script, ['ops', 'runs', 'list', '--query', ''])).toBe('');
    // A group: its subcommands only, until a flag is begun.
    expect(complete(script, ['ops', 'runs', 'cache', ''])).toBe('list delete');
    // Flags once a word begins with -, wherever it is.
    expect(complete(script, ['ops', 'runs', 'view', '--re'])).toBe('--repo --retries');
    expect(complete(script, ['ops', 'runs', 'view', '123', '--jso'])).toBe('--json');
    // A command that takes no argument: its flags are what can come next.
    expect(complete(script, ['ops', 'hosts', 'totals', ''])).toContain('--since');
  });

  it('every flag that declares its values gets them, in bash, zsh and fish', async () => {
    const tree = completionNodes(await testFactory(memoryIo()).tree());
    const bash = (await runMain(['completion', 'bash'])).stdout;
    const zsh = (await runMain(['completion', 'zsh'])).stdout;
    const fish = (await runMain(['completion', 'fish'])).stdout;
    let flags = 0;
    for (const n of tree.nodes)
      for (const o of n.options) {
        if (!o.values) continue;
        flags++;
        const line = `'${n.path} ${o.flag}') values='${o.values.join(' ')}' ;;`;
        expect(bash).toContain(line);
        expect(zsh).toContain(line);
        expect(fish).toContain(
          `complete -c ops -n 'test "(__ops_path)" = "${n.path}"' -l ${o.flag.slice(2)} -x -a '${o.values.join(' ')}'`,
        );
      }
    expect(flags).toBeGreaterThan(40);
    expect(fish).toContain("complete -c ops -s o -l output -x -a 'table json yaml ndjson csv'");
    expect(zsh).toMatch(/\*' --output'\|\*' -o'\) values='table json yaml ndjson csv'/);
  });

  it('an unknown shell exits 2', async () => {
    const r = await runMain(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ops: unsupported shell "tcsh"\nhint: use one of: bash, zsh, fish\n');
  });
});
