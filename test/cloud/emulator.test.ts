import { describe, expect, it } from 'vitest';
import { BROKEN_IMAGE_ID, CUSTOM_IMAGE_ID } from '../../src/sandbox/cloud/catalog.js';
import { IDS, cloudEmulator } from './helpers.js';

type Body = Record<string, unknown> & {
  errorCode?: string;
  errorMessage?: string;
  correlationId?: string;
  errorDetails?: Record<string, string[]>;
  _metadata?: { totalCount: number; offset: number; limit: number };
};

const LAUNCH = {
  region: 'eu-west-3',
  type: 'cld.m5.large',
  imageId: 'UBUNTU_24_04_64BIT',
  contractType: 'HOURLY',
  rootDiskStorageType: 'CENTRAL',
};

async function launched(e: ReturnType<typeof cloudEmulator>, extra: Record<string, unknown> = {}) {
  const r = await e.call<{ id: string; state: string }>('POST', '/instances', {
    body: { ...LAUNCH, ...extra },
  });
  expect(r.status).toBe(201);
  return r.body;
}
const state = async (e: ReturnType<typeof cloudEmulator>, id: string) =>
  (await e.call<{ state: string }>('GET', `/instances/${id}`)).body.state;

describe('auth and errors', () => {
  it('a missing or wrong X-Cloud-Auth is 401 with an errorResult, on every path', async () => {
    const e = cloudEmulator();
    for (const headers of [{ 'x-cloud-auth': '' }, { 'x-cloud-auth': 'wrong' }]) {
      for (const path of ['/regions', `/instances/${IDS.web01}`, '/no/such/path']) {
        const r = await e.call<Body>('GET', path, { headers });
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({
          errorCode: '401',
          errorMessage: 'You are not authorized to view this resource.',
        });
        expect(r.body.correlationId).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      }
    }
    expect(e.emulator.stats!()).toMatchObject({ unauthorized: 6 });
  });

  it('unknown path 404, wrong method 405, bad id 400, unknown id 404: all errorResult bodies with a fresh correlationId', async () => {
    const e = cloudEmulator();
    const a = await e.call<Body>('GET', '/nothing');
    expect(a).toMatchObject({ status: 404, body: { errorCode: '404' } });
    expect((await e.call<Body>('PATCH', '/instances')).status).toBe(405);
    const bad = await e.call<Body>('GET', '/instances/web-01');
    expect(bad).toMatchObject({ status: 400, body: { errorDetails: { instanceId: ['must be a UUID'] } } });
    const none = await e.call<Body>('GET', '/instances/00000000-0000-4000-8000-000000000000');
    expect(none).toMatchObject({
      status: 404,
      body: { errorMessage: 'Instance 00000000-0000-4000-8000-000000000000 not found' },
    });
    expect(none.body.correlationId).not.toBe(bad.body.correlationId);
  });

  it('cloud.rate_limit: 429 with Retry-After as an errorResult', async () => {
    const e = cloudEmulator({ 'cloud.rate_limit': '2', 'cloud.rate_period': '10' });
    expect((await e.call('GET', '/regions')).status).toBe(200);
    expect((await e.call('GET', '/regions')).status).toBe(200);
    const r = await e.call<Body>('GET', '/regions');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('10');
    expect(r.body.errorCode).toBe('429');
    e.advance(10);
    expect((await e.call('GET', '/regions')).status).toBe(200);
  });
});

describe('regions, instance types, images, paging', () => {
  it('_metadata carries totalCount, offset and limit; offset/limit slice; bad values are 400', async () => {
    const e = cloudEmulator();
    const r = await e.call<Body & { regions: Array<{ name: string }> }>('GET', '/regions?offset=6&limit=5');
    expect(r.body._metadata).toEqual({ totalCount: 8, offset: 6, limit: 5 });
    expect(r.body.regions.map((x) => x.name)).toEqual(['ca-central-1', 'ap-northeast-1']);
    expect((await e.call<Body>('GET', '/regions?limit=-1')).body.errorDetails).toEqual({
      limit: ['must be a whole number >= 0'],
    });
  });

  it('instance types need a known region, default to pages of 50, and price in the region’s currency', async () => {
    const e = cloudEmulator();
    expect((await e.call<Body>('GET', '/instanceTypes')).body.errorDetails).toEqual({
      region: ['is required'],
    });
    expect((await e.call('GET', '/instanceTypes?region=mars')).status).toBe(400);
    const us = await e.call<
      Body & { instanceTypes: Array<{ name: string; prices: { currency: string }; storageTypes: string[] }> }
    >('GET', '/instanceTypes?region=us-east-1');
    expect(us.body._metadata).toMatchObject({ offset: 0, limit: 50 });
    expect(us.body._metadata!.totalCount).toBeGreaterThan(50);
    expect(us.body.instanceTypes[0]).toMatchObject({
      name: 'cld.m3.large',
      storageTypes: ['LOCAL'],
      prices: { currency: 'USD' },
    });
    const tokyo = await e.call<Body>('GET', '/instanceTypes?region=ap-northeast-1&limit=0');
    expect(tokyo.body._metadata!.totalCount).toBeLessThan(us.body._metadata!.totalCount);
  });

  it('images: operating systems and the custom ones of a region', async () => {
    const e = cloudEmulator();
    const r = await e.call<{ images: Array<{ id: string; custom: boolean }> }>('GET', '/images?custom=true');
    expect(r.body.images.map((i) => i.id)).toEqual([CUSTOM_IMAGE_ID, BROKEN_IMAGE_ID]);
  });
});

describe('launch', () => {
  it('201 with the instance in CREATING, RUNNING after 60 s of sandbox time', async () => {
    const e = cloudEmulator();
    const i = await launched(e, {
      reference: 'x',
      contractType: 'MONTHLY',
      contractTerm: 3,
      billingFrequency: 3,
    });
    expect(i).toMatchObject({
      state: 'CREATING',
      reference: 'x',
      startedAt: null,
      productType: 'INSTANCE',
      hasUserData: false,
    });
    expect(i).toMatchObject({ contract: { type: 'MONTHLY', term: 3, billingFrequency: 3, state: 'ACTIVE' } });
    e.advance(59);
    expect(await state(e, i.id)).toBe('CREATING');
    e.advance(1);
    expect(await state(e, i.id)).toBe('RUNNING');
    expect(e.emulator.stats!()).toMatchObject({ launched: 1 });
  });

  it('the broken custom image ends FAILED', async () => {
    const e = cloudEmulator();
    const i = await launched(e, { imageId: BROKEN_IMAGE_ID });
    e.advance(60);
    expect(await state(e, i.id)).toBe('FAILED');
  });

  it.each([
    ['required fields', {}, ['region', 'type', 'imageId', 'contractType', 'rootDiskStorageType']],
    ['an unknown region', { ...LAUNCH, region: 'eu-west-9' }, ['region']],
    ['an unknown type', { ...LAUNCH, type: 'cld.m5.9xlarge' }, ['type']],
    [
      'a type not offered in the region',
      { ...LAUNCH, region: 'eu-central-1', type: 'cld.m3.large', rootDiskStorageType: 'LOCAL' },
      ['type'],
    ],
    ['a term with HOURLY', { ...LAUNCH, contractTerm: 12 }, ['contractTerm']],
    ['a billing frequency with HOURLY', { ...LAUNCH, billingFrequency: 1 }, ['billingFrequency']],
    [
      'a term outside the enumeration',
      { ...LAUNCH, contractType: 'MONTHLY', contractTerm: 2 },
      ['contractTerm'],
    ],
    ['a root disk of 4 GB', { ...LAUNCH, rootDiskSize: 4 }, ['rootDiskSize']],
    ['a root disk of 1001 GB', { ...LAUNCH, rootDiskSize: 1001 }, ['rootDiskSize']],
    [
      'Windows under 50 GB',
      { ...LAUNCH, imageId: 'WINDOWS_SERVER_2022_64BIT', rootDiskSize: 40 },
      ['rootDiskSize'],
    ],
    [
      'an ssh key for Windows',
      { ...LAUNCH, imageId: 'WINDOWS_SERVER_2022_64BIT', sshKey: 'ssh-ed25519 AAAA x' },
      ['sshKey'],
    ],
    [
      'an ssh key and user data',
      { ...LAUNCH, sshKey: 'ssh-ed25519 AAAA x', userData: '#!/bin/sh' },
      ['userData'],
    ],
    ['a key that is not a public key', { ...LAUNCH, sshKey: 'hello' }, ['sshKey']],
    ['LOCAL-only type with CENTRAL storage', { ...LAUNCH, type: 'cld.m3.large' }, ['rootDiskStorageType']],
    [
      'a custom image of another region',
      { ...LAUNCH, region: 'us-east-1', imageId: CUSTOM_IMAGE_ID },
      ['imageId'],
    ],
    ['an unknown image', { ...LAUNCH, imageId: 'TEMPLEOS' }, ['imageId']],
    ['a market app for the wrong image', { ...LAUNCH, marketAppId: 'CPANEL_30' }, ['marketAppId']],
    ['an unknown field', { ...LAUNCH, colour: 'blue' }, ['colour']],
  ])('400 for %s, each field named in errorDetails', async (_n, body, fields) => {
    const e = cloudEmulator();
    const r = await e.call<Body>('POST', '/instances', { body });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errorDetails ?? {}).sort()).toEqual([...fields].sort());
    expect(e.emulator.stats!()).toMatchObject({ launched: 0, invalid: 1 });
  });

  it('accepts a FreeBSD image with an ssh key, and a Windows image at 50 GB', async () => {
    const e = cloudEmulator();
    await launched(e, { imageId: 'FREEBSD_14_64BIT', sshKey: 'ssh-ed25519 AAAAC3Nza me@host' });
    await launched(e, { imageId: 'WINDOWS_SERVER_2022_64BIT', rootDiskSize: 50 });
    await launched(e, { imageId: 'ALMALINUX_9_64BIT', marketAppId: 'CPANEL_30', userData: '#cloud-config' });
  });
});

describe('the instance state machine on the sandbox clock', () => {
  it('stop: RUNNING → STOPPING → STOPPED; start: → STARTING → RUNNING; reboot: STOPPING, STARTING, RUNNING', async () => {
    const e = cloudEmulator();
    const id = IDS.web01;
    expect((await e.call('POST', `/instances/${id}/stop`)).status).toBe(202);
    expect(await state(e, id)).toBe('STOPPING');
    e.advance(30);
    expect(await state(e, id)).toBe('STOPPED');
    expect((await e.call('POST', `/instances/${id}/start`)).status).toBe(202);
    expect(await state(e, id)).toBe('STARTING');
    e.advance(30);
    const running = (await e.call<{ state: string; startedAt: string }>('GET', `/instances/${id}`)).body;
    expect(running.state).toBe('RUNNING');
    expect(Date.parse(running.startedAt)).toBeGreaterThan(Date.now());
    expect((await e.call('POST', `/instances/${id}/reboot`)).status).toBe(202);
    expect(await state(e, id)).toBe('STOPPING');
    e.advance(10);
    expect(await state(e, id)).toBe('STARTING');
    e.advance(20);
    expect(await state(e, id)).toBe('RUNNING');
  });

  it.each([
    ['start', IDS.web01, 'RUNNING'],
    ['stop', IDS.batch01, 'STOPPED'],
    ['reboot', IDS.batch01, 'STOPPED'],
  ])('400 to %s an instance that is %s… in the wrong state', async (action, id, current) => {
    const e = cloudEmulator();
    const r = await e.call<Body>('POST', `/instances/${id}/${action}`);
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toContain(`it is ${current}`);
  });

  it('an action on a transitional instance is refused too', async () => {
    const e = cloudEmulator();
    const i = await launched(e);
    expect((await e.call('POST', `/instances/${i.id}/stop`)).status).toBe(400);
  });
});

describe('terminate and cancel termination', () => {
  it('HOURLY: DESTROYING at once, DESTROYED 30 s later; a second terminate is 400', async () => {
    const e = cloudEmulator();
    expect((await e.call('DELETE', `/instances/${IDS.bsd01}`)).status).toBe(200);
    expect(await state(e, IDS.bsd01)).toBe('DESTROYING');
    e.advance(30);
    const gone = (
      await e.call<{ state: string; contract: { state: string } }>('GET', `/instances/${IDS.bsd01}`)
    ).body;
    expect(gone).toMatchObject({ state: 'DESTROYED', contract: { state: 'INACTIVE' } });
    expect((await e.call('DELETE', `/instances/${IDS.bsd01}`)).status).toBe(400);
  });

  it('MONTHLY needs a reason code (and a reason for CANCEL_OTHER); it ends at contract.endsAt', async () => {
    const e = cloudEmulator();
    expect((await e.call<Body>('DELETE', `/instances/${IDS.db01}`)).body.errorDetails).toEqual({
      reasonCode: ['is required to terminate a MONTHLY contract'],
    });
    expect(
      (await e.call<Body>('DELETE', `/instances/${IDS.db01}`, { body: { reasonCode: 'CANCEL_OTHER' } })).body
        .errorDetails,
    ).toEqual({
      reason: ['is required when reasonCode is CANCEL_OTHER'],
    });
    expect(
      (await e.call<Body>('DELETE', `/instances/${IDS.db01}`, { body: { reasonCode: 'BORED' } })).status,
    ).toBe(400);
    expect(
      (await e.call('DELETE', `/instances/${IDS.db01}`, { body: { reasonCode: 'CANCEL_TRIAL_PERIOD' } }))
        .status,
    ).toBe(200);
    const db = (
      await e.call<{ state: string; contract: { state: string; endsAt: string } }>(
        'GET',
        `/instances/${IDS.db01}`,
      )
    ).body;
    expect(db).toMatchObject({ state: 'RUNNING', contract: { state: 'DELETE_SCHEDULED' } });
    // Still running the day before the end; cancel works until then.
    e.clock.advance(Date.parse(db.contract.endsAt) - e.clock.now() - 86_400_000);
    expect(await state(e, IDS.db01)).toBe('RUNNING');
    expect((await e.call('POST', `/instances/${IDS.db01}/cancelTermination`)).status).toBe(204);
    expect((await e.call('POST', `/instances/${IDS.db01}/cancelTermination`)).status).toBe(400);
    expect(
      (await e.call('DELETE', `/instances/${IDS.db01}`, { body: { reasonCode: 'CANCEL_PRODUCT_SWITCH' } }))
        .status,
    ).toBe(200);
    e.advance(86_400 + 31);
    expect(await state(e, IDS.db01)).toBe('DESTROYED');
    const late = await e.call<Body>('POST', `/instances/${IDS.db01}/cancelTermination`);
    expect(late.status).toBe(400);
  });

  it('cancelTermination of an HOURLY instance is 400', async () => {
    const e = cloudEmulator();
    const r = await e.call<Body>('POST', `/instances/${IDS.web01}/cancelTermination`);
    expect(r.status).toBe(400);
    expect(r.body.errorMessage).toContain('HOURLY');
  });
});

describe('update and the types an instance can change to', () => {
  it('only bigger types of its region and storage; disks only grow; HOURLY may become MONTHLY, not back', async () => {
    const e = cloudEmulator();
    const types = (
      await e.call<{ instanceTypes: Array<{ name: string }> }>(
        'GET',
        `/instances/${IDS.web01}/instanceTypesUpdate`,
      )
    ).body.instanceTypes.map((t) => t.name);
    expect(types).toContain('cld.m5.xlarge');
    expect(types).not.toContain('cld.m5.large');
    expect(types).not.toContain('cld.c5.large');
    expect(
      (await e.call<Body>('PUT', `/instances/${IDS.web01}`, { body: { type: 'cld.c5.large' } })).status,
    ).toBe(400);
    expect(
      (await e.call<Body>('PUT', `/instances/${IDS.web01}`, { body: { rootDiskSize: 10 } })).body
        .errorDetails,
    ).toHaveProperty('rootDiskSize');
    expect((await e.call<Body>('PUT', `/instances/${IDS.web01}`, { body: {} })).status).toBe(400);
    const up = await e.call<{ type: string; contract: { type: string; term: number }; iso: null }>(
      'PUT',
      `/instances/${IDS.web01}`,
      {
        body: { type: 'cld.m5.xlarge', contractType: 'MONTHLY', contractTerm: 12 },
      },
    );
    expect(up.body).toMatchObject({
      type: 'cld.m5.xlarge',
      contract: { type: 'MONTHLY', term: 12 },
      iso: null,
    });
    expect(
      (await e.call<Body>('PUT', `/instances/${IDS.web01}`, { body: { contractType: 'HOURLY' } })).status,
    ).toBe(400);
    expect(
      (await e.call<Body>('PUT', `/instances/${IDS.batch01}`, { body: { contractTerm: 12 } })).body
        .errorDetails,
    ).toEqual({
      contractTerm: ['only for a MONTHLY contract'],
    });
  });
});

describe('list filters', () => {
  it('state is comma-separated; every filter matches exactly; unknown enum values are 400', async () => {
    const e = cloudEmulator();
    const refs = async (q: string) =>
      (
        await e.call<{ instances: Array<{ reference: string }> }>('GET', `/instances?${q}`)
      ).body.instances.map((i) => i.reference);
    expect(await refs('state=STOPPED')).toEqual(['batch-01', null]);
    expect(await refs('state=STOPPED,RUNNING&region=eu-west-3&contractType=MONTHLY')).toEqual(['db-01']);
    expect(await refs('contractState=DELETE_SCHEDULED')).toEqual(['win-01']);
    expect(await refs('imageId=FREEBSD_14_64BIT')).toEqual(['bsd-01']);
    expect(await refs('ip=10.32.0.12')).toEqual(['web-02']);
    expect(await refs(`id=${IDS.web01}`)).toEqual(['web-01']);
    expect((await e.call<Body>('GET', '/instances?state=ASLEEP')).status).toBe(400);
    expect((await e.call<Body>('GET', '/instances?type=cld.x.large')).status).toBe(400);
  });
});

describe('snapshots', () => {
  it('of a RUNNING instance only; one per instance; CREATING for 30 s + 5 s per GiB, then READY', async () => {
    const e = cloudEmulator();
    expect(
      (await e.call<Body>('POST', `/instances/${IDS.batch01}/snapshots`, { body: { name: 'x' } })).body
        .errorMessage,
    ).toContain('it is STOPPED; a snapshot needs it RUNNING');
    expect(
      (await e.call<Body>('POST', `/instances/${IDS.db01}/snapshots`, { body: { name: 'x' } })).body
        .errorMessage,
    ).toContain('only one snapshot per instance');
    expect(
      (await e.call<Body>('POST', `/instances/${IDS.web01}/snapshots`, { body: {} })).body.errorDetails,
    ).toEqual({ name: ['is required'] });
    const r = await e.call('POST', `/instances/${IDS.web01}/snapshots`, { body: { name: 'before-upgrade' } });
    expect(r).toMatchObject({ status: 202, raw: undefined });
    const list = await e.call<
      Body & { snapshots: Array<{ id: string; displayName: string; state: string }> }
    >('GET', `/instances/${IDS.web01}/snapshots`);
    expect(list.body._metadata).toEqual({ totalCount: 1, offset: 0, limit: 20 });
    const snap = list.body.snapshots[0]!;
    expect(snap).toMatchObject({ displayName: 'before-upgrade', state: 'CREATING' });
    // cld.m5.large has 8 GiB: 30 + 40 s.
    e.advance(69);
    expect(
      (await e.call<{ state: string }>('GET', `/instances/${IDS.web01}/snapshots/${snap.id}`)).body.state,
    ).toBe('CREATING');
    expect((await e.call<Body>('DELETE', `/instances/${IDS.web01}/snapshots/${snap.id}`)).status).toBe(400);
    expect((await e.call<Body>('PUT', `/instances/${IDS.web01}/snapshots/${snap.id}`)).status).toBe(400);
    e.advance(1);
    expect(
      (await e.call<{ state: string }>('GET', `/instances/${IDS.web01}/snapshots/${snap.id}`)).body.state,
    ).toBe('READY');
    expect((await e.call('PUT', `/instances/${IDS.web01}/snapshots/${snap.id}`)).status).toBe(202);
    expect((await e.call('DELETE', `/instances/${IDS.web01}/snapshots/${snap.id}`)).status).toBe(202);
    expect((await e.call('GET', `/instances/${IDS.web01}/snapshots/${snap.id}`)).status).toBe(404);
    // A snapshot of another instance is not found under this one.
    expect((await e.call('GET', `/instances/${IDS.web01}/snapshots/${IDS.db01Snapshot}`)).status).toBe(404);
  });
});

describe('the private network rule', () => {
  it('membership changes only without snapshots; add twice or remove when out is 400', async () => {
    const e = cloudEmulator();
    const db = await e.call<Body>('PUT', `/instances/${IDS.db01}/addToPrivateNetwork`);
    expect(db.status).toBe(400);
    expect(db.body.errorMessage).toContain('it has 1 snapshot(s)');
    expect((await e.call('PUT', `/instances/${IDS.web01}/addToPrivateNetwork`)).status).toBe(202);
    const web = (
      await e.call<{ hasPrivateNetwork: boolean; privateNetwork: { status: string } }>(
        'GET',
        `/instances/${IDS.web01}`,
      )
    ).body;
    expect(web).toMatchObject({ hasPrivateNetwork: true, privateNetwork: { status: 'CONNECTED' } });
    expect((await e.call('PUT', `/instances/${IDS.web01}/addToPrivateNetwork`)).status).toBe(400);
    expect((await e.call('DELETE', `/instances/${IDS.web02}/removeFromPrivateNetwork`)).status).toBe(202);
    expect((await e.call('DELETE', `/instances/${IDS.web02}/removeFromPrivateNetwork`)).status).toBe(400);
    // A snapshot blocks removal too.
    await e.call('POST', `/instances/${IDS.web01}/snapshots`, { body: { name: 's' } });
    expect((await e.call('DELETE', `/instances/${IDS.web01}/removeFromPrivateNetwork`)).status).toBe(400);
  });
});

describe('credentials', () => {
  it('store (username rule, all fields required, no duplicates), list without passwords, get, update, delete', async () => {
    const e = cloudEmulator();
    const base = `/instances/${IDS.web01}/credentials`;
    expect(
      (
        await e.call<Body>('POST', base, {
          body: { type: 'OPERATING_SYSTEM', username: 'a b', password: 'p' },
        })
      ).body.errorDetails,
    ).toEqual({
      username: ['only letters, digits and @ . - _'],
    });
    expect(Object.keys((await e.call<Body>('POST', base, { body: {} })).body.errorDetails!).sort()).toEqual([
      'password',
      'type',
      'username',
    ]);
    const stored = await e.call('POST', base, {
      body: { type: 'OPERATING_SYSTEM', username: 'deploy@x.y-z_1', password: 's3cret' },
    });
    expect(stored).toMatchObject({
      status: 200,
      body: { type: 'OPERATING_SYSTEM', username: 'deploy@x.y-z_1', password: 's3cret' },
    });
    expect(
      (
        await e.call('POST', base, {
          body: { type: 'OPERATING_SYSTEM', username: 'deploy@x.y-z_1', password: 'x' },
        })
      ).status,
    ).toBe(400);
    const list = await e.call<{ credentials: unknown[] }>('GET', base);
    expect(list.body.credentials).toEqual([{ type: 'OPERATING_SYSTEM', username: 'deploy@x.y-z_1' }]);
    expect(
      (await e.call<{ credentials: unknown[] }>('GET', `${base}/CONTROL_PANEL`)).body.credentials,
    ).toEqual([]);
    expect((await e.call('GET', `${base}/SSH`)).status).toBe(400);
    const one = `${base}/OPERATING_SYSTEM/${encodeURIComponent('deploy@x.y-z_1')}`;
    expect(
      (await e.call<{ password: string }>('PUT', one, { body: { password: 'n3w' } })).body.password,
    ).toBe('n3w');
    expect((await e.call<{ password: string }>('GET', one)).body.password).toBe('n3w');
    expect((await e.call('DELETE', one)).status).toBe(204);
    expect((await e.call('GET', one)).status).toBe(404);
    expect((await e.call('DELETE', `/instances/${IDS.db01}/credentials`)).status).toBe(204);
    expect(
      (await e.call<{ credentials: unknown[] }>('GET', `/instances/${IDS.db01}/credentials`)).body
        .credentials,
    ).toEqual([]);
  });
});

describe('console', () => {
  it('a link with a token for a RUNNING instance; 400 otherwise', async () => {
    const e = cloudEmulator();
    expect((await e.call<{ url: string }>('GET', `/instances/${IDS.web01}/console`)).body.url).toMatch(
      /^https:\/\/console\.cloud\.sandbox\.example\/vnc\.html\?autoconnect=true&token=[0-9a-f]{32}$/,
    );
    expect((await e.call('GET', `/instances/${IDS.batch01}/console`)).status).toBe(400);
  });
});

describe('CPU metrics', () => {
  type Cpu = {
    metrics: { cpuMetrics: { unit: string; values: Array<{ value: number; timestamp: string }> } };
    _metadata: Record<string, unknown>;
  };
  it("the seed's granularities (1d, 1w, 1h) as well as the vendor's 60m", async () => {
    const e = cloudEmulator();
    const q = (g: string) =>
      `/instances/${IDS.web01}/metrics/cpu?from=2026-01-01&to=2026-01-07&granularity=${g}`;
    expect((await e.call<Cpu>('GET', q('1d'))).body.metrics.cpuMetrics.values).toHaveLength(7);
    expect((await e.call<Cpu>('GET', q('1w'))).body.metrics.cpuMetrics.values).toHaveLength(1);
    expect((await e.call<Cpu>('GET', q('1h'))).body.metrics.cpuMetrics.values).toHaveLength(168);
    expect((await e.call('GET', q('2d'))).status).toBe(400);
  });

  it('deterministic values between the dates (to included) at the granularity, with a summary', async () => {
    const e = cloudEmulator();
    const q = `/instances/${IDS.web01}/metrics/cpu?from=2026-01-01&to=2026-01-02&granularity=60m`;
    const a = (await e.call<Cpu>('GET', q)).body;
    expect(a.metrics.cpuMetrics.values).toHaveLength(48);
    expect(a.metrics.cpuMetrics.values[0]!.timestamp).toBe('2026-01-01T00:00:00Z');
    expect(a._metadata).toMatchObject({
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-03T00:00:00Z',
      unit: '%',
      granularity: '60m',
    });
    const values = a.metrics.cpuMetrics.values.map((v) => v.value);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThanOrEqual(100);
    expect((await cloudEmulator().call<Cpu>('GET', q)).body).toEqual(a);
    const other = (await e.call<Cpu>('GET', q.replace(IDS.web01, IDS.db01))).body;
    expect(other.metrics.cpuMetrics.values).not.toEqual(a.metrics.cpuMetrics.values);
  });

  it.each([
    ['from=2026-01-01T00:00:00Z', 'from'],
    ['to=yesterday', 'to'],
    ['granularity=2h', 'granularity'],
    ['from=2026-02-01&to=2026-01-01', 'to'],
    ['from=2025-01-01&to=2026-01-01&granularity=5m', 'granularity'],
  ])('400 for %s', async (q, field) => {
    const r = await cloudEmulator().call<Body>('GET', `/instances/${IDS.web01}/metrics/cpu?${q}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errorDetails!)).toEqual([field]);
  });
});

describe('load balancers', () => {
  it('has no read of load balancers or target groups: seed 002 lists none, so none is served', async () => {
    const e = cloudEmulator();
    for (const path of [
      '/loadBalancers',
      `/loadBalancers/${IDS.lbWeb}`,
      '/targetGroups',
      `/targetGroups/${IDS.tgHttp}`,
    ])
      expect((await e.call('GET', path)).status, path).toBe(404);
  });

  it('start when stopped, stop and reboot when running, each through a transition on the clock', async () => {
    const e = cloudEmulator();
    const lbs = () => e.emulator.stats!().balancers as Record<string, string>;
    expect((await e.call<Body>('POST', `/loadBalancers/${IDS.lbBatch}/stop`)).body.errorMessage).toContain(
      'it is STOPPED',
    );
    expect((await e.call('POST', `/loadBalancers/${IDS.lbBatch}/start`)).status).toBe(202);
    expect(lbs()[IDS.lbBatch]).toBe('STARTING');
    expect((await e.call('POST', `/loadBalancers/${IDS.lbBatch}/reboot`)).status).toBe(400);
    e.advance(20);
    expect(lbs()[IDS.lbBatch]).toBe('RUNNING');
    expect((await e.call('POST', `/loadBalancers/${IDS.lbWeb}/start`)).status).toBe(400);
    expect((await e.call('POST', `/loadBalancers/${IDS.lbWeb}/stop`)).status).toBe(202);
    e.advance(20);
    expect(lbs()[IDS.lbWeb]).toBe('STOPPED');
    expect((await e.call('POST', `/loadBalancers/${IDS.lbTcp}/reboot`)).status).toBe(202);
    expect(lbs()[IDS.lbTcp]).toBe('STARTING');
    expect((await e.call('POST', '/loadBalancers/00000000-0000-4000-8000-000000000000/start')).status).toBe(
      404,
    );
  });

  type M = { metrics: Record<string, unknown>; _metadata: Record<string, unknown> };
  it('the eight metrics: one series or named ones, SUM per bucket or per second, deterministic', async () => {
    const e = cloudEmulator();
    const q = '?from=2026-01-01T00:00:00Z&to=2026-01-01T06:00:00Z&granularity=1h';
    const get = async (metric: string, lb = IDS.lbWeb) =>
      (await e.call<M>('GET', `/loadBalancers/${lb}/metrics/${metric}${q}`)).body;
    const requests = await get('requests');
    expect(requests._metadata).toEqual({
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-01T06:00:00Z',
      granularity: '1h',
      aggregation: 'SUM',
    });
    expect(requests.metrics).toMatchObject({ unit: 'requests' });
    expect((requests.metrics as { values: unknown[] }).values).toHaveLength(6);
    expect((await get('requestsPerSecond')).metrics).toMatchObject({ unit: 'requests/sec' });
    expect((await get('connections')).metrics).toMatchObject({ unit: 'connections' });
    expect((await get('connectionsPerSecond')).metrics).toMatchObject({ unit: 'connections/s' });
    expect(Object.keys((await get('dataTransferred')).metrics)).toEqual(['dataIn', 'dataOut']);
    expect((await get('dataTransferredPerSecond')).metrics).toMatchObject({ dataIn: { unit: 'B/s' } });
    expect(Object.keys((await get('responseCodes')).metrics)).toEqual(['2xx', '3xx', '4xx', '5xx']);
    expect((await get('responseCodesPerSecond')).metrics).toMatchObject({ '5xx': { unit: 'responses/s' } });
    expect(await get('requests')).toEqual(requests);
    // Per second × seconds in the bucket is about the SUM.
    const perSec = ((await get('requestsPerSecond')).metrics as { values: Array<{ value: number }> })
      .values[0]!.value;
    const sum = (requests.metrics as { values: Array<{ value: number }> }).values[0]!.value;
    expect(Math.abs(sum - perSec * 3600) / sum).toBeLessThan(0.01);
  });

  it('request metrics are not available for a TCP listener; bad ranges and names are refused', async () => {
    const e = cloudEmulator();
    const tcp = await e.call<Body>('GET', `/loadBalancers/${IDS.lbTcp}/metrics/requests`);
    expect(tcp.status).toBe(400);
    expect(tcp.body.errorMessage).toContain('its listener is TCP');
    expect((await e.call('GET', `/loadBalancers/${IDS.lbTcp}/metrics/connections`)).status).toBe(200);
    expect((await e.call('GET', `/loadBalancers/${IDS.lbWeb}/metrics/latency`)).status).toBe(404);
    const r = await e.call<Body>(
      'GET',
      `/loadBalancers/${IDS.lbWeb}/metrics/requests?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(r.body.errorDetails).toEqual({ to: ['must be later than from'] });
    expect(
      (await e.call<Body>('GET', `/loadBalancers/${IDS.lbWeb}/metrics/requests?granularity=60m`)).body
        .errorDetails,
    ).toHaveProperty('granularity');
    expect(
      (await e.call<Body>('GET', `/loadBalancers/${IDS.lbWeb}/metrics/requests?from=2026-01-01`)).body
        .errorDetails,
    ).toHaveProperty('from');
  });
});

describe('auto scaling groups', () => {
  const create = (e: ReturnType<typeof cloudEmulator>, body: Record<string, unknown>) =>
    e.call<Body & { id: string; state: string; targetGroups: unknown[] }>('POST', '/autoScalingGroups', {
      body,
    });
  const future = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');

  it('create: 201, CREATING for a minute then ACTIVE, in the instance’s region; its instances follow', async () => {
    const e = cloudEmulator();
    const r = await create(e, { type: 'MANUAL', reference: 'pool', instanceId: IDS.web01, desiredAmount: 3 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      state: 'CREATING',
      region: 'eu-west-3',
      desiredAmount: 3,
      cpuThreshold: null,
      targetGroups: [],
    });
    const instances = async () =>
      (
        await e.call<{ instances: Array<{ state: string; productType: string }> }>(
          'GET',
          `/autoScalingGroups/${r.body.id}/instances`,
        )
      ).body.instances;
    expect((await instances()).map((i) => i.state)).toEqual(['CREATING', 'CREATING', 'CREATING']);
    e.advance(60);
    expect((await e.call<{ state: string }>('GET', `/autoScalingGroups/${r.body.id}`)).body.state).toBe(
      'ACTIVE',
    );
    expect((await instances())[0]).toMatchObject({ state: 'RUNNING', productType: 'AUTO_SCALED_INSTANCE' });
  });

  it('CPU_BASED gets defaults for the optional fields; SCHEDULED is CREATED outside its window, ACTIVE inside', async () => {
    const e = cloudEmulator();
    const cpu = await create(e, {
      type: 'CPU_BASED',
      reference: 'c',
      instanceId: IDS.batch01,
      minimumAmount: 2,
      maximumAmount: 5,
    });
    expect(cpu.body).toMatchObject({
      minimumAmount: 2,
      maximumAmount: 5,
      cpuThreshold: 80,
      warmupTime: 300,
      cooldownTime: 300,
      desiredAmount: null,
    });
    const s = await create(e, {
      type: 'SCHEDULED',
      reference: 's',
      instanceId: IDS.web02,
      desiredAmount: 2,
      startsAt: future(1),
      endsAt: future(2),
    });
    expect(s.status).toBe(201);
    e.advance(120);
    const state = async () =>
      (await e.call<{ state: string }>('GET', `/autoScalingGroups/${s.body.id}`)).body.state;
    expect(await state()).toBe('CREATED');
    e.advance(86_400);
    expect(await state()).toBe('ACTIVE');
    e.advance(86_400);
    expect(await state()).toBe('CREATED');
  });

  it.each([
    ['nothing', {}, ['instanceId', 'reference', 'type']],
    [
      'MANUAL without desiredAmount',
      { type: 'MANUAL', reference: 'r', instanceId: IDS.web01 },
      ['desiredAmount'],
    ],
    [
      'SCHEDULED without its window',
      { type: 'SCHEDULED', reference: 'r', instanceId: IDS.web01, desiredAmount: 1 },
      ['endsAt', 'startsAt'],
    ],
    [
      'CPU_BASED without amounts',
      { type: 'CPU_BASED', reference: 'r', instanceId: IDS.web01 },
      ['maximumAmount', 'minimumAmount'],
    ],
    [
      'desiredAmount 0',
      { type: 'MANUAL', reference: 'r', instanceId: IDS.web01, desiredAmount: 0 },
      ['desiredAmount'],
    ],
    [
      'cpuThreshold 0',
      {
        type: 'CPU_BASED',
        reference: 'r',
        instanceId: IDS.web01,
        minimumAmount: 1,
        maximumAmount: 2,
        cpuThreshold: 0,
      },
      ['cpuThreshold'],
    ],
    [
      'warmupTime 901',
      {
        type: 'CPU_BASED',
        reference: 'r',
        instanceId: IDS.web01,
        minimumAmount: 1,
        maximumAmount: 2,
        warmupTime: 901,
      },
      ['warmupTime'],
    ],
    [
      'cooldownTime 200',
      {
        type: 'CPU_BASED',
        reference: 'r',
        instanceId: IDS.web01,
        minimumAmount: 1,
        maximumAmount: 2,
        cooldownTime: 200,
      },
      ['cooldownTime'],
    ],
    [
      'minimum above maximum',
      { type: 'CPU_BASED', reference: 'r', instanceId: IDS.web01, minimumAmount: 3, maximumAmount: 2 },
      ['maximumAmount'],
    ],
    [
      'a field of another type',
      { type: 'MANUAL', reference: 'r', instanceId: IDS.web01, desiredAmount: 1, cpuThreshold: 50 },
      ['cpuThreshold'],
    ],
    [
      'a reference of 256',
      { type: 'MANUAL', reference: 'r'.repeat(256), instanceId: IDS.web01, desiredAmount: 1 },
      ['reference'],
    ],
    [
      'an unknown instance',
      {
        type: 'MANUAL',
        reference: 'r',
        instanceId: '00000000-0000-4000-8000-000000000000',
        desiredAmount: 1,
      },
      ['instanceId'],
    ],
    [
      'a window that ends before it starts',
      {
        type: 'SCHEDULED',
        reference: 'r',
        instanceId: IDS.web01,
        desiredAmount: 1,
        startsAt: future(2),
        endsAt: future(1),
      },
      ['endsAt'],
    ],
  ])('400 for %s', async (_n, body, fields) => {
    const r = await create(cloudEmulator(), body);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errorDetails!).sort()).toEqual(fields);
  });

  it('the source instance must be RUNNING or STOPPED', async () => {
    const e = cloudEmulator();
    await e.call('POST', `/instances/${IDS.web01}/stop`);
    const r = await create(e, { type: 'MANUAL', reference: 'r', instanceId: IDS.web01, desiredAmount: 1 });
    expect(r.body.errorDetails).toEqual({
      instanceId: ['the instance is STOPPING; it must be RUNNING or STOPPED'],
    });
  });

  it('update: not type or instance, fields of its type only, the schedule together; UPDATING for a while', async () => {
    const e = cloudEmulator();
    const put = (id: string, body: unknown) =>
      e.call<Body & { state: string; desiredAmount: number }>('PUT', `/autoScalingGroups/${id}`, { body });
    expect((await put(IDS.asgWeb, { type: 'CPU_BASED' })).body.errorDetails).toEqual({
      type: ['cannot be changed'],
    });
    expect((await put(IDS.asgWeb, { minimumAmount: 2 })).body.errorDetails).toEqual({
      minimumAmount: ['does not apply to a MANUAL group'],
    });
    expect((await put(IDS.asgPeak, { startsAt: future(3) })).body.errorDetails).toHaveProperty('endsAt');
    expect((await put(IDS.asgBatch, { maximumAmount: 0 })).status).toBe(400);
    const ok = await put(IDS.asgWeb, { desiredAmount: 4, reference: 'web' });
    expect(ok.body).toMatchObject({ state: 'UPDATING', desiredAmount: 4, reference: 'web' });
    expect((await put(IDS.asgWeb, { desiredAmount: 5 })).body.errorMessage).toContain('it is UPDATING');
  });

  it('target groups: register (same region, once), deregister (when registered)', async () => {
    const e = cloudEmulator();
    const post = (verb: string, id: string, tg: string) =>
      e.call<Body & { targetGroups: Array<{ id: string }> }>(
        'POST',
        `/autoScalingGroups/${id}/${verb}TargetGroup`,
        { body: { targetGroupId: tg } },
      );
    const r = await post('register', IDS.asgWeb, IDS.tgHttps);
    expect(r.status).toBe(200);
    expect(r.body.targetGroups.map((t) => t.id)).toEqual([IDS.tgHttp, IDS.tgHttps]);
    expect((await post('register', IDS.asgWeb, IDS.tgHttps)).status).toBe(400);
    expect((await post('register', IDS.asgWeb, IDS.tgTcp)).body.errorDetails).toHaveProperty('targetGroupId');
    expect((await post('register', IDS.asgWeb, 'not-a-uuid')).status).toBe(400);
    expect((await post('deregister', IDS.asgWeb, IDS.tgHttp)).body.targetGroups.map((t) => t.id)).toEqual([
      IDS.tgHttps,
    ]);
    expect((await post('deregister', IDS.asgWeb, IDS.tgHttp)).status).toBe(400);
  });

  it('delete: 204, DESTROYING then DESTROYED; a second delete is 400; list filters', async () => {
    const e = cloudEmulator();
    const refs = async (q: string) =>
      (
        await e.call<{ autoScalingGroups: Array<{ reference: string }> }>('GET', `/autoScalingGroups?${q}`)
      ).body.autoScalingGroups.map((g) => g.reference);
    expect(await refs('')).toEqual(['asg-web', 'asg-batch', 'asg-peak']);
    expect(await refs('type=CPU_BASED')).toEqual(['asg-batch']);
    expect(await refs('state=CREATED')).toEqual(['asg-peak']);
    expect(await refs(`instanceId=${IDS.web01}`)).toEqual(['asg-web']);
    expect((await e.call('GET', '/autoScalingGroups?state=BUSY')).status).toBe(400);
    expect((await e.call('DELETE', `/autoScalingGroups/${IDS.asgPeak}`)).status).toBe(204);
    expect(await refs('state=DESTROYING')).toEqual(['asg-peak']);
    e.advance(60);
    expect(await refs('state=DESTROYED')).toEqual(['asg-peak']);
    expect((await e.call('DELETE', `/autoScalingGroups/${IDS.asgPeak}`)).status).toBe(400);
    expect(
      (await e.call<{ instances: unknown[] }>('GET', `/autoScalingGroups/${IDS.asgPeak}/instances`)).body
        .instances,
    ).toEqual([]);
  });
});
