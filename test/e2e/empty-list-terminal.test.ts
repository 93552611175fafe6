import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// An empty list at a terminal says so on stderr, as gh's `no runs found`; it printed nothing at all.
const sb = await useSandbox({ services: ['hosts', 'runs'] });
const home = tempConfigDir();
const env = (more: Record<string, string> = {}) => ({
  ...sb.env,
  HOME: home,
  OPS_CONFIG_DIR: tempConfigDir(),
  ...more,
});
/** What the terminal showed, its line ends as a terminal writes them made `\n`. */
const shown = async (args: string[], more?: Record<string, string>) => {
  const t = onTerminal(args, env(more));
  const code = await t.exit;
  return { code, screen: t.screen().replace(/\r\n/g, '\n') };
};
const TERMINAL = { timeout: 60_000 };

describe.skipIf(!SCRIPT)('an empty list on a terminal', TERMINAL, () => {
  it('says `no <items> found` (the list hint’s word), exit 0, and nothing else', async () => {
    expect(await shown(['hosts', 'list', '--filter', 'nosuch-host'])).toEqual({
      code: 0,
      screen: 'no matching hosts found\n',
    });
    expect(
      await shown(['runs', 'list', '--repo', 'octo-org/hello-world', '--branch', 'nosuch-branch']),
    ).toEqual({ code: 0, screen: 'no runs found\n' });
  });

  it('not under -o json, -q or CI: the empty list alone', async () => {
    expect(await shown(['hosts', 'list', '--filter', 'nosuch-host', '-o', 'json'])).toEqual({
      code: 0,
      screen: '[]\n',
    });
    expect(await shown(['hosts', 'list', '--filter', 'nosuch-host', '-q'])).toEqual({ code: 0, screen: '' });
    expect(await shown(['hosts', 'list', '--filter', 'nosuch-host'], { CI: 'true' })).toEqual({
      code: 0,
      screen: '',
    });
  });
});
