import { describe, expect, it } from 'vitest';
import { type CloudClient, createCloudClient } from '../../src/clients/cloud/client.js';
import { descriptor } from '../../src/clients/cloud/index.js';
import { collect } from '../../src/clients/http/paginate.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { serviceHttp, useMockAgent } from '../helpers/http.js';

const ORIGIN = 'http://cloud.test';
const P = '/c/publicCloud/v1';
const KEY = 'cloud-secret-key';
const ID = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01';
const SNAP = '8c1e5f20-3a4b-4c5d-8e6f-7a8b9c0d1e01';
const LB = '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01';
const ASG = 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01';
const TG = '3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a601';
const mock = useMockAgent();

async function client(retries = 2): Promise<CloudClient> {
  return createCloudClient(
    await serviceHttp(
      descriptor,
      { api_key: KEY },
      { baseUrl: `${ORIGIN}/c`, dispatcher: mock.agent(), retries, sleeps: mock.sleeps() },
    ),
  );
}
const pool = () => mock.agent().get(ORIGIN);
const AUTH = { 'x-cloud-auth': KEY };
const meta = (totalCount: number, offset = 0, limit = 50) => ({ totalCount, offset, limit });
const items = async <T>(pages: AsyncIterable<Page<T>>) => {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
};

function expectJson(method: string, path: string, body: unknown, status = 200, answer: unknown = {}) {
  pool()
    .intercept({
      method,
      path,
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: (b: string) => {
        expect(JSON.parse(b)).toEqual(body);
        return true;
      },
    })
    .reply(status, answer as object, { headers: { 'content-type': 'application/json' } });
}
function expectCall(method: string, path: string, status: number, answer?: unknown) {
  pool()
    .intercept({ method, path, headers: AUTH })
    .reply(
      status,
      (answer ?? '') as string,
      answer === undefined ? {} : { headers: { 'content-type': 'application/json' } },
    );
}

describe('each operation: method, path, query, the X-Cloud-Auth header and the body', () => {
  it('lists: regions, instance types (region R), images, instances with every filter (state comma-separated)', async () => {
    const c = await client();
    expectCall('GET', `${P}/regions?limit=50`, 200, {
      regions: [{ name: 'eu-west-3', location: 'Amsterdam' }],
      _metadata: meta(1),
    });
    expect(await items(c.getRegionList())).toEqual([{ name: 'eu-west-3', location: 'Amsterdam' }]);
    expectCall('GET', `${P}/instanceTypes?region=us-east-1&limit=1`, 200, {
      instanceTypes: [{ name: 'cld.m5.large' }],
      _metadata: meta(80, 0, 5),
    });
    expect(
      await collect(c.getInstanceTypeList('us-east-1', { limit: 1 }) as AsyncIterable<unknown>),
    ).toHaveLength(1);
    expectCall('GET', `${P}/images?custom=true&limit=50`, 200, { images: [], _metadata: meta(0) });
    expect(await items(c.getImageList({ custom: true }))).toEqual([]);
    expectCall(
      'GET',
      `${P}/instances?state=RUNNING%2CSTOPPED&region=eu-west-3&type=cld.m5.large&contractType=HOURLY&contractState=ACTIVE&ip=198.51.100.11&reference=web-01&imageId=UBUNTU_24_04_64BIT&limit=50`,
      200,
      { instances: [{ id: ID }], _metadata: meta(1) },
    );
    const list = await items(
      c.getInstanceList({
        state: ['RUNNING', 'STOPPED'],
        region: 'eu-west-3',
        type: 'cld.m5.large',
        contractType: 'HOURLY',
        contractState: 'ACTIVE',
        ip: '198.51.100.11',
        reference: 'web-01',
        imageId: 'UBUNTU_24_04_64BIT',
      }),
    );
    expect(list).toEqual([{ id: ID }]);
  });

  it('instances: launch 201, get, update, terminate (body only when given), cancel, start/stop/reboot 202, console, types', async () => {
    const c = await client();
    const body = {
      region: 'eu-west-3',
      type: 'cld.m5.large',
      imageId: 'UBUNTU_24_04_64BIT',
      contractType: 'HOURLY' as const,
      rootDiskStorageType: 'CENTRAL' as const,
      sshKey: 'ssh-ed25519 AAAA x',
    };
    expectJson('POST', `${P}/instances`, body, 201, { id: ID, state: 'CREATING' });
    expect(await c.launchInstance(body)).toEqual({ id: ID, state: 'CREATING' });
    expectCall('GET', `${P}/instances/${ID}`, 200, { id: ID, state: 'RUNNING' });
    expect((await c.getInstance(ID)).state).toBe('RUNNING');
    expectJson('PUT', `${P}/instances/${ID}`, { reference: 'x', rootDiskSize: 40 }, 200, {
      id: ID,
      reference: 'x',
    });
    expect((await c.updateInstance(ID, { reference: 'x', rootDiskSize: 40 })).reference).toBe('x');
    expectJson('DELETE', `${P}/instances/${ID}`, { reasonCode: 'CANCEL_OTHER', reason: 'moving' }, 200);
    await c.terminateInstance(ID, { reasonCode: 'CANCEL_OTHER', reason: 'moving' });
    pool()
      .intercept({
        method: 'DELETE',
        path: `${P}/instances/${ID}`,
        headers: (h: Record<string, string>) => h['x-cloud-auth'] === KEY && !('content-type' in h),
      })
      .reply(200, '');
    await c.terminateInstance(ID, {});
    expectCall('POST', `${P}/instances/${ID}/cancelTermination`, 204);
    await c.cancelInstanceTermination(ID);
    for (const verb of ['start', 'stop', 'reboot'] as const) {
      expectCall('POST', `${P}/instances/${ID}/${verb}`, 202);
      await c[`${verb}Instance`](ID);
    }
    expectCall('GET', `${P}/instances/${ID}/console`, 200, { url: 'https://console/x' });
    expect(await c.getConsoleAccess(ID)).toEqual({ url: 'https://console/x' });
    expectCall('GET', `${P}/instances/${ID}/instanceTypesUpdate?limit=50`, 200, {
      instanceTypes: [{ name: 'cld.m5.xlarge' }],
      _metadata: meta(1),
    });
    expect(await items(c.getUpdateInstanceTypeList(ID))).toEqual([{ name: 'cld.m5.xlarge' }]);
    expectCall('PUT', `${P}/instances/${ID}/addToPrivateNetwork`, 202);
    await c.addToPrivateNetwork(ID);
    expectCall('DELETE', `${P}/instances/${ID}/removeFromPrivateNetwork`, 202);
    await c.removeFromPrivateNetwork(ID);
  });

  it('credentials: list, by type, store, get, update (password in the body), delete one and all', async () => {
    const c = await client();
    expectCall('GET', `${P}/instances/${ID}/credentials`, 200, {
      credentials: [{ type: 'OPERATING_SYSTEM', username: 'root' }],
      _metadata: meta(1),
    });
    expect(await c.getCredentialList(ID)).toEqual([{ type: 'OPERATING_SYSTEM', username: 'root' }]);
    expectCall('GET', `${P}/instances/${ID}/credentials/CONTROL_PANEL`, 200, {
      credentials: [],
      _metadata: meta(0),
    });
    expect(await c.getCredentialListByType(ID, 'CONTROL_PANEL')).toEqual([]);
    const cred = { type: 'OPERATING_SYSTEM' as const, username: 'deploy', password: 'pa55' };
    expectJson('POST', `${P}/instances/${ID}/credentials`, cred, 200, cred);
    expect(await c.storeCredential(ID, cred)).toEqual(cred);
    expectCall('GET', `${P}/instances/${ID}/credentials/OPERATING_SYSTEM/deploy%40x`, 200, cred);
    expect(await c.getCredential(ID, 'OPERATING_SYSTEM', 'deploy@x')).toEqual(cred);
    expectJson(
      'PUT',
      `${P}/instances/${ID}/credentials/OPERATING_SYSTEM/deploy`,
      { password: 'n3w' },
      200,
      cred,
    );
    await c.updateCredential(ID, 'OPERATING_SYSTEM', 'deploy', 'n3w');
    expectCall('DELETE', `${P}/instances/${ID}/credentials/OPERATING_SYSTEM/deploy`, 204);
    await c.deleteCredential(ID, 'OPERATING_SYSTEM', 'deploy');
    expectCall('DELETE', `${P}/instances/${ID}/credentials`, 204);
    await c.deleteCredentials(ID);
  });

  it('metrics: CPU with dates, the eight load-balancer metrics with date-times', async () => {
    const c = await client();
    expectCall('GET', `${P}/instances/${ID}/metrics/cpu?from=2026-01-01&to=2026-01-02&granularity=60m`, 200, {
      metrics: { cpuMetrics: { unit: '%', values: [] } },
      _metadata: {},
    });
    await c.getCpuMetrics(ID, { from: '2026-01-01', to: '2026-01-02', granularity: '60m' });
    const methods = [
      ['getRequestsMetrics', 'requests'],
      ['getRequestsPerSecondMetrics', 'requestsPerSecond'],
      ['getDataTransferredMetrics', 'dataTransferred'],
      ['getDataTransferredPerSecondMetrics', 'dataTransferredPerSecond'],
      ['getConnectionsMetrics', 'connections'],
      ['getConnectionsPerSecondMetrics', 'connectionsPerSecond'],
      ['getResponseCodesMetrics', 'responseCodes'],
      ['getResponseCodesPerSecondMetrics', 'responseCodesPerSecond'],
    ] as const;
    for (const [method, metric] of methods) {
      expectCall(
        'GET',
        `${P}/loadBalancers/${LB}/metrics/${metric}?from=2026-01-01T00%3A00%3A00Z&granularity=1h`,
        200,
        { metrics: {}, _metadata: {} },
      );
      await c[method](LB, { from: '2026-01-01T00:00:00Z', granularity: '1h' });
    }
    for (const verb of ['start', 'stop', 'reboot'] as const) {
      expectCall('POST', `${P}/loadBalancers/${LB}/${verb}`, 202);
      await c[`${verb}LoadBalancer`](LB);
    }
  });

  it('snapshots: list, create {name} 202, get, restore PUT, delete', async () => {
    const c = await client();
    expectCall('GET', `${P}/instances/${ID}/snapshots?limit=50`, 200, {
      snapshots: [{ id: SNAP }],
      _metadata: meta(1),
    });
    expect(await items(c.getSnapshotList(ID))).toEqual([{ id: SNAP }]);
    expectJson('POST', `${P}/instances/${ID}/snapshots`, { name: 'before-upgrade' }, 202);
    await c.createSnapshot(ID, 'before-upgrade');
    expectCall('GET', `${P}/instances/${ID}/snapshots/${SNAP}`, 200, { id: SNAP, state: 'READY' });
    expect((await c.getSnapshot(ID, SNAP)).state).toBe('READY');
    expectCall('PUT', `${P}/instances/${ID}/snapshots/${SNAP}`, 202);
    await c.restoreSnapshot(ID, SNAP);
    expectCall('DELETE', `${P}/instances/${ID}/snapshots/${SNAP}`, 202);
    await c.deleteSnapshot(ID, SNAP);
  });

  it('auto scaling groups: create 201, list with filters, get, update, delete 204, instances, (de)register', async () => {
    const c = await client();
    const body = { type: 'MANUAL' as const, reference: 'web', instanceId: ID, desiredAmount: 2 };
    expectJson('POST', `${P}/autoScalingGroups`, body, 201, { id: ASG });
    expect(await c.createAutoScalingGroup(body)).toEqual({ id: ASG });
    expectCall('GET', `${P}/autoScalingGroups?type=MANUAL&region=eu-west-3&state=ACTIVE&limit=50`, 200, {
      autoScalingGroups: [{ id: ASG }],
      _metadata: meta(1),
    });
    expect(
      await items(c.getAutoScalingGroupList({ type: 'MANUAL', region: 'eu-west-3', state: 'ACTIVE' })),
    ).toHaveLength(1);
    expectCall('GET', `${P}/autoScalingGroups/${ASG}`, 200, { id: ASG, targetGroups: [] });
    await c.getAutoScalingGroup(ASG);
    expectJson('PUT', `${P}/autoScalingGroups/${ASG}`, { desiredAmount: 3 }, 200, { id: ASG });
    await c.updateAutoScalingGroup(ASG, { desiredAmount: 3 });
    expectCall('DELETE', `${P}/autoScalingGroups/${ASG}`, 204);
    await c.deleteAutoScalingGroup(ASG);
    expectCall('GET', `${P}/autoScalingGroups/${ASG}/instances?limit=50`, 200, {
      instances: [],
      _metadata: meta(0),
    });
    expect(await items(c.getAutoScalingGroupInstanceList(ASG))).toEqual([]);
    expectJson('POST', `${P}/autoScalingGroups/${ASG}/registerTargetGroup`, { targetGroupId: TG }, 200, {
      id: ASG,
    });
    await c.registerAutoScalingGroupTargetGroup(ASG, TG);
    expectJson('POST', `${P}/autoScalingGroups/${ASG}/deregisterTargetGroup`, { targetGroupId: TG }, 200, {
      id: ASG,
    });
    await c.deregisterAutoScalingGroupTargetGroup(ASG, TG);
  });
});

describe('paging and errors', () => {
  it('two pages by offset/limit until _metadata.totalCount', async () => {
    const c = await client();
    expectCall('GET', `${P}/instances?limit=50`, 200, {
      instances: Array.from({ length: 50 }, (_, i) => ({ id: `a${i}` })),
      _metadata: meta(53),
    });
    expectCall('GET', `${P}/instances?limit=50&offset=50`, 200, {
      instances: [{ id: 'b0' }, { id: 'b1' }, { id: 'b2' }],
      _metadata: meta(53, 50),
    });
    const pages: Array<{ n: number; total: number | undefined; more: boolean }> = [];
    for await (const p of c.getInstanceList({}))
      pages.push({ n: p.items.length, total: p.total, more: p.more });
    expect(pages).toEqual([
      { n: 50, total: 53, more: true },
      { n: 3, total: 53, more: false },
    ]);
  });

  it('a limit asks for a page of that size and no more', async () => {
    const c = await client();
    expectCall('GET', `${P}/autoScalingGroups?limit=2`, 200, {
      autoScalingGroups: [{ id: 1 }, { id: 2 }],
      _metadata: meta(9, 0, 2),
    });
    expect(await items(c.getAutoScalingGroupList({}, { limit: 2 }))).toHaveLength(2);
  });

  it.each([
    [400, 1],
    [401, 4],
    [403, 4],
    [404, 3],
    [500, 7],
  ])(
    'errorResult %i: code and message on one line, correlationId as the request id, details in the hint',
    async (status, exit) => {
      const c = await client(0);
      expectCall('GET', `${P}/instances/${ID}`, status, {
        correlationId: 'c0ffee00-0000-4000-8000-000000000001',
        errorCode: String(status),
        errorMessage: 'It went wrong',
        errorDetails: { instanceId: ['must be a UUID', 'is unknown'], state: ['RUNNING'] },
      });
      const err = (await c.getInstance(ID).catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.exitCode).toBe(exit);
      expect(err.message).toBe(`(${status}) It went wrong`);
      expect(err.code).toBe(String(status));
      expect(err.requestId).toBe('c0ffee00-0000-4000-8000-000000000001');
      expect(err.hint).toContain('instanceId: must be a UUID, is unknown; state: RUNNING');
      if (status === 401 || status === 403) expect(err.hint).toContain('OPS_CLOUD_API_KEY');
      if (status === 500)
        expect(err.hint).toContain('quote correlation id c0ffee00-0000-4000-8000-000000000001 to support');
    },
  );

  it('the seed’s userMessage joins the hint; a body that is not an errorResult is read by the shared parser', async () => {
    const c = await client(0);
    expectCall('GET', `${P}/regions?limit=50`, 400, {
      errorCode: 'APP00800',
      errorMessage: 'Bad',
      userMessage: 'Try a smaller range',
    });
    const err = (await collect(c.getRegionList() as AsyncIterable<unknown>).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.message).toBe('(APP00800) Bad');
    expect(err.hint).toBe('Try a smaller range');
    pool()
      .intercept({ method: 'GET', path: `${P}/instances/${ID}` })
      .reply(502, '<html><title>502 Bad Gateway</title></html>', {
        headers: { 'content-type': 'text/html' },
      });
    const html = (await c.getInstance(ID).catch((e: unknown) => e)) as ApiError;
    expect(html.message).toBe('502 Bad Gateway');
  });

  it('a retryable failure (503 then 200) is retried for a read; a POST action is not resent', async () => {
    const c = await client(2);
    expectCall('GET', `${P}/instances/${ID}`, 503, {
      errorCode: '503',
      errorMessage: 'The API is not available at the moment.',
    });
    expectCall('GET', `${P}/instances/${ID}`, 200, { id: ID, state: 'RUNNING' });
    expect((await c.getInstance(ID)).state).toBe('RUNNING');
    expect(mock.sleeps()).toHaveLength(1);
    expectCall('POST', `${P}/instances/${ID}/stop`, 503, { errorCode: '503', errorMessage: 'unavailable' });
    const err = (await c.stopInstance(ID).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
  });

  it('429 with Retry-After is waited out, then the answer arrives', async () => {
    const c = await client(2);
    pool()
      .intercept({ method: 'GET', path: `${P}/regions?limit=50` })
      .reply(
        429,
        { errorCode: '429', errorMessage: 'Too many requests' },
        { headers: { 'retry-after': '3', 'content-type': 'application/json' } },
      );
    expectCall('GET', `${P}/regions?limit=50`, 200, { regions: [], _metadata: meta(0) });
    expect(await items(c.getRegionList())).toEqual([]);
    expect(mock.sleeps()).toEqual([3000]);
  });

  it('a 200 whose body is not JSON is a network-class failure naming what came back', async () => {
    const c = await client(0);
    pool()
      .intercept({ method: 'GET', path: `${P}/instances/${ID}` })
      .reply(200, '{"id": ', { headers: { 'content-type': 'application/json' } });
    const err = await c.getInstance(ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toContain('a body that is not valid JSON');
  });

  it('path parameters are encoded; traversal is refused before sending', async () => {
    const c = await client();
    await expect((async () => c.getInstance('..'))()).rejects.toThrow(/would leave the intended path/);
    expectCall('GET', `${P}/instances/a%2Fb%3Fc`, 404, {
      errorCode: '404',
      errorMessage: 'Resource not found',
    });
    await expect(c.getInstance('a/b?c')).rejects.toThrow(/Resource not found/);
  });
});
