import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EtagCache } from '../../src/clients/runs/etag.js';
import type { JobWire, WorkflowRunWire } from '../../src/clients/runs/types.js';
import { runRunsList } from '../../src/commands/runs/list.js';
import { logLines, runRunsLogs } from '../../src/commands/runs/logs.js';
import { runSecretSet } from '../../src/commands/runs/secret/set.js';
import { runRunsWatch } from '../../src/commands/runs/watch.js';
import { AwaitedFailure } from '../../src/errors.js';
import { REPO, output, pagesOf, stubClient } from './helpers.js';

const run = (status: string, conclusion: string | null): WorkflowRunWire =>
  ({
    id: 5,
    name: 'CI',
    display_title: 'Fix it',
    head_branch: 'main',
    event: 'push',
    status,
    conclusion,
    run_number: 3,
  }) as WorkflowRunWire;
const job = (status: string, conclusion: string | null): JobWire =>
  ({
    id: 9,
    name: 'test',
    status,
    conclusion,
    started_at: '2026-01-01T00:00:00Z',
    completed_at: conclusion ? '2026-01-01T00:01:05Z' : null,
    steps: [
      {
        name: 'Set up job',
        status: 'completed',
        conclusion: 'success',
        number: 1,
        started_at: '2026-01-01T00:00:00Z',
        completed_at: '2026-01-01T00:00:02Z',
      },
      { name: 'Run tests', status, conclusion, number: 2 },
    ],
  }) as unknown as JobWire;

describe('watch', () => {
  it('on a terminal: redraws run, jobs and steps in place on stderr; exit 8 when the run fails', async () => {
    const o = output({ tty: true });
    const states = [
      [run('in_progress', null), job('in_progress', null)],
      [run('completed', 'failure'), job('completed', 'failure')],
    ] as const;
    let look = 0;
    const sleeps: number[] = [];
    const client = stubClient({
      getWorkflowRun: async () => states[Math.min(look, 1)]![0],
      listJobsForWorkflowRun: () => pagesOf([[states[Math.min(look++, 1)]![1]]]),
    });
    const err = await runRunsWatch({
      ...o,
      client: async () => client,
      repo: REPO,
      runId: 5,
      intervalSeconds: 0.01,
      timeoutSeconds: undefined,
      exitStatus: true,
      jobs: true,
      sleep: async (ms: number) => void sleeps.push(ms),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AwaitedFailure);
    expect((err as AwaitedFailure).exitCode).toBe(8);
    expect((err as Error).message).toBe('run 5 concluded failure');
    expect(sleeps).toEqual([10]);
    const stderr = o.io.err();
    expect(stderr).toContain(
      '* CI · 5 · Fix it (main, push): in_progress\n  * test\n    ✓ Set up job (2s)\n    * Run tests\n',
    );
    // The second drawing moves up over the first (4 lines) and clears it.
    expect(stderr).toContain('\u001b[4A\r\u001b[J');
    expect(stderr).toContain('X CI · 5 · Fix it (main, push): failure\n  X test (1m 5s)');
    expect(o.io.out()).toMatch(/^id\s+5\n/);
    expect(o.io.out()).toMatch(/\nSTATE\s+NAME\s+ID/);
  });

  it('not on a terminal: nothing on stderr while waiting; a finished run is printed at once', async () => {
    const o = output();
    const client = stubClient({
      getWorkflowRun: async () => run('completed', 'success'),
      listJobsForWorkflowRun: () => pagesOf([[job('completed', 'success')]]),
    });
    await runRunsWatch({
      ...o,
      client: async () => client,
      repo: REPO,
      runId: 5,
      intervalSeconds: 1,
      timeoutSeconds: undefined,
      exitStatus: true,
      jobs: false,
    });
    expect(o.io.err()).toBe('');
    expect(o.io.out()).not.toContain('STATE');
  });
});

describe('the ETag cache a watch uses', () => {
  it('is keyed by URL and query', async () => {
    const cache = new EtagCache();
    const seen: Array<Record<string, string> | undefined> = [];
    const http = cache.wrap({
      service: 'runs',
      baseUrl: 'http://x',
      request: async (spec) => {
        seen.push(spec.headers);
        return {
          status: 200,
          headers: { etag: `"${String(spec.query?.page ?? 1)}"` },
          data: {},
          url: '',
          attempts: 1,
        } as never;
      },
    });
    await http.request({ method: 'GET', path: '/a', query: { page: 1 } });
    await http.request({ method: 'GET', path: '/a', query: { page: 2 } });
    await http.request({ method: 'GET', path: '/a', query: { page: 1 } });
    await http.request({ method: 'POST', path: '/a' });
    expect(seen).toEqual([undefined, undefined, { 'if-none-match': '"1"' }, undefined]);
  });
});

describe('logs', () => {
  const entries = (files: Record<string, string>) =>
    Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) }));

  it('orders jobs as the archive numbers them and steps by number', () => {
    const lines = logLines(
      entries({
        '0_build.txt': 'whole',
        '1_test.txt': 'whole',
        'test/10_Later.txt': 'l10\n',
        'test/2_Run.txt': 'r1\r\nr2\n',
        'build/1_Set up.txt': 'b1',
      }),
    );
    expect(lines).toEqual([
      { job: 'build', step: 'Set up', line: 'b1' },
      { job: 'test', step: 'Run', line: 'r1' },
      { job: 'test', step: 'Run', line: 'r2' },
      { job: 'test', step: 'Later', line: 'l10' },
    ]);
  });

  it('strips terminal control characters from the lines', async () => {
    const o = output();
    const zip = zipSync({ 'job/1_Step.txt': Buffer.from('\u001b[31mred\u001b[0m text\u0007\n') });
    const client = stubClient({ downloadWorkflowRunLogs: async () => zip });
    await runRunsLogs({
      ...o,
      client: async () => client,
      repo: REPO,
      runId: 5,
      attempt: undefined,
      jobId: undefined,
      dir: undefined,
      existing: 'refuse',
    });
    expect(o.io.out()).toBe('job\tStep\tred text\n');
  });
});

describe('list', () => {
  it('says how many runs of how many were shown when the limit cut the list (on a terminal)', async () => {
    const o = output({ tty: true });
    const client = stubClient({
      listWorkflowRunsForRepo: () => pagesOf([[run('completed', 'success')]], 127),
    });
    await runRunsList({
      ...o,
      client: async () => client,
      repo: REPO,
      workflow: undefined,
      query: {},
      limit: 1,
    });
    expect(o.io.err()).toBe('1 of 127 runs shown; --all or --limit N for more\n');
  });
});

describe('secret set', () => {
  it('seals the value to the public key it fetched and sends only the sealed value', async () => {
    const m = await import('libsodium-wrappers');
    const sodium = (m as unknown as { default: typeof m }).default ?? m;
    await sodium.ready;
    const pair = sodium.crypto_box_keypair();
    const o = output();
    let sent: { encrypted_value: string; key_id: string } | undefined;
    const client = stubClient({
      getRepoPublicKey: async () => ({ key_id: 'k1', key: Buffer.from(pair.publicKey).toString('base64') }),
      createOrUpdateRepoSecret: async (_r, _n, body) => {
        sent = body;
        return 'created';
      },
    });
    await runSecretSet({
      ...o,
      client: async () => client,
      scope: { kind: 'repo', repo: REPO },
      name: 'A',
      value: 'exact bytes\n',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    });
    expect(sent!.key_id).toBe('k1');
    expect(JSON.stringify(sent)).not.toContain('exact bytes');
    const opened = sodium.crypto_box_seal_open(
      Buffer.from(sent!.encrypted_value, 'base64'),
      pair.publicKey,
      pair.privateKey,
    );
    expect(Buffer.from(opened).toString()).toBe('exact bytes\n');
  });

  it('refuses a public key that is not 32 bytes', async () => {
    const o = output();
    const client = stubClient({
      getRepoPublicKey: async () => ({ key_id: 'k', key: Buffer.alloc(33).toString('base64') }),
    });
    const err = await runSecretSet({
      ...o,
      client: async () => client,
      scope: { kind: 'repo', repo: REPO },
      name: 'A',
      value: 'v',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe("the service's public key is not a 32-byte base64 key (33 bytes)");
  });
});
