import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// A "no" at a real terminal's [y/N] question says what off a terminal the refusal says, in the same
// shape: `tasks lists delete Groceries: not confirmed` (it was `Delete task list "Groceries" and all its
// tasks: not confirmed`, the question's words), exit 2 as before, nothing deleted.
const sb = await useSandbox({ services: ['tasks'] });
const env = () => ({ ...sb.env, HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir() });

describe.skipIf(!SCRIPT)('answering no at the terminal', { timeout: 60_000 }, () => {
  it('is exit 2 naming the command line, as the refusal off a terminal does', async () => {
    const term = onTerminal(['tasks', 'lists', 'delete', 'Groceries'], env());
    await term.waitFor(/Delete task list "Groceries" and all its tasks\? \[y\/N\] /);
    term.type('n\r');
    expect(await term.exit).toBe(2);
    expect(term.screen()).toMatch(/\nops: tasks lists delete Groceries: not confirmed\r?\n/);
    const requests = (await sb.counters()).requests.tasks ?? {};
    expect(Object.keys(requests).filter((r) => r.startsWith('DELETE'))).toEqual([]);
  });
});
