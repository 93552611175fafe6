import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { bearerAuth } from '../../../src/clients/http/auth.js';
import { createHttpClient } from '../../../src/clients/http/client.js';
import { Redactor, isCredentialHeaderName } from '../../../src/clients/http/redact.js';
import { SERVICES } from '../../../src/services.js';

describe('credential header names', () => {
  it("every service's credential header is named as a credential, whatever service it is sent to", async () => {
    for (const s of SERVICES)
      for (const h of (await s.descriptor()).secretHeaders ?? [])
        expect(isCredentialHeaderName(h), `${s.name}: ${h}`).toBe(true);
  });

  it('and so are the usual ones', () => {
    for (const h of [
      'Authorization',
      'Proxy-Authorization',
      'Cookie',
      'X-Api-Key',
      'X-Auth-Token',
      'Session',
      'X-Credential',
      'X-Api-Signature',
    ])
      expect(isCredentialHeaderName(h), h).toBe(true);
  });

  it('headers that carry no credential are not', () => {
    const plain = [
      'Idempotency-Key',
      'Billing-Version',
      'X-Secrets-Request',
      'X-Secrets-Namespace',
      'content-version',
      'X-Trace',
      'X-RateLimit-Remaining',
      'WWW-Authenticate',
      'Accept',
    ];
    for (const h of plain) expect(isCredentialHeaderName(h), h).toBe(false);
  });
});

describe('a redirect to another scheme of the same host', () => {
  it('drops the credential and every credential header the caller added', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('http://api.test')
      .intercept({ path: '/base/r', method: 'GET' })
      .reply(301, '', { headers: { location: 'https://api.test/base/r' } });
    agent
      .get('https://api.test')
      .intercept({
        path: '/base/r',
        method: 'GET',
        headers: (h) =>
          !('authorization' in h) &&
          !('x-cloud-auth' in h) &&
          !('pipeline-token' in h) &&
          h['x-trace'] === '1',
      })
      .reply(200, { ok: true });
    const client = createHttpClient({
      service: 'svc',
      baseUrl: 'http://api.test/base',
      auth: bearerAuth('tok-secret-1'),
      retries: 0,
      timeoutMs: 5000,
      maxWaitSeconds: 60,
      dispatcher: agent,
      redactor: new Redactor([]),
    });
    const res = await client.request({
      method: 'GET',
      path: '/r',
      headers: { 'X-Cloud-Auth': 'cld-key', 'Pipeline-Token': 'pt', 'X-Trace': '1' },
    });
    expect(res.data).toEqual({ ok: true });
    agent.assertNoPendingInterceptors();
    await agent.close();
  });
});
