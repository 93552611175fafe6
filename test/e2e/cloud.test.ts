import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BROKEN_IMAGE_ID } from '../../src/sandbox/cloud/catalog.js';
import { SEED_IDS as IDS } from '../../src/sandbox/cloud/seed.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { useSandbox } from '../helpers/sandbox.js';

interface Instance {
  id: string;
  state: string;
  reference: string | null;
  type: string;
  region: string;
  contract: { type: string; state: string; endsAt: string | null; term: number; billingFrequency: number };
  rootDiskSize: number;
  hasPrivateNetwork: boolean;
}

const sb = await useSandbox({ services: ['cloud'] });
// A second sandbox whose cloud API allows 3 requests per 10 s: its own 429 with Retry-After.
const limited = await useSandbox({
  services: ['cloud'],
  settings: { 'cloud.rate_limit': '3', 'cloud.rate_period': '10' },
});
const conformance = await useConformance('cloud', `${sb.url}/cloud`);

/** The verbs that wait by default (docs/grammar.md, "Waits"). */
const WAITS = /\binstance (launch|start|stop|reboot|terminate)\b|\bsnapshot create\b|\basg (create|delete)\b/;
/**
 * Runs the CLI. The sandbox clock moves in real time, so a verb that waits by default is given
 * --no-wait here unless the test says how to wait (`advancing` moves the clock for the tests that do).
 */
const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; tty?: boolean } = {},
) => {
  const told = args.some((a) => ['--wait', '--no-wait', '--interval', '--dry-run', '--help'].includes(a));
  const argv = WAITS.test(args.join(' ')) && !told ? [...args, '--no-wait'] : args;
  return runMain(argv, { env: { ...sb.env, ...o.env }, input: o.input, tty: o.tty });
};
const json = <T = Instance>(s: string) => JSON.parse(s) as T;
const stats = () =>
  sb.sandbox.emulators.get('cloud')!.stats!() as Record<string, number> & {
    instances: Record<string, string>;
  };
const requests = async () => (await sb.counters()).requests.cloud ?? {};
const sent = async (method: string) =>
  Object.entries(await requests())
    .filter(([k]) => k.startsWith(`${method} `))
    .reduce((n, [, v]) => n + v, 0);

/**
 * Runs a command that waits (--wait), moving the sandbox clock on by `step` seconds each time the CLI
 * has sent a request: the states change on the sandbox clock, not by sleeping. Returns the result and
 * how many requests it took.
 */
async function advancing(args: string[], step = 15, input?: string, tty = false) {
  const first = stats().requests;
  let done = false;
  const run = ops([...args, '--interval', '0.02'], { input, tty }).finally(() => {
    done = true;
  });
  let seen = first;
  while (!done) {
    await vi.waitFor(
      () => {
        if (!done && stats().requests === seen) throw new Error('the CLI has not asked yet');
      },
      { timeout: 20_000, interval: 2 },
    );
    seen = stats().requests;
    if (!done) sb.sandbox.clock.advance(step * 1000);
  }
  return { ...(await run), looks: stats().requests - first };
}

const LAUNCH = [
  'cloud',
  'instance',
  'launch',
  '--region',
  'eu-west-3',
  '--type',
  'cld.m5.large',
  '--image',
  'UBUNTU_24_04_64BIT',
  '--contract-type',
  'HOURLY',
  '--storage',
  'CENTRAL',
];

describe('a --wait whose look fails', () => {
  it('names what it was waiting for, so the instance launched is not lost with the connection', async () => {
    await sb.fault({ service: 'cloud', method: 'GET', kind: 'drop', count: 5 });
    const r = await ops([...LAUNCH, '--wait', '--interval', '0.02'], { env: { OPS_RETRIES: '0' } });
    const id = Object.keys(stats().instances).find((k) => stats().instances[k] === 'CREATING');
    expect(id).toBeDefined();
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      new RegExp(`^ops: cloud: .+ \\(while waiting for instance ${id} to be RUNNING\\)\n`),
    );
  });
});

describe('a launch → stop → snapshot → start → terminate lifecycle with --wait, on the sandbox clock', () => {
  it('each step waits for its state and prints the resource; the seed’s snapshot rule is kept', async () => {
    const launched = await advancing([...LAUNCH, '--reference', 'lifecycle', '--wait', '--json']);
    expect(launched.stderr).toBe('');
    expect(launched.code).toBe(0);
    const inst = json(launched.stdout);
    expect(inst).toMatchObject({ state: 'RUNNING', reference: 'lifecycle', type: 'cld.m5.large' });
    // CREATING for 60 s of sandbox time, 15 s a request: the wait saw it come up.
    expect(launched.looks).toBeGreaterThanOrEqual(4);

    const stopped = await advancing(['cloud', 'instance', 'stop', inst.id, '--wait', '--json']);
    expect(stopped.code).toBe(0);
    expect(json(stopped.stdout).state).toBe('STOPPED');
    expect(stopped.looks).toBeGreaterThanOrEqual(3);

    // The seed takes snapshots of RUNNING instances only: said before anything is sent.
    const refused = await ops([
      'cloud',
      'instance',
      'snapshot',
      'create',
      inst.id,
      '--name',
      'cold',
      '--wait',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `ops: cannot snapshot instance lifecycle (${inst.id}): it is STOPPED, and snapshot needs it RUNNING\n`,
    );
    expect((await requests())[`POST /publicCloud/v1/instances/${inst.id}/snapshots`]).toBeUndefined();

    const started = await advancing(['cloud', 'instance', 'start', inst.id, '--wait', '--json']);
    expect(started.code).toBe(0);
    expect(json(started.stdout).state).toBe('RUNNING');

    const snap = await advancing([
      'cloud',
      'instance',
      'snapshot',
      'create',
      inst.id,
      '--name',
      'warm',
      '--wait',
      '--json',
    ]);
    expect(snap.code).toBe(0);
    expect(json<{ displayName: string; state: string }>(snap.stdout)).toMatchObject({
      displayName: 'warm',
      state: 'READY',
    });
    // 30 s + 5 s per GiB of an 8 GiB type: several looks.
    expect(snap.looks).toBeGreaterThanOrEqual(6);

    const gone = await advancing(['cloud', 'instance', 'terminate', inst.id, '--yes', '--wait', '--json']);
    expect(gone.code).toBe(0);
    expect(json(gone.stdout)).toMatchObject({ state: 'DESTROYED', contract: { state: 'INACTIVE' } });
    expect(stats().instances[inst.id]).toBe('DESTROYED');
  });

  it('a launch that ends FAILED: the wait exits 8 (an awaited failure) naming the state', async () => {
    const r = await advancing([
      ...LAUNCH.slice(0, 7),
      '--image',
      BROKEN_IMAGE_ID,
      '--contract-type',
      'HOURLY',
      '--storage',
      'CENTRAL',
    ]);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^ops: instance [0-9a-f-]{36} ended FAILED while waiting for RUNNING\nhint: /);
  });

  it('--wait-timeout that runs out: exit 6 naming the last state', async () => {
    const r = await ops([...LAUNCH, '--wait', '--wait-timeout', '0.05', '--interval', '0.02']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /gave up waiting for instance .* to be RUNNING after \d+ s \(still CREATING\)\nhint: raise --wait-timeout/,
    );
  });
});

describe('ops cloud regions and instance-types', () => {
  it('regions: a table of the eight regions', async () => {
    const r = await ops(['cloud', 'regions']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+LOCATION$/);
    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(/^eu-west-3\s+Amsterdam$/);
  });

  it('instance-types --region with prices, paged by offset/limit until _metadata.totalCount', async () => {
    const all = json<Array<{ name: string; prices: { compute: { hourlyPrice: string } } }>>(
      (await ops(['cloud', 'instance-types', '--region', 'eu-west-3', '--all', '--json'])).stdout,
    );
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
    expect(all[0]!.prices.compute.hourlyPrice).toMatch(/^\d+\.\d{4}$/);
    expect((await requests())['GET /publicCloud/v1/instanceTypes']).toBe(2);
    const table = await ops(['cloud', 'instance-types', '--region', 'eu-west-3', '--limit', '2']);
    expect(table.stdout).toMatch(
      /^NAME\s+CPU\s+MEMORY\s+NETWORK\s+STORAGE\s+HOURLY\s+MONTHLY\s+CURRENCY\ncld\.m3\.large\s+2 vCPU\s+7\.5 GiB\s+1 Gbps\s+LOCAL\s+€0\.\d{4}\s+€\d+\.\d\d\s+EUR\n/,
    );
  });
});

describe('ops cloud images', () => {
  it('operating systems and custom images, with the flavour filter and the region of custom ones', async () => {
    const all = json<Array<{ id: string; custom: boolean; minDiskSize: number }>>(
      (await ops(['cloud', 'images', '--json'])).stdout,
    );
    expect(all.find((i) => i.id === 'WINDOWS_SERVER_2022_64BIT')).toMatchObject({
      custom: false,
      minDiskSize: 50,
    });
    const custom = await ops(['cloud', 'images', '--custom', '--region', 'eu-west-3', '--field', 'id']);
    expect(custom.stdout).toBe(
      '7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20\ne2d4f6a8-0b1c-4e3d-8f5a-6c7b9d0e1f32\n',
    );
    const table = await ops(['cloud', 'images', '--flavour', 'freebsd']);
    expect(table.stdout).toMatch(
      /^ID\s+NAME\s+FLAVOUR\s+CUSTOM\s+REGION\s+MIN DISK\s+MARKET APPS\nFREEBSD_14_64BIT\s+FreeBSD 14 \(x86_64\)\s+freebsd\s+no\s+5 GB\n$/,
    );
  });

  it('launch from a custom image of another region: the image list is read, then the API refuses (400)', async () => {
    const r = await ops([
      ...LAUNCH.slice(0, 3),
      '--region',
      'us-east-1',
      '--type',
      'cld.m5.large',
      '--image',
      '7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20',
      '--contract-type',
      'HOURLY',
      '--storage',
      'CENTRAL',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /\nhint: imageId: custom image 7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20 is in eu-west-3, not us-east-1\n$/,
    );
    expect((await requests())['GET /publicCloud/v1/images']).toBe(1);
    const none = await ops([
      ...LAUNCH.slice(0, 7),
      '--image',
      '00000000-0000-4000-8000-000000000000',
      '--contract-type',
      'HOURLY',
      '--storage',
      'CENTRAL',
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^ops: no image "00000000-0000-4000-8000-000000000000"\nhint: give an id that `ops cloud images` lists\n$/,
    );
    expect(await sent('POST')).toBe(1);
  });
});

describe('ops cloud instance list and get', () => {
  it('lists the seed instances; filters reach the API; an empty result is exit 0', async () => {
    const all = json<Instance[]>((await ops(['cloud', 'instance', 'list', '--json'])).stdout);
    expect(all.map((i) => i.reference)).toEqual([
      'web-01',
      'web-02',
      'db-01',
      'batch-01',
      'win-01',
      'bsd-01',
      null,
    ]);
    const running = json<Instance[]>(
      (
        await ops([
          'cloud',
          'instance',
          'list',
          '--state',
          'STOPPED,CREATING',
          '--region',
          'us-east-1',
          '--json',
        ])
      ).stdout,
    );
    expect(running.map((i) => i.id)).toEqual([IDS.batch01]);
    const monthly = await ops([
      'cloud',
      'instance',
      'list',
      '--contract-state',
      'DELETE_SCHEDULED',
      '--field',
      'id',
    ]);
    expect(monthly.stdout).toBe(`${IDS.win01}\n`);
    const ip = await ops(['cloud', 'instance', 'list', '--ip', '198.51.100.11', '--field', 'reference']);
    expect(ip.stdout).toBe('web-01\n');
    const none = await ops(['cloud', 'instance', 'list', '--reference', 'nothing-here']);
    expect(none).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await ops(['cloud', 'instance', 'list', '--reference', 'nothing', '--json'])).stdout).toBe(
      '[]\n',
    );
  });

  it('on a terminal, a list cut by --limit says how many there are', async () => {
    const r = await ops(['cloud', 'instance', 'list', '--limit', '3'], { tty: true });
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stderr).toBe('3 of 7 instances shown; --all or --limit N for more\n');
  });

  it('--limit pages with offset/limit and stops at the limit; --all follows _metadata.totalCount', async () => {
    const r = await ops(['cloud', 'instance', 'list', '--limit', '3', '-o', 'csv']);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stdout.split('\n')[0]).toBe('id,reference,state,type,region,image,ip,contract,started');
    expect((await requests())['GET /publicCloud/v1/instances']).toBe(1);
  });

  it('get: the details (private network, contract) as a table and as JSON', async () => {
    const t = await ops(['cloud', 'instance', 'get', IDS.web02]);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(
      /^id\s+4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b02\nreference\s+web-02\nstate\s+RUNNING\n/,
    );
    expect(t.stdout).toMatch(/private network\s+pn-eu-west-3-0001 10\.32\.0\.0\/12 CONNECTED/);
    const j = json<Instance & { iso: null; privateNetwork: unknown }>(
      (await ops(['cloud', 'instance', 'get', IDS.db01, '--json'])).stdout,
    );
    expect(j).toMatchObject({ contract: { type: 'MONTHLY', term: 12 }, iso: null, privateNetwork: null });
  });

  it('an unknown instance: 404, exit 3, named with where it looked, correlationId shown', async () => {
    const r = await ops(['cloud', 'instance', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^ops: cloud: instance 00000000-0000-4000-8000-000000000000 not found in this account \(HTTP 404, request [0-9a-f-]{36}\)\nhint: `ops cloud instance list` shows the instances\n$/,
    );
  });
});

describe('ops cloud instance update, terminate, cancel-termination', () => {
  it('update prints the changed instance; a 400 puts errorDetails in the hint', async () => {
    const r = await ops([
      'cloud',
      'instance',
      'update',
      IDS.web01,
      '--type',
      'cld.m5.xlarge',
      '--reference',
      'blue',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({ type: 'cld.m5.xlarge', reference: 'blue' });
    const bad = await ops(['cloud', 'instance', 'update', IDS.web01, '--root-disk-size', '5']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^ops: cloud: \(400\) The API could not interpret your request correctly\. \(HTTP 400, request [0-9a-f-]{36}\)\nhint: rootDiskSize: a disk cannot shrink \(it is 20 GB\)\n$/,
    );
  });

  it('update: a term for an HOURLY instance is refused after reading it, before the PUT', async () => {
    const r = await ops(['cloud', 'instance', 'update', IDS.web01, '--contract-term', '12']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /has an HOURLY contract: --contract-term and --billing-frequency apply only to MONTHLY/,
    );
    expect(await sent('PUT')).toBe(0);
  });

  it('terminate MONTHLY: the command reads the instance and asks for a reason code; with one, it is scheduled', async () => {
    const without = await ops(['cloud', 'instance', 'terminate', IDS.db01, '--yes']);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(
      /^ops: instance db-01 \(4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03\) has a MONTHLY contract: terminating it needs --reason-code\n/,
    );
    expect(await sent('DELETE')).toBe(0);
    const r = await ops([
      'cloud',
      'instance',
      'terminate',
      IDS.db01,
      '--reason-code',
      'CANCEL_OTHER',
      '--reason',
      'moving',
      '--yes',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const inst = json(r.stdout);
    expect(inst).toMatchObject({ state: 'RUNNING', contract: { state: 'DELETE_SCHEDULED' } });
    // Cancelled before the contract's end, it stays.
    const undo = await ops([
      'cloud',
      'instance',
      'cancel-termination',
      IDS.db01,
      '--field',
      'contract.state',
    ]);
    expect(undo).toEqual({ code: 0, stdout: 'ACTIVE\n', stderr: '' });
  });

  it('a MONTHLY termination happens at the contract end on the sandbox clock; cancel after it is refused', async () => {
    const win = json((await ops(['cloud', 'instance', 'get', IDS.win01, '--json'])).stdout);
    expect(win.contract.state).toBe('DELETE_SCHEDULED');
    sb.sandbox.clock.advance(Date.parse(win.contract.endsAt!) - sb.sandbox.clock.now() + 60_000);
    const after = json((await ops(['cloud', 'instance', 'get', IDS.win01, '--json'])).stdout);
    expect(after).toMatchObject({ state: 'DESTROYED', contract: { state: 'INACTIVE' } });
    const r = await ops(['cloud', 'instance', 'cancel-termination', IDS.win01]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not scheduled for termination \(contract INACTIVE\)/);
  });

  it('terminate without --yes and without a terminal: exit 2, nothing deleted', async () => {
    const r = await ops(['cloud', 'instance', 'terminate', IDS.bsd01]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ops: cloud instance terminate ${IDS.bsd01}: needs confirmation\nhint: pass --yes to confirm when not at a terminal (or --dry-run to see what it would do)\n`,
    );
    expect(await sent('GET')).toBe(0);
    expect(await sent('DELETE')).toBe(0);
  });

  it('cancel-termination of an HOURLY instance: the clear message, no POST', async () => {
    const r = await ops(['cloud', 'instance', 'cancel-termination', IDS.web01]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has an HOURLY contract: its termination cannot be cancelled/);
    expect(await sent('POST')).toBe(0);
  });
});

describe('ops cloud instance start, stop, reboot', () => {
  it('the state the seed requires is checked first: start of a RUNNING instance sends no POST', async () => {
    const r = await ops(['cloud', 'instance', 'start', IDS.web01]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `ops: cannot start instance web-01 (${IDS.web01}): it is RUNNING, and start needs it STOPPED\nhint: it is not stopped; \`ops cloud instance reboot ID\` restarts a running instance\n`,
    );
    expect(await sent('POST')).toBe(0);
  });

  it('--wait on a terminal shows a spinner on stderr; stdout has the data only', async () => {
    const r = await advancing(
      ['cloud', 'instance', 'stop', IDS.web01, '--wait', '--field', 'state'],
      10,
      undefined,
      true,
    );
    expect(r.stdout).toBe('STOPPED\n');
    expect(r.stderr).toContain(`waiting for instance ${IDS.web01} to be STOPPED after stop`);
  });

  it('without --wait: the instance as it is right after (STOPPING)', async () => {
    const r = await ops(['cloud', 'instance', 'stop', IDS.web01, '--field', 'state']);
    expect(r).toEqual({ code: 0, stdout: 'STOPPING\n', stderr: '' });
  });

  it('reboot --wait goes through STOPPING and STARTING back to RUNNING', async () => {
    const r = await advancing(['cloud', 'instance', 'reboot', IDS.web02, '--wait', '--field', 'state'], 10);
    expect(r.stdout).toBe('RUNNING\n');
    expect(r.looks).toBeGreaterThanOrEqual(3);
    expect(stats().reboot).toBe(1);
  });

  it('the API refuses an action in the wrong state with 400 (the race the check cannot close)', async () => {
    await sb.fault({
      service: 'cloud',
      method: 'POST',
      path: `/publicCloud/v1/instances/${IDS.batch01}/start`,
      kind: 'status',
      status: 400,
      body: {
        correlationId: '11111111-2222-4333-8444-555555555555',
        errorCode: 'APP00800',
        errorMessage: 'The instance is not stopped',
        errorDetails: { state: ['must be STOPPED'] },
      },
    });
    const r = await ops(['cloud', 'instance', 'start', IDS.batch01]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: cloud: (APP00800) The instance is not stopped (HTTP 400, request 11111111-2222-4333-8444-555555555555)\nhint: state: must be STOPPED\n',
    );
  });
});

describe('ops cloud instance console and types', () => {
  it('console: the link of a running instance; a stopped one is refused by the API (400, exit 1)', async () => {
    const r = await ops(['cloud', 'instance', 'console', IDS.web01, '--field', 'url']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^https:\/\/console\.cloud\.sandbox\.example\/vnc\.html\?autoconnect=true&token=[0-9a-f]{32}\n$/,
    );
    const stopped = await ops(['cloud', 'instance', 'console', IDS.batch01]);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(
      /^ops: cloud: \(400\) Cannot open the console of instance .*: it is STOPPED/,
    );
  });

  it('types: the bigger types of the same region, with prices', async () => {
    const r = await ops(['cloud', 'instance', 'types', IDS.web01, '--all', '--json']);
    const names = json<Array<{ name: string }>>(r.stdout).map((t) => t.name);
    expect(names).toContain('cld.m5.xlarge');
    expect(names).not.toContain('cld.m5.large');
    const table = await ops(['cloud', 'instance', 'types', IDS.web01, '--limit', '1']);
    expect(table.stdout).toMatch(/^NAME\s+CPU\s+MEMORY.*\ncld\.\S+\s+\d+ vCPU/);
  });
});

describe('ops cloud instance credentials', () => {
  it('store reads the password from stdin and never prints it; get shows it only with --show-password', async () => {
    const store = await ops(
      [
        'cloud',
        'instance',
        'credentials',
        'store',
        IDS.web01,
        '--type',
        'OPERATING_SYSTEM',
        '--username',
        'deploy',
        '--debug',
      ],
      { input: 'Sup3r-Secret!' },
    );
    expect(store.code).toBe(0);
    expect(store.stdout).toBe('type      OPERATING_SYSTEM\nusername  deploy\n');
    expect(store.stderr).toContain('> POST');
    expect(store.stderr).not.toContain('Sup3r-Secret!');
    const list = await ops(['cloud', 'instance', 'credentials', 'list', IDS.web01, '--json']);
    expect(json(list.stdout)).toEqual([{ type: 'OPERATING_SYSTEM', username: 'deploy' }]);
    const masked = await ops([
      'cloud',
      'instance',
      'credentials',
      'get',
      IDS.web01,
      '--type',
      'OPERATING_SYSTEM',
      '--username',
      'deploy',
      '--json',
    ]);
    expect(json(masked.stdout)).toEqual({ type: 'OPERATING_SYSTEM', username: 'deploy' });
    const shown = await ops([
      'cloud',
      'instance',
      'credentials',
      'get',
      IDS.web01,
      '--type',
      'OPERATING_SYSTEM',
      '--username',
      'deploy',
      '--show-password',
      '--field',
      'password',
    ]);
    expect(shown.stdout).toBe('Sup3r-Secret!\n');
  });

  it('store and update drop exactly one trailing newline of the password (two keep one), from stdin or --file', async () => {
    const cred = [IDS.web01, '--type', 'CONTROL_PANEL', '--username', 'nl'];
    const password = async () =>
      json<{ password: string }>(
        (await ops(['cloud', 'instance', 'credentials', 'get', ...cred, '--show-password', '--json'])).stdout,
      ).password;
    expect((await ops(['cloud', 'instance', 'credentials', 'store', ...cred], { input: 'a\n' })).code).toBe(
      0,
    );
    expect(await password()).toBe('a');
    expect(
      (await ops(['cloud', 'instance', 'credentials', 'update', ...cred], { input: 'b\n\n' })).code,
    ).toBe(0);
    expect(await password()).toBe('b\n');
    const file = join(mkdtempSync(join(tmpdir(), 'ops-cred-')), 'pw');
    writeFileSync(file, 'c\r\n');
    expect((await ops(['cloud', 'instance', 'credentials', 'update', ...cred, '--file', file])).code).toBe(0);
    expect(await password()).toBe('c');
  });

  it('update takes the new password from stdin; --dry-run prints the PUT reading the password from a variable', async () => {
    const dry = await ops(
      [
        'cloud',
        'instance',
        'credentials',
        'update',
        IDS.db01,
        '--type',
        'OPERATING_SYSTEM',
        '--username',
        'root',
        '--dry-run',
      ],
      { input: 'n3w-root-pass\n' },
    );
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^curl -X PUT http:\S+\/credentials\/OPERATING_SYSTEM\/root .*--data-binary '\{"password":"'"\$OPS_VALUE_PASSWORD"'"\}'\n$/,
    );
    expect(dry.stderr).toBe(
      'dry run: to run the curl line, set OPS_VALUE_PASSWORD to the secret value ops would send as password\n',
    );
    expect(dry.stdout).not.toContain('n3w-root-pass');
    expect(await sent('PUT')).toBe(0);
    const r = await ops(
      [
        'cloud',
        'instance',
        'credentials',
        'update',
        IDS.db01,
        '--type',
        'OPERATING_SYSTEM',
        '--username',
        'root',
      ],
      {
        input: 'n3w-root-pass\n',
      },
    );
    expect(r).toEqual({ code: 0, stdout: 'type      OPERATING_SYSTEM\nusername  root\n', stderr: '' });
    const shown = await ops([
      'cloud',
      'instance',
      'credentials',
      'get',
      IDS.db01,
      '--type',
      'OPERATING_SYSTEM',
      '--username',
      'root',
      '--show-password',
      '--json',
    ]);
    expect(json(shown.stdout)).toEqual({
      type: 'OPERATING_SYSTEM',
      username: 'root',
      password: 'n3w-root-pass',
    });
  });

  it('an empty password is refused before any request; a bad username too', async () => {
    const r = await ops(
      [
        'cloud',
        'instance',
        'credentials',
        'store',
        IDS.web01,
        '--type',
        'OPERATING_SYSTEM',
        '--username',
        'x',
      ],
      { input: '' },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: the password is empty\n/);
    const u = await ops(
      [
        'cloud',
        'instance',
        'credentials',
        'store',
        IDS.web01,
        '--type',
        'OPERATING_SYSTEM',
        '--username',
        'a/b',
      ],
      { input: 'p' },
    );
    expect(u.code).toBe(2);
    expect(await sent('POST')).toBe(0);
  });

  it('delete one (exit 3 when it is not there) and all', async () => {
    const one = await ops([
      'cloud',
      'instance',
      'credentials',
      'delete',
      IDS.db01,
      '--type',
      'OPERATING_SYSTEM',
      '--username',
      'root',
      '--yes',
    ]);
    expect(one).toEqual({ code: 0, stdout: '', stderr: '' });
    const again = await ops([
      'cloud',
      'instance',
      'credentials',
      'delete',
      IDS.db01,
      '--type',
      'OPERATING_SYSTEM',
      '--username',
      'root',
      '--yes',
    ]);
    expect(again.code).toBe(3);
    const all = await ops([
      'cloud',
      'instance',
      'credentials',
      'delete',
      IDS.win01,
      '--all',
      '--yes',
      '--json',
    ]);
    expect(json(all.stdout)).toEqual({ deleted: true, kind: 'credentials of instance', id: IDS.win01 });
    expect(
      json((await ops(['cloud', 'instance', 'credentials', 'list', IDS.win01, '--json'])).stdout),
    ).toEqual([]);
  });
});

describe('ops cloud instance metrics cpu', () => {
  it('-o json gives the values unchanged; -o csv the same values one row per timestamp', async () => {
    const args = [
      'cloud',
      'instance',
      'metrics',
      'cpu',
      IDS.web01,
      '--since',
      '2026-01-01',
      '--until',
      '2026-01-01',
      '--granularity',
      '60m',
    ];
    const j = json<{ metrics: { cpuMetrics: { values: Array<{ value: number; timestamp: string }> } } }>(
      (await ops([...args, '--json'])).stdout,
    );
    const values = j.metrics.cpuMetrics.values;
    expect(values).toHaveLength(24);
    const csv = await ops([...args, '-o', 'csv']);
    expect(csv.stdout).toBe(`timestamp,cpu\n${values.map((v) => `${v.timestamp},${v.value}`).join('\n')}\n`);
  });

  it('a table on a terminal is a chart; in a pipe, rows', async () => {
    const tty = await runMain(
      [
        'cloud',
        'instance',
        'metrics',
        'cpu',
        IDS.web01,
        '--since',
        '2026-01-01',
        '--until',
        '2026-01-01',
        '--granularity',
        '60m',
      ],
      {
        env: sb.env,
        tty: true,
      },
    );
    expect(tty.code).toBe(0);
    const lines = tty.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`CPU of instance ${IDS.web01} (%), every 60m`);
    expect(lines.filter((l) => /[┤┼]/.test(l))).toHaveLength(9);
    expect(lines.at(-1)).toMatch(
      /^average [\d.]+ %, expected [\d.]+ %, peak [\d.]+ % at 2026-01-01T\d\d:00:00Z$/,
    );
    const pipe = await ops([
      'cloud',
      'instance',
      'metrics',
      'cpu',
      IDS.web01,
      '--since',
      '2026-01-01',
      '--until',
      '2026-01-01',
      '--granularity',
      '60m',
    ]);
    expect(pipe.stdout.split('\n')[0]).toMatch(/^TIMESTAMP\s+CPU$/);
  });

  it('the built CLI on a terminal: one point is "1 point", and 1e308 a label of six characters', async () => {
    await sb.fault({
      service: 'cloud',
      path: `/publicCloud/v1/instances/${IDS.web01}/metrics/cpu`,
      kind: 'status',
      status: 200,
      body: {
        metrics: { cpuMetrics: { unit: '%', values: [{ value: 1e308, timestamp: '2026-01-01T00:00:00Z' }] } },
      },
    });
    const r = await runCli(['cloud', 'instance', 'metrics', 'cpu', IDS.web01], {
      env: { ...sb.env, OPS_FORCE_TTY: '80' },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(1, 3)).toEqual([
      '2026-01-01T00:00:00Z → 2026-01-01T00:00:00Z, 1 point',
      ' 1e+308 % ┼ ',
    ]);
  });

  it('a range too fine for the API: 400 with the field in the hint', async () => {
    const r = await ops([
      'cloud',
      'instance',
      'metrics',
      'cpu',
      IDS.web01,
      '--since',
      '2025-01-01',
      '--granularity',
      '5m',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\nhint: granularity: \d+ points asked for, at most 2016/);
  });
});

describe('ops cloud instance private-network', () => {
  it('add and remove print the instance; the snapshot rule is checked first, naming the snapshot', async () => {
    const add = await ops(['cloud', 'instance', 'private-network', 'add', IDS.web01, '--json']);
    expect(add.code).toBe(0);
    expect(json(add.stdout)).toMatchObject({ hasPrivateNetwork: true });
    const again = await ops(['cloud', 'instance', 'private-network', 'add', IDS.web01]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is already in the private network/);
    const db = await ops(['cloud', 'instance', 'private-network', 'add', IDS.db01]);
    expect(db.code).toBe(1);
    expect(db.stderr).toBe(
      `ops: cannot add instance db-01 (${IDS.db01}) to the private network: it has a snapshot, db-01-nightly (${IDS.db01Snapshot})\nhint: the private network changes only for an instance without snapshots; delete it with \`ops cloud instance snapshot delete ${IDS.db01} ${IDS.db01Snapshot}\`\n`,
    );
    expect(
      (await requests())[`PUT /publicCloud/v1/instances/${IDS.db01}/addToPrivateNetwork`],
    ).toBeUndefined();
    const rm = await ops([
      'cloud',
      'instance',
      'private-network',
      'remove',
      IDS.web02,
      '--field',
      'hasPrivateNetwork',
    ]);
    expect(rm).toEqual({ code: 0, stdout: 'false\n', stderr: '' });
  });
});

describe('ops cloud instance snapshot', () => {
  it('list, get, restore and delete the seed snapshot; one per instance is said before sending', async () => {
    const list = await ops(['cloud', 'instance', 'snapshot', 'list', IDS.db01]);
    expect(list.stdout).toMatch(
      new RegExp(`^ID\\s+NAME\\s+STATE\\s+CREATED\n${IDS.db01Snapshot}\\s+db-01-nightly\\s+READY\\s+`),
    );
    const get = await ops([
      'cloud',
      'instance',
      'snapshot',
      'get',
      IDS.db01,
      IDS.db01Snapshot,
      '--field',
      'displayName',
    ]);
    expect(get.stdout).toBe('db-01-nightly\n');
    const second = await ops(['cloud', 'instance', 'snapshot', 'create', IDS.db01, '--name', 'again']);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already has a snapshot, db-01-nightly .*: one snapshot per instance/);
    expect(await sent('POST')).toBe(0);
    const restore = await ops([
      'cloud',
      'instance',
      'snapshot',
      'restore',
      IDS.db01,
      IDS.db01Snapshot,
      '--yes',
      '--field',
      'state',
    ]);
    expect(restore).toEqual({ code: 0, stdout: 'READY\n', stderr: '' });
    expect(stats().restored).toBe(1);
    const del = await ops([
      'cloud',
      'instance',
      'snapshot',
      'delete',
      IDS.db01,
      IDS.db01Snapshot,
      '--yes',
      '--field',
      'id',
      '--json',
    ]);
    expect(del).toEqual({ code: 0, stdout: `${IDS.db01Snapshot}\n`, stderr: '' });
    expect((await ops(['cloud', 'instance', 'snapshot', 'list', IDS.db01, '--json'])).stdout).toBe('[]\n');
    expect((await ops(['cloud', 'instance', 'snapshot', 'get', IDS.db01, IDS.db01Snapshot])).code).toBe(3);
  });

  it('a CREATING snapshot cannot be deleted or restored: the command says so', async () => {
    const made = json<{ id: string; state: string }>(
      (await ops(['cloud', 'instance', 'snapshot', 'create', IDS.web01, '--name', 'fresh', '--json'])).stdout,
    );
    expect(made.state).toBe('CREATING');
    const del = await ops(['cloud', 'instance', 'snapshot', 'delete', IDS.web01, made.id, '--yes']);
    expect(del.code).toBe(1);
    expect(del.stderr).toMatch(/snapshot fresh .* is CREATING: it can be deleted once READY/);
    expect(await sent('DELETE')).toBe(0);
  });
});

describe('ops cloud lb', () => {
  it('start, stop, reboot: the API’s 202 and nothing more (the seed has no read of a load balancer)', async () => {
    const start = await ops(['cloud', 'lb', 'start', IDS.lbBatch, '--json']);
    expect([start.code, start.stderr]).toEqual([0, '']);
    expect(json(start.stdout)).toEqual({ kind: 'load balancer', id: IDS.lbBatch, action: 'start' });
    const stop = await ops(['cloud', 'load-balancer', 'stop', IDS.lbWeb]);
    expect([stop.code, stop.stdout]).toEqual([0, '']);
    expect(stats().balancers).toMatchObject({ [IDS.lbBatch]: 'STARTING', [IDS.lbWeb]: 'STOPPING' });
    // Only the two actions were sent: no read the seed lacks (GET /loadBalancers/{id}).
    expect(Object.keys(await requests()).sort()).toEqual([
      `POST /publicCloud/v1/loadBalancers/${IDS.lbWeb}/stop`,
      `POST /publicCloud/v1/loadBalancers/${IDS.lbBatch}/start`,
    ]);
    const reboot = await ops(['cloud', 'lb', 'reboot', IDS.lbWeb]);
    expect(reboot.code).toBe(1);
    expect(reboot.stderr).toMatch(
      /^ops: cloud: \(400\) Cannot reboot load balancer .*: it is STOPPING; reboot needs it RUNNING/,
    );
    const none = await ops(['cloud', 'lb', 'start', '00000000-0000-4000-8000-000000000000']);
    expect(none.code).toBe(3);
  });

  it('an action has no wait to skip or bound: --no-wait and --wait-timeout are unknown; a name is exit 2', async () => {
    for (const flags of [['--no-wait'], ['--wait-timeout', '5']]) {
      const r = await ops(['cloud', 'lb', 'start', IDS.lbBatch, ...flags]);
      expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, `ops: unknown option '${flags[0]}'`]);
    }
    const named = await ops(['cloud', 'lb', 'start', 'lb-batch']);
    expect(named.stderr.split('\n')[0]).toBe('ops: invalid load balancer "lb-batch": not an id');
    expect(named.code).toBe(2);
    expect(await requests()).toEqual({});
  });

  it('metrics: each of the eight; -o csv one column per series; a chart on a terminal', async () => {
    const range = [
      '--since',
      '2026-01-01T00:00:00Z',
      '--until',
      '2026-01-01T06:00:00Z',
      '--granularity',
      '1h',
    ];
    for (const metric of [
      'requests',
      'requests-per-second',
      'dataTransferred',
      'data-transferred-per-second',
      'connections',
      'connectionsPerSecond',
      'responseCodes',
      'response-codes-per-second',
    ]) {
      const r = await ops(['cloud', 'lb', 'metrics', IDS.lbWeb, metric, ...range, '--json']);
      expect(`${metric}: ${r.code} ${r.stderr}`).toBe(`${metric}: 0 `);
      expect(json<{ _metadata: { aggregation: string } }>(r.stdout)._metadata.aggregation).toBe('SUM');
    }
    const csv = await ops(['cloud', 'lb', 'metrics', IDS.lbWeb, 'responseCodes', ...range, '-o', 'csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('timestamp,2xx,3xx,4xx,5xx');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^2026-01-01T00:00:00Z,\d+,\d+,\d+,\d+$/);
    const tty = await runMain(['cloud', 'lb', 'metrics', IDS.lbWeb, 'responseCodes', ...range], {
      env: sb.env,
      tty: true,
    });
    const chart = tty.stdout.trimEnd().split('\n');
    // The title wraps at the terminal's 80 columns.
    expect(chart.slice(0, 2).join(' ')).toBe(
      `responseCodes of load balancer ${IDS.lbWeb} (responses, SUM), every 1h`,
    );
    expect(chart.every((l) => l.length <= 80)).toBe(true);
    expect(chart.slice(3, 7).map((l) => l.slice(0, 4))).toEqual(['2xx ', '3xx ', '4xx ', '5xx ']);
    expect(chart[7]).toBe('totals:');
    const data = await runMain(['cloud', 'lb', 'metrics', IDS.lbWeb, 'dataTransferred', ...range], {
      env: sb.env,
      tty: true,
    });
    expect(data.stdout).toMatch(/\ndataIn \(B\)\n/);
    expect(data.stdout).toMatch(/\ndataOut +█+ +[\d.]+ (KB|MB|GB)\n/);
  });

  it('request metrics of a TCP listener: the API says they do not exist (400, exit 1)', async () => {
    const r = await ops(['cloud', 'lb', 'metrics', IDS.lbTcp, 'requests']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/its listener is TCP/);
  });
});

describe('ops cloud asg', () => {
  interface Group {
    id: string;
    type: string;
    state: string;
    reference: string;
    desiredAmount: number | null;
    targetGroups: Array<{ id: string; name: string }>;
  }

  /** `asg create` of a MANUAL group of `desired` instances made from web-01. */
  const manualGroup = (reference: string, desired: number) => [
    ...['cloud', 'asg', 'create', '--type', 'MANUAL', '--reference', reference],
    ...['--instance', IDS.web01, '--desired', String(desired)],
  ];

  it('create MANUAL, see it CREATING then ACTIVE on the clock, list its instances, update, delete', async () => {
    const made = await ops([...manualGroup('pool', 3), '--json']);
    expect(made.code).toBe(0);
    const g = json<Group>(made.stdout);
    expect(g).toMatchObject({ type: 'MANUAL', state: 'CREATING', desiredAmount: 3, targetGroups: [] });
    sb.sandbox.clock.advance(60_000);
    expect((await ops(['cloud', 'asg', 'get', g.id, '--field', 'state'])).stdout).toBe('ACTIVE\n');
    const inst = await ops(['cloud', 'asg', 'instances', g.id]);
    expect(inst.stdout.trim().split('\n')).toHaveLength(4);
    expect(inst.stdout).toMatch(
      /pool-1\s+RUNNING\s+cld\.m5\.large\s+eu-west-3\s+10\.40\.\d+\.\d+\s+AUTO_SCALED_INSTANCE/,
    );
    const up = await ops(['cloud', 'asg', 'update', g.id, '--desired', '5', '--json']);
    expect(json<Group>(up.stdout)).toMatchObject({ desiredAmount: 5, state: 'UPDATING' });
    const del = await ops(['cloud', 'asg', 'delete', g.id, '--yes', '--json']);
    expect(del.code).toBe(0);
    expect(json(del.stdout)).toEqual({ deleted: true, kind: 'auto scaling group', id: g.id });
    expect((await ops(['cloud', 'asg', 'get', g.id, '--field', 'state'])).stdout).toBe('DESTROYING\n');
  });

  it('create and delete wait by default until the group settles, on the sandbox clock', async () => {
    const made = await advancing([...manualGroup('waited', 2), '--json']);
    expect(made.code).toBe(0);
    const g = json<Group>(made.stdout);
    expect(g.state).toBe('ACTIVE');
    expect(made.looks).toBeGreaterThan(2);
    const del = await advancing(['cloud', 'asg', 'delete', g.id, '--yes']);
    expect(del).toMatchObject({ code: 0, stdout: '' });
    expect((await ops(['cloud', 'asg', 'get', g.id, '--field', 'state'])).stdout).toBe('DESTROYED\n');
  });

  it('create reads the instance first: a transitional one is refused with no POST', async () => {
    await ops(['cloud', 'instance', 'stop', IDS.web01]);
    const r = await ops([...manualGroup('x', 1)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /it is STOPPING, and make an auto scaling group from needs it RUNNING or STOPPED/,
    );
    expect((await requests())['POST /publicCloud/v1/autoScalingGroups']).toBeUndefined();
  });

  it('update reads the group: a flag of another type is a usage error before the PUT', async () => {
    const r = await ops(['cloud', 'asg', 'update', IDS.asgWeb, '--min', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^ops: --min does not apply to a MANUAL group\nhint: it is for CPU_BASED groups\n$/,
    );
    expect(await sent('PUT')).toBe(0);
    const minMax = await ops(['cloud', 'asg', 'update', IDS.asgBatch, '--min', '5']);
    expect(minMax.stderr).toMatch(/the minimum \(5\) would be above the maximum \(4\)/);
  });

  it('list with filters; get shows target groups; register and deregister', async () => {
    const list = await ops(['cloud', 'asg', 'list']);
    expect(list.stdout).toMatch(/^ID\s+REFERENCE\s+TYPE\s+STATE\s+REGION\s+SIZE\s+UPDATED\n/);
    expect(list.stdout).toMatch(/asg-batch\s+CPU_BASED\s+ACTIVE\s+us-east-1\s+1–4/);
    const sched = await ops(['cloud', 'asg', 'list', '--type', 'SCHEDULED', '--field', 'state']);
    expect(sched.stdout).toBe('CREATED\n');
    const reg = await ops(['cloud', 'asg', 'register-target-group', IDS.asgWeb, IDS.tgHttps, '--json']);
    expect(json<Group>(reg.stdout).targetGroups.map((t) => t.name)).toEqual(['web-http', 'web-https']);
    const get = await ops(['cloud', 'asg', 'get', IDS.asgWeb]);
    expect(get.stdout).toMatch(
      /target groups\s+web-http HTTP:80 \(3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601\), web-https HTTPS:443/,
    );
    const wrongRegion = await ops(['cloud', 'asg', 'register-target-group', IDS.asgWeb, IDS.tgTcp]);
    expect(wrongRegion.code).toBe(1);
    expect(wrongRegion.stderr).toMatch(
      /\nhint: targetGroupId: target group jobs-tcp is in us-east-1, the group in eu-west-3\n$/,
    );
    const dereg = await ops(['cloud', 'asg', 'deregister-target-group', IDS.asgWeb, IDS.tgHttp, '--json']);
    expect(json<Group>(dereg.stdout).targetGroups.map((t) => t.name)).toEqual(['web-https']);
  });
});

describe('names or ids: instances and scaling groups', () => {
  it('an id is used as is, with no list read; a name costs one list read', async () => {
    await ops(['cloud', 'instance', 'get', IDS.web01]);
    expect((await requests())['GET /publicCloud/v1/instances']).toBeUndefined();
    const r = await ops(['cloud', 'instance', 'get', 'db-01', '--field', 'id']);
    expect(r.stdout).toBe(`${IDS.db01}\n`);
    expect((await requests())['GET /publicCloud/v1/instances']).toBe(1);
    const g = await ops(['cloud', 'asg', 'get', 'asg-batch', '--field', 'id']);
    expect(g.stdout).toBe(`${IDS.asgBatch}\n`);
  });

  it('an unknown name is exit 2 naming the candidates, and nothing else is sent', async () => {
    const r = await ops(['cloud', 'instance', 'stop', 'web-99']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: no instance is named "web-99"\n' +
        'hint: give an id or one of the names: web-01, web-02, db-01, batch-01, win-01, bsd-01 ' +
        '(`ops cloud instance list` lists them)\n',
    );
    expect(await sent('POST')).toBe(0);
    expect(Object.keys(await requests())).toEqual(['GET /publicCloud/v1/instances']);
  });

  it('an ambiguous name is exit 2 naming the ids; either id then works', async () => {
    const made = await ops([
      'cloud',
      'asg',
      'create',
      '--type',
      'MANUAL',
      '--reference',
      'asg-web',
      '--instance',
      'web-02',
      '--desired',
      '1',
      '--field',
      'id',
    ]);
    expect(made.code).toBe(0);
    const second = made.stdout.trim();
    const r = await ops(['cloud', 'asg', 'delete', 'asg-web', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: 2 auto scaling groups are named "asg-web"\n' +
        `hint: give the id of one: ${IDS.asgWeb}, ${second} (\`ops cloud asg list\` lists them)\n`,
    );
    expect(await sent('DELETE')).toBe(0);
    expect((await ops(['cloud', 'asg', 'get', second, '--field', 'reference'])).stdout).toBe('asg-web\n');
  });

  it('--dry-run sends the list read, names it on stderr, and prints the change with the id', async () => {
    const r = await ops(['cloud', 'instance', 'stop', 'web-01', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^dry run: sent GET http:\/\/127\.0\.0\.1:\d+\/cloud\/publicCloud\/v1\/instances\?limit=50 \(read-only, to plan\)\n/,
    );
    expect(r.stdout).toMatch(new RegExp(`^curl -X POST \\S+/instances/${IDS.web01}/stop `));
    expect(await sent('POST')).toBe(0);
  });

  it('asg create and asg list take the instance by reference', async () => {
    const list = await ops(['cloud', 'asg', 'list', '--instance', 'batch-01', '--field', 'reference']);
    expect(list.stdout).toBe('asg-batch\n');
    expect((await requests())['GET /publicCloud/v1/instances']).toBe(1);
  });
});

describe('errors and exit codes', () => {
  it('401 for a wrong key: exit 4, the errorResult on one line, the hint names the key', async () => {
    const r = await ops(['cloud', 'regions'], { env: { OPS_CLOUD_API_KEY: 'wrong' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: cloud: \(401\) You are not authorized to view this resource\. \(HTTP 401, request [0-9a-f-]{36}\)\nhint: check the API key \(OPS_CLOUD_API_KEY or `ops config set cloud\.api_key -`\)\n$/,
    );
    const j = await ops(['cloud', 'regions', '--json'], { env: { OPS_CLOUD_API_KEY: 'wrong' } });
    expect(JSON.parse(j.stderr)).toMatchObject({
      error: { code: '401', status: 401, service: 'cloud', requestId: expect.any(String) },
    });
  });

  it('no key at all: exit 4 before any request; --token-stdin on the verb gives one', async () => {
    const r = await ops(['cloud', 'regions'], { env: { OPS_CLOUD_API_KEY: undefined } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: cloud: no api key is set\nhint: set OPS_CLOUD_API_KEY, .*; or pipe it to --token-stdin\n$/,
    );
    expect(stats().requests).toBe(0);
    const ok = await ops(['cloud', 'regions', '--token-stdin', '--field', 'name'], {
      env: { OPS_CLOUD_API_KEY: undefined },
      input: 'sandbox-cloud-api-key\n',
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n')[0]).toBe('eu-west-3');
  });

  it('429 with Retry-After, then success (the emulator’s own limit and an injected one)', async () => {
    for (let i = 0; i < 3; i++) expect((await ops(['cloud', 'regions'], { env: limited.env })).code).toBe(0);
    const blocked = await ops(['cloud', 'regions', '--retries', '0'], { env: limited.env });
    expect(blocked.code).toBe(5);
    expect(blocked.stderr).toMatch(/^ops: cloud: \(429\) Too many requests; slow down\. \(HTTP 429/);
    await sb.fault({
      service: 'cloud',
      path: '/publicCloud/v1/instances',
      kind: 'status',
      status: 429,
      retryAfter: 0,
      body: {
        correlationId: '4b1d0000-0000-4000-8000-000000000429',
        errorCode: '429',
        errorMessage: 'Too many requests',
      },
    });
    const r = await ops(['cloud', 'instance', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(json<Instance[]>(r.stdout)).toHaveLength(7);
    expect((await requests())['GET /publicCloud/v1/instances']).toBe(2);
  });

  it('5xx: retried for a read, exit 7 once the budget is spent, the correlation id offered for support', async () => {
    await sb.fault({
      service: 'cloud',
      kind: 'status',
      status: 503,
      count: 5,
      body: {
        correlationId: '5e7f0000-0000-4000-8000-000000000503',
        errorCode: '503',
        errorMessage: 'The API is not available at the moment.',
      },
    });
    const r = await ops(['cloud', 'instance', 'get', IDS.web01, '--retries', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      'ops: cloud: (503) The API is not available at the moment. (HTTP 503, request 5e7f0000-0000-4000-8000-000000000503)\nhint: if it persists, quote correlation id 5e7f0000-0000-4000-8000-000000000503 to support\n',
    );
    expect((await requests())[`GET /publicCloud/v1/instances/${IDS.web01}`]).toBe(2);
  });

  it('a 500 on a POST action is not resent: exit 7', async () => {
    await sb.fault({
      service: 'cloud',
      method: 'POST',
      kind: 'status',
      status: 500,
      body: { errorCode: '500', errorMessage: 'boom' },
    });
    const r = await ops(['cloud', 'instance', 'stop', IDS.web01]);
    expect(r.code).toBe(7);
    expect((await requests())[`POST /publicCloud/v1/instances/${IDS.web01}/stop`]).toBe(1);
  });

  it('a timeout: exit 6', async () => {
    await sb.fault({ service: 'cloud', kind: 'delay', delayMs: 1500 });
    const r = await ops(['cloud', 'regions', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /^ops: cloud: no answer from 127\.0\.0\.1:\d+ within 0\.3 s\nhint: raise --timeout/,
    );
  });

  it('a dropped connection: retried for a read; exit 7 when it keeps dropping', async () => {
    await sb.fault({ service: 'cloud', kind: 'drop' });
    expect((await ops(['cloud', 'regions', '--json'])).code).toBe(0);
    await sb.fault({ service: 'cloud', kind: 'drop', count: 5 });
    const r = await ops(['cloud', 'regions', '--retries', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('dropped before a complete answer');
  });

  it('a body that is not JSON: exit 7 naming what came back (a 200, and a proxy’s HTML page)', async () => {
    await sb.fault({ service: 'cloud', kind: 'malformed' });
    const r = await ops(['cloud', 'instance', 'get', IDS.web01]);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('a body that is not valid JSON');
    await sb.fault({ service: 'cloud', kind: 'html', status: 502, count: 5 });
    const html = await ops(['cloud', 'regions', '--retries', '0']);
    expect(html.code).toBe(7);
    expect(html.stderr).toBe('ops: cloud: 502 Bad Gateway (HTTP 502)\n');
  });

  it.each([
    [
      [
        'cloud',
        'instance',
        'launch',
        '--region',
        'eu-west-3',
        '--type',
        'cld.m5.large',
        '--image',
        'WINDOWS_SERVER_2022_64BIT',
        '--contract-type',
        'HOURLY',
        '--storage',
        'CENTRAL',
        '--root-disk-size',
        '40',
      ],
      /too small for a Windows image/,
    ],
    [['cloud', 'instance', 'get', 'web\u001b01'], /invalid instance "web\\e01"/],
    [['cloud', 'lb', 'start', 'x'.repeat(256)], /invalid load balancer "x{40}…": not an id/],
    [
      ['cloud', 'instance', 'metrics', 'cpu', IDS.web01, '--since', '2025-02-30'],
      /^ops: invalid --since "2025-02-30": no such date or time\n/,
    ],
    [
      ['cloud', 'lb', 'metrics', IDS.lbWeb, 'requests', '--until', '2025-13-01'],
      /^ops: invalid --until "2025-13-01": no such date or time\n/,
    ],
    [['cloud', 'instance', 'list', '--limit', '1e2'], /^ops: invalid --limit "1e2"\n/],
    [['cloud', 'regions', '--token-stdin'], /^ops: --token-stdin is empty\n/],
    [['cloud', 'instance', 'list', '--state', 'ASLEEP'], /invalid --state "ASLEEP"/],
    [
      [
        'cloud',
        'asg',
        'create',
        '--type',
        'CPU_BASED',
        '--reference',
        'x',
        '--instance',
        IDS.web01,
        '--min',
        '1',
        '--max',
        '2',
        '--warmup',
        '10',
      ],
      /--warmup must be at least 60/,
    ],
    [['cloud', 'lb', 'metrics', IDS.lbWeb, 'latency'], /unknown metric "latency"/],
    [['cloud', 'instance', 'metrics', 'cpu', IDS.web01, '--granularity', '2h'], /invalid --granularity "2h"/],
    [
      ['cloud', 'instance', 'terminate', IDS.db01, '--reason-code', 'CANCEL_OTHER', '--yes'],
      /needs --reason/,
    ],
  ])('bad input %#: exit 2 and no request sent', async (args, message) => {
    const r = await ops(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(stats().requests).toBe(0);
    expect(await requests()).toEqual({});
  });

  it('--dry-run reads the instance to plan (named on stderr), prints the change as curl with the key masked, sends no change', async () => {
    const r = await ops([
      'cloud',
      'instance',
      'terminate',
      IDS.db01,
      '--reason-code',
      'CANCEL_TRIAL_PERIOD',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `curl -X DELETE ${sb.url}/cloud/publicCloud/v1/instances/${IDS.db01} -H 'accept: application/json' -H 'user-agent: ops/0.0.0-dev' -H 'content-type: application/json' -H 'X-Cloud-Auth: '"$(ops auth token cloud)" --data-binary '{"reasonCode":"CANCEL_TRIAL_PERIOD"}'\n`,
    );
    expect(r.stderr).toBe(
      `dry run: sent GET ${sb.url}/cloud/publicCloud/v1/instances/${IDS.db01} (read-only, to plan)\n`,
    );
    expect(Object.keys(await requests())).toEqual([`GET /publicCloud/v1/instances/${IDS.db01}`]);
  });
});

describe('the built CLI', () => {
  it('ops cloud --help lists the groups; a list and an error exit as they should', async () => {
    const help = await runCli(['cloud', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\n {2}instance +Instances: /);
    expect(help.stdout).toMatch(/\n {2}lb\|load-balancer +Load balancers/);
    expect(help.stdout).toMatch(/\n {2}asg +Auto scaling groups/);
    const list = await runCli(['cloud', 'instance', 'list', '--state', 'RUNNING', '-o', 'ndjson'], {
      env: sb.env,
    });
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).reference),
    ).toEqual(['web-01', 'web-02', 'db-01', 'win-01', 'bsd-01']);
    const bad = await runCli(['cloud', 'instance', 'start', IDS.web01], { env: sb.env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('start needs it STOPPED');
  });
});

describe('conformance with specs/cloud.openapi.json', () => {
  it.skipIf(conformance.skipped)('requests and responses of every command match the spec', async () => {
    if (conformance.skipped) return;
    const env = { OPS_CLOUD_BASE_URL: conformance.baseUrl };
    const steps: Array<[string[], number, string?]> = [
      [['regions'], 0],
      [['instance-types', '--region', 'eu-west-3', '--all'], 0],
      [['images', '--custom'], 0],
      [
        [
          'instance',
          'list',
          '--state',
          'RUNNING,STOPPED',
          '--region',
          'eu-west-3',
          '--type',
          'cld.m5.large',
          '--contract-type',
          'HOURLY',
          '--contract-state',
          'ACTIVE',
          '--ip',
          '198.51.100.11',
          '--reference',
          'web-01',
          '--image',
          'UBUNTU_24_04_64BIT',
        ],
        0,
      ],
      [['instance', 'list', '--all'], 0],
      [['instance', 'get', IDS.web02], 0],
      [['instance', 'get', 'web-02'], 0],
      [['asg', 'get', 'asg-peak'], 0],
      [
        [
          'instance',
          'launch',
          '--region',
          'eu-west-3',
          '--type',
          'cld.m5.large',
          '--image',
          'UBUNTU_24_04_64BIT',
          '--contract-type',
          'MONTHLY',
          '--contract-term',
          '12',
          '--billing-frequency',
          '1',
          '--storage',
          'CENTRAL',
          '--reference',
          'conf',
          '--root-disk-size',
          '30',
          '--market-app',
          'PLESK_WEB_PRO',
        ],
        0,
      ],
      [
        [
          'instance',
          'launch',
          '--region',
          'eu-west-3',
          '--type',
          'cld.m5.large',
          '--image',
          '7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20',
          '--contract-type',
          'HOURLY',
          '--storage',
          'LOCAL',
        ],
        0,
      ],
      [
        [
          'instance',
          'update',
          IDS.web01,
          '--reference',
          'conf',
          '--root-disk-size',
          '40',
          '--type',
          'cld.m5.xlarge',
        ],
        0,
      ],
      [['instance', 'types', IDS.web01], 0],
      [['instance', 'console', IDS.web01], 0],
      [
        ['instance', 'credentials', 'store', IDS.web01, '--type', 'OPERATING_SYSTEM', '--username', 'deploy'],
        0,
        'pa55word',
      ],
      [
        [
          'instance',
          'credentials',
          'update',
          IDS.web01,
          '--type',
          'OPERATING_SYSTEM',
          '--username',
          'deploy',
        ],
        0,
        'n3w-pass',
      ],
      [['instance', 'credentials', 'list', IDS.web01], 0],
      [['instance', 'credentials', 'list', IDS.web01, '--type', 'OPERATING_SYSTEM'], 0],
      [
        [
          'instance',
          'credentials',
          'get',
          IDS.web01,
          '--type',
          'OPERATING_SYSTEM',
          '--username',
          'deploy',
          '--show-password',
        ],
        0,
      ],
      [
        [
          'instance',
          'credentials',
          'delete',
          IDS.web01,
          '--type',
          'OPERATING_SYSTEM',
          '--username',
          'deploy',
          '--yes',
        ],
        0,
      ],
      [['instance', 'credentials', 'delete', IDS.win01, '--all', '--yes'], 0],
      [
        [
          'instance',
          'metrics',
          'cpu',
          IDS.web01,
          '--since',
          '2026-01-01',
          '--until',
          '2026-01-02',
          '--granularity',
          '60m',
        ],
        0,
      ],
      [['instance', 'snapshot', 'create', IDS.web01, '--name', 'conf'], 0],
      [['instance', 'snapshot', 'list', IDS.db01], 0],
      [['instance', 'snapshot', 'get', IDS.db01, IDS.db01Snapshot], 0],
      [['instance', 'snapshot', 'restore', IDS.db01, IDS.db01Snapshot, '--yes'], 0],
      [['instance', 'snapshot', 'delete', IDS.db01, IDS.db01Snapshot, '--yes'], 0],
      [['instance', 'private-network', 'add', IDS.db01], 0],
      [['instance', 'private-network', 'remove', IDS.web02], 0],
      [['instance', 'stop', IDS.bsd01], 0],
      [['instance', 'start', IDS.batch01], 0],
      [['instance', 'reboot', IDS.web02], 0],
      [
        [
          'instance',
          'terminate',
          IDS.db01,
          '--reason-code',
          'CANCEL_OTHER',
          '--reason',
          'conformance',
          '--yes',
        ],
        0,
      ],
      [['instance', 'cancel-termination', IDS.db01], 0],
      [['instance', 'terminate', IDS.legacy01, '--yes'], 0],
      [['lb', 'start', IDS.lbBatch], 0],
      [['lb', 'stop', IDS.lbWeb], 0],
      [['lb', 'reboot', IDS.lbTcp], 0],
      [
        [
          'lb',
          'metrics',
          IDS.lbWeb,
          'requests',
          '--since',
          '2026-01-01T00:00:00Z',
          '--until',
          '2026-01-01T06:00:00Z',
          '--granularity',
          '1h',
        ],
        0,
      ],
      [['lb', 'metrics', IDS.lbWeb, 'requestsPerSecond', '--granularity', '1h'], 0],
      [['lb', 'metrics', IDS.lbWeb, 'dataTransferred', '--granularity', '1d'], 0],
      [['lb', 'metrics', IDS.lbWeb, 'dataTransferredPerSecond', '--granularity', '30m'], 0],
      [['lb', 'metrics', IDS.lbTcp, 'connections', '--granularity', '1h'], 0],
      [['lb', 'metrics', IDS.lbTcp, 'connectionsPerSecond', '--granularity', '1h'], 0],
      [['lb', 'metrics', IDS.lbWeb, 'responseCodes', '--granularity', '1h'], 0],
      [['lb', 'metrics', IDS.lbWeb, 'responseCodesPerSecond', '--granularity', '1h'], 0],
      [
        [
          'asg',
          'list',
          '--type',
          'MANUAL',
          '--region',
          'eu-west-3',
          '--state',
          'ACTIVE',
          '--instance',
          IDS.web01,
          '--reference',
          'asg-web',
        ],
        0,
      ],
      [['asg', 'get', IDS.asgWeb], 0],
      [
        [
          'asg',
          'create',
          '--type',
          'MANUAL',
          '--reference',
          'conf',
          '--instance',
          IDS.web01,
          '--desired',
          '2',
        ],
        0,
      ],
      [
        [
          'asg',
          'create',
          '--type',
          'CPU_BASED',
          '--reference',
          'conf',
          '--instance',
          IDS.win01,
          '--min',
          '1',
          '--max',
          '3',
          '--cpu-threshold',
          '60',
          '--warmup',
          '120',
          '--cooldown',
          '300',
        ],
        0,
      ],
      [
        [
          'asg',
          'create',
          '--type',
          'SCHEDULED',
          '--reference',
          'conf',
          '--instance',
          IDS.win01,
          '--desired',
          '2',
          '--starts-at',
          '+1d',
          '--ends-at',
          '+2d',
        ],
        0,
      ],
      [['asg', 'update', IDS.asgBatch, '--max', '6', '--reference', 'conf'], 0],
      [['asg', 'update', IDS.asgPeak, '--starts-at', '+2d', '--ends-at', '+3d'], 0],
      [['asg', 'instances', IDS.asgWeb], 0],
      [['asg', 'register-target-group', IDS.asgWeb, IDS.tgHttps], 0],
      [['asg', 'deregister-target-group', IDS.asgWeb, IDS.tgHttp], 0],
      [['asg', 'delete', IDS.asgPeak, '--yes'], 0],
      // Error answers are errorResult bodies, as the spec declares them.
      [['instance', 'get', '00000000-0000-4000-8000-000000000000'], 3],
      [['instance', 'update', IDS.win01, '--root-disk-size', '6'], 1],
      [['lb', 'stop', IDS.lbBatch], 1],
      [['asg', 'register-target-group', IDS.asgWeb, IDS.tgTcp], 1],
      [['regions'], 4, 'wrong-key'],
    ];
    for (const [args, code, input] of steps) {
      const stdinKey = code === 4;
      const r = await ops(['cloud', ...args, ...(stdinKey ? ['--token-stdin'] : []), '--retries', '0'], {
        env,
        input,
      });
      expect(`${args.join(' ')} → ${r.code} ${r.stderr}`).toBe(`${args.join(' ')} → ${code} ${r.stderr}`);
    }
    expect(conformance.seen()).toBeGreaterThanOrEqual(steps.length + 20);
    // The spec types a metrics answer's `_metadata.granularity` as oneOf the CPU list (5m, 10m, 30m, 60m,
    // DAY) and the load-balancer list (5m, 10m, 30m, 1h, 1d, 1w): 5m, 10m and 30m are in both, so no
    // answer at those granularities can satisfy "exactly one". That one check is left out, and only for
    // those values; every other part of those answers is still checked.
    const ambiguous = (v: { code: string; location: string[]; path: string }) =>
      v.code === 'oneOf' &&
      v.location.join('.') === 'response.body._metadata.granularity' &&
      /granularity=(5m|10m|30m)(&|$)/.test(v.path);
    expect(conformance.violations().filter((v) => !ambiguous(v))).toEqual([]);
  });
});
