import { describe, expect, it } from 'vitest';
import { secretRequestOf } from '../../src/clients/http/secret-requests.js';
import type { HttpClient, RequestSpec } from '../../src/clients/http/types.js';
import { type KvLocation, createSecretsClient } from '../../src/clients/secrets/client.js';
import { secretRequests } from '../../src/clients/secrets/index.js';

/**
 * The secrets client marks each of its requests itself (it knows a mount's KV version); `ops api
 * secrets` goes by the descriptor's secretRequests. Each operation of the client is held to them here,
 * so that the two mask the same requests.
 */
function recorder(): { http: HttpClient; specs: RequestSpec[] } {
  const specs: RequestSpec[] = [];
  const data = { data: { data: {}, metadata: {}, keys: [] }, auth: { client_token: 'tok-new' } };
  const http: HttpClient = {
    service: 'secrets',
    baseUrl: 'http://secrets.test',
    request: async <T>(spec: RequestSpec) => {
      specs.push(spec);
      return { status: 200, headers: {}, data: data as T, url: '', attempts: 1 };
    },
  };
  return { http, specs };
}

const v1: KvLocation = { mount: 'kv/', version: 1, key: 'app/db' };
const v2: KvLocation = { mount: 'secret/', version: 2, key: 'app/metadata' };

type Client = ReturnType<typeof createSecretsClient>;
const operations: Array<[string, (c: Client) => Promise<unknown>]> = [
  ['health', (c) => c.readHealthStatus()],
  ['seal status', (c) => c.sealStatus()],
  ['init', (c) => c.initialize({ secret_shares: 1, secret_threshold: 1 })],
  ['unseal', (c) => c.unseal({ key: 'unseal-key' })],
  ['seal', (c) => c.seal()],
  ['token lookup', (c) => c.tokenLookUpSelf()],
  ['login', (c) => c.login('userpass', 'login/bob', { password: 'pw' })],
  ['generic read', (c) => c.read('cubbyhole/app')],
  ['generic write', (c) => c.write('cubbyhole/app', { a: 'b' })],
  ['generic delete', (c) => c.delete('cubbyhole/app')],
  ['kv v1 read', (c) => c.kvV1Read(v1)],
  ['kv v1 write', (c) => c.kvV1Write(v1, { password: 'pw' })],
  ['kv v1 delete', (c) => c.kvV1Delete(v1)],
  ['kv v2 read (a key ending in metadata)', (c) => c.kvV2Read(v2)],
  ['kv v2 write', (c) => c.kvV2Write(v2, { password: 'pw' }, 0)],
  ['kv v2 patch', (c) => c.kvV2Patch(v2, { password: 'pw' })],
  ['kv v2 delete', (c) => c.kvV2Delete(v2)],
  ['kv v2 delete versions', (c) => c.kvV2DeleteVersions(v2, [1])],
  ['kv v2 undelete', (c) => c.kvV2UndeleteVersions(v2, [1])],
  ['kv v2 destroy', (c) => c.kvV2DestroyVersions(v2, [1])],
  ['kv v2 metadata read', (c) => c.kvV2ReadMetadata(v2)],
  ['kv v2 metadata write', (c) => c.kvV2WriteMetadata(v2, { max_versions: 3 })],
  ['kv v2 metadata delete', (c) => c.kvV2DeleteMetadata(v2)],
];

describe('secrets: the descriptor marks the requests the client marks', () => {
  it.each(operations)('%s', async (_name, run) => {
    const { http, specs } = recorder();
    await run(createSecretsClient(http));
    expect(specs).toHaveLength(1);
    const spec = specs[0]!;
    const body = () => (typeof spec.rawBody === 'string' ? JSON.parse(spec.rawBody) : spec.body);
    const marks = secretRequestOf(secretRequests, spec.method, spec.path, body);
    expect({ sensitive: marks?.sensitive ?? false, fields: marks?.secretFields }).toEqual({
      sensitive: spec.sensitive ?? false,
      fields: spec.sensitive ? spec.secretFields : undefined,
    });
  });

  it('a list carries no secret value; `help` is masked by the rule though the client shows it (more, never less)', async () => {
    const { http, specs } = recorder();
    const c = createSecretsClient(http);
    for await (const _ of c.kvV2List(v2)) void _;
    await c.help('secret/data/app');
    const [list, help] = specs;
    expect(secretRequestOf(secretRequests, list!.method, list!.path, () => undefined)?.sensitive).toBe(false);
    expect([help!.sensitive, secretRequestOf(secretRequests, 'GET', help!.path, () => undefined)]).toEqual([
      false,
      { sensitive: true },
    ]);
  });
});
