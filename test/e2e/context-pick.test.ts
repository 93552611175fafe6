import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { paramsOf, verbsOf } from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

const sb = await useSandbox({ services: ['runs', 'tasks', 'cloud', 'pipelines'] });
const requests = async (service = 'runs') => (await sb.counters()).requests[service] ?? {};
const all = async () => (await sb.counters()).requests;
const RUNS = 'GET /repos/octo-org/hello-world/actions/runs';
// A home of its own, empty: nothing of the user's (a git config, a cache) is read, and the code caches
// the real CLI writes go there, not into a folder made at the root of the machine.
const home = tempConfigDir();
const env = () => ({ ...sb.env, HOME: home, OPS_CONFIG_DIR: tempConfigDir() });
// A real terminal under the whole suite's load: the first picker of a run loads its bundle cold, and
// each step waits for what the terminal shows (up to 20 s each), so a test may take longer than 30 s.
const TERMINAL = { timeout: 90_000 };

describe.skipIf(!SCRIPT)('a missing run id is chosen with a picker on a terminal', TERMINAL, () => {
  it('runs view: type to filter, Enter: the chosen run is the one shown', async () => {
    const t = onTerminal(['runs', 'view', '--field', 'id'], env());
    await t.waitFor(/Choose a run \(type to filter\)/);
    await t.waitFor(/Nightly/);
    t.type('30433643');
    // The filtered choice itself (its label has ` · `), not the typed text on the prompt's line, which is
    // drawn before the search has run: an Enter while it runs is not taken.
    await t.waitFor(/·[^\n]*30433643\s*\r?\n(?![\s\S]*30433642)/);
    await t.settle();
    t.type('\r');
    expect(await t.exit).toBe(0);
    expect(t.screen()).toMatch(/\n30433643\r?\n/);
    // One page of the list (30, the --limit default), then the chosen run alone.
    expect(await requests()).toEqual({ [RUNS]: 1, [`${RUNS}/30433643`]: 1 });
  });

  it('runs cancel: arrows move the choice; the cancel goes to the run chosen', async () => {
    const t = onTerminal(['runs', 'cancel', '--json'], env());
    await t.waitFor(/Choose a run/);
    await t.waitFor(/30433647/);
    await t.settle();
    // The newest first: queued 30433648, then in_progress 30433647.
    t.type('\u001b[B');
    await t.settle({ fresh: true });
    t.type('\r');
    expect(await t.exit).toBe(0);
    const sent = await requests();
    expect(sent[`POST /repos/octo-org/hello-world/actions/runs/30433647/cancel`]).toBe(1);
  });

  it('Ctrl-C on the picker: exit 130, nothing sent but the list', async () => {
    const t = onTerminal(['runs', 'rerun'], env());
    await t.waitFor(/Choose a run/);
    await t.waitFor(/30433647/);
    t.type('\u0003');
    expect(await t.exit).toBe(130);
    expect(await requests()).toEqual({ [RUNS]: 1 });
  });

  it('CI set: no picker even on a terminal, the usual exit 2', async () => {
    const t = onTerminal(['runs', 'view'], { ...env(), CI: 'true' });
    expect(await t.exit).toBe(2);
    expect(t.screen()).toMatch(/ops: missing required argument 'run-id'/);
    expect(await requests()).toEqual({});
  });
});

describe.skipIf(!SCRIPT)('the other services pick on a terminal too', TERMINAL, () => {
  /** Types `filter` into the picker of `args`, then Enter; the exit code. */
  async function choose(args: string[], filter: string, shown: RegExp): Promise<number> {
    const t = onTerminal(args, env());
    await t.waitFor(/Choose an? [a-z ]+ \(type to filter\)/);
    await t.waitFor(shown);
    t.type(filter);
    // The choices the filter leaves are drawn before Enter: an Enter while the search runs is not taken.
    await t.settle({ fresh: true });
    t.type('\r');
    return t.exit;
  }

  it('tasks lists get: a list chosen by its title', async () => {
    expect(await choose(['tasks', 'lists', 'get', '--json'], 'Groceries', /Work/)).toBe(0);
    // The list to choose from, then the list chosen: a picked id is not looked up again.
    expect(await requests('tasks')).toEqual({
      'GET /tasks/v1/users/@me/lists': 1,
      'GET /tasks/v1/users/@me/lists/MDAwMDAwMDAwMTI6MDow': 1,
    });
  });

  it('cloud instance get: an instance chosen by its reference', async () => {
    expect(await choose(['cloud', 'instance', 'get', '--json'], 'db-01', /web-02/)).toBe(0);
    const sent = await requests('cloud');
    expect(
      Object.keys(sent).filter((k) => /instances\/4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03$/.test(k)),
    ).toHaveLength(1);
  });

  it('pipelines context get: a context of OPS_PIPELINES_ORG chosen by its name', async () => {
    expect(await choose(['pipelines', 'context', 'get', '--json'], 'aws-staging', /codecov/)).toBe(0);
    const sent = await requests('pipelines');
    expect(Object.keys(sent)).toContain('GET /api/v2/context/82b4dc90-910e-4466-b679-404a7cd3a59c');
  });
});

describe('off a terminal a missing run id stays exit 2, with no request', () => {
  it.each([['view'], ['watch'], ['cancel'], ['logs']])('runs %s', async (verb) => {
    const r = await runMain(['runs', verb], { env: sb.env });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `ops: missing required argument 'run-id'\nhint: run 'ops runs ${verb} --help' for its usage\n`,
    });
    expect(await requests()).toEqual({});
  });

  it('runs rerun keeps its own message', async () => {
    const r = await runMain(['runs', 'rerun'], { env: sb.env });
    expect(r).toMatchObject({ code: 2, stderr: expect.stringMatching(/^ops: no run given\n/) });
    expect(await requests()).toEqual({});
  });
});

describe('off a terminal a missing list, instance or context stays exit 2, with no request', () => {
  it.each([
    ['tasks lists get', 'list'],
    ['tasks lists delete', 'list'],
    ['tasks lists replace --file x.json', 'list'],
    ['cloud instance get', 'id'],
    ['cloud instance start', 'id'],
    ['cloud instance stop', 'id'],
    ['cloud instance reboot', 'id'],
    ['cloud instance terminate', 'id'],
    ['pipelines context get', 'context'],
    ['pipelines context delete', 'context'],
    ['pipelines context env list', 'context'],
    ['pipelines context restriction list', 'context'],
  ])('ops %s', async (line, argument) => {
    const words = line.split(' ');
    const r = await runMain(words, { env: sb.env });
    const path = `ops ${words.filter((w) => !w.startsWith('-') && !w.endsWith('.json')).join(' ')}`;
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `ops: missing required argument '${argument}'\nhint: run '${path} --help' for its usage\n`,
    });
    expect(await all()).toEqual({});
  });
});

describe('the agent interface has no terminal', () => {
  it('an id a picker asks for is required in the tool schema; --web is not offered', async () => {
    const r = await runMain(['mcp', 'tools', '--services', 'runs,cloud', '--allow-writes']);
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout).tools as Array<{ inputSchema: object }>;
    // A verb's parameters, as the description of each parameter of its tool's schema names them.
    const verb = (path: string) => tools.flatMap((t) => (verbsOf(t).includes(path) ? paramsOf(t, path) : []));
    const required = (path: string) =>
      verb(path)
        .filter((p) => p.required)
        .map((p) => p.name);
    expect(required('view')).toEqual(['run-id']);
    expect(verb('view').map((p) => p.name)).not.toContain('web');
    expect(required('instance get')).toEqual(['id']);
    expect(required('instance stop')).toEqual(['id']);
    // rerun takes a run or --job: its run id stays optional.
    expect(verb('rerun')).toContainEqual({ name: 'run-id', required: false });
  });
});
