import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

const sb = await useSandbox({ services: ['runs'] });
const requests = async () => (await sb.counters()).requests.runs ?? {};
const RUNS = 'GET /repos/octo-org/hello-world/actions/runs';
const env = () => ({ ...sb.env, HOME: '/nonexistent', OPS_CONFIG_DIR: tempConfigDir() });

describe.skipIf(!SCRIPT)('a missing run id is chosen with a picker on a terminal', () => {
  it('runs view: type to filter, Enter: the chosen run is the one shown', async () => {
    const t = onTerminal(['runs', 'view', '--field', 'id'], env());
    await t.waitFor(/Choose a run \(type to filter\)/);
    await t.waitFor(/Nightly/);
    t.type('30433643');
    await t.waitFor(/30433643\s*\r?\n(?![\s\S]*30433642)/);
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
    // The newest first: queued 30433648, then in_progress 30433647.
    t.type('\u001b[B');
    await new Promise((r) => setTimeout(r, 300));
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
