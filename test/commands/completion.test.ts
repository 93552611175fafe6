import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

describe('ops completion', () => {
  it('bash: every command path and its flags, from the loaded tree', async () => {
    const r = await runMain(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _ops_complete ops');
    expect(r.stdout).toMatch(/'ops config'\) words='set get unset list profiles use path' ;;/);
    // The root's flags are declared once and offered after every command path.
    expect(r.stdout.match(/--max-wait/g)).toHaveLength(1);
    expect(r.stdout).toContain("'ops sandbox start'");
    expect(r.stdout).toMatch(/'ops api'\) words='--param --header --input --paginate --include/);
  });

  it('zsh wraps the bash one; fish has conditions per path', async () => {
    expect((await runMain(['completion', 'zsh'])).stdout).toMatch(/^#compdef ops\n/);
    const fish = (await runMain(['completion', 'fish'])).stdout;
    expect(fish).toContain(`complete -c ops -n 'test "(__ops_path)" = "ops sandbox"' -a 'start'`);
    expect(fish).toContain('-l paginate');
  });

  it('bash script is valid bash', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = (await runMain(['completion', 'bash'])).stdout;
    const r = spawnSync(
      'bash',
      ['-c', `${script}\nCOMP_WORDS=(ops config s); COMP_CWORD=2; _ops_complete; echo "\${COMPREPLY[*]}"`],
      { encoding: 'utf8' },
    );
    expect(r.stdout.trim()).toBe('set');
    const globals = spawnSync(
      'bash',
      ['-c', `${script}\nCOMP_WORDS=(ops hosts list --pro); COMP_CWORD=3; _ops_complete; echo "\${COMPREPLY[*]}"`],
      { encoding: 'utf8' },
    );
    expect(globals.stdout.trim()).toBe('--profile');
  });

  it('fish declares the global flags once, not once per command path', async () => {
    const fish = (await runMain(['completion', 'fish'])).stdout;
    expect(fish.match(/-l max-wait/g)).toHaveLength(1);
    expect(fish).toContain("complete -c ops -l max-wait -d");
    expect(fish.length).toBeLessThan(60_000);
  });

  it('an unknown shell exits 2', async () => {
    const r = await runMain(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ops: unsupported shell "tcsh"\nhint: use one of: bash, zsh, fish\n');
  });
});
