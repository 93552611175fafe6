import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inShard, parseShard } from '../../src/commands/shared/shard.js';
import { UsageError } from '../../src/errors.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['meter', 'breach'] });
const dir = mkdtempSync(join(tmpdir(), 'ops-shard-'));
const stats = async () => (await sb.counters()).emulators.meter as Record<string, number>;

function eventsFile(name: string, n: number): string {
  const now = Date.now();
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      event_name: 'api_requests',
      customer: `cus_${i % 7}`,
      value: 1,
      timestamp: new Date(now - 3_600_000 + i).toISOString(),
    }),
  );
  // A blank line in the middle: it belongs to a shard like any line, and is skipped there.
  lines.splice(500, 0, '');
  const p = join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
}

describe('--shard K/N', () => {
  it('every line belongs to exactly one shard of N', () => {
    for (const n of [1, 3, 4]) {
      for (let line = 1; line <= 50; line++) {
        const owners = Array.from({ length: n }, (_, i) => i + 1).filter((k) => inShard({ k, n }, line));
        expect(owners).toEqual([(line % n) + 1]);
      }
    }
  });

  it.each([
    ['5/4', {}, 'invalid --shard "5/4"'],
    ['0/4', {}, 'invalid --shard "0/4"'],
    ['1.5/4', {}, 'invalid --shard "1.5/4"'],
    [undefined, { OPS_SHARD: 'two/four' }, 'invalid OPS_SHARD "two/four"'],
  ])('%s %j is a usage error', (flag, env, message) => {
    expect(() => parseShard(flag, env)).toThrow(UsageError);
    expect(() => parseShard(flag, env)).toThrow(message);
  });

  it('four meter send shards in parallel send every event exactly once; a rerun of each sends nothing', async () => {
    const file = eventsFile('events.ndjson', 2_000);
    const shard = (k: number) =>
      runCli(['meter', 'send', file, '--shard', `${k}/4`, '--checkpoint', join(dir, `ckpt.${k}`), '--json'], {
        env: sb.env,
      });
    const runs = await Promise.all([1, 2, 3, 4].map(shard));
    const summaries = runs.map((r) => {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { sent: number; read: number; shard: string };
    });
    expect(summaries.map((s) => s.shard)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(summaries.reduce((n, s) => n + s.sent, 0)).toBe(2_000);
    for (const s of summaries) expect(s.sent).toBeGreaterThanOrEqual(499);
    expect(await stats()).toMatchObject({ unique: 2_000, duplicates: 0 });
    const again = await Promise.all([1, 2, 3, 4].map(shard));
    for (const r of again) expect(JSON.parse(r.stdout)).toMatchObject({ sent: 0 });
    expect(await stats()).toMatchObject({ unique: 2_000, duplicates: 0 });
  });

  it("a shard's checkpoint is refused for another shard or for the whole input", async () => {
    const file = eventsFile('small.ndjson', 40);
    const ckpt = join(dir, 'one.ckpt');
    expect(
      (await runMain(['meter', 'send', file, '--shard', '1/2', '--checkpoint', ckpt], { env: sb.env })).code,
    ).toBe(0);
    const other = await runMain(['meter', 'send', file, '--shard', '2/2', '--checkpoint', ckpt], {
      env: sb.env,
    });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`checkpoint ${ckpt} was written for shard 1/2, not shard 2/2`);
    const whole = await runMain(['meter', 'send', file, '--checkpoint', ckpt], { env: { ...sb.env } });
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('not the whole input');
  });

  it('OPS_SHARD works as the flag does (a CI matrix or an Indexed Job sets it)', async () => {
    const file = eventsFile('env.ndjson', 30);
    const r = await runMain(['meter', 'send', file, '--json'], { env: { ...sb.env, OPS_SHARD: '3/3' } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ shard: '3/3', sent: 10 });
  });

  it('breach account --file: two shards search every line once between them', async () => {
    const accounts = ['test@example.com', 'jane@example.com', 'fabio', 'nobody@example.com', 'x@example.org'];
    const file = join(dir, 'accounts.txt');
    writeFileSync(file, `${accounts.join('\n')}\n`);
    const seen: string[] = [];
    for (const k of [1, 2]) {
      const r = await runMain(['breach', 'account', '--file', file, '--shard', `${k}/2`, '--json'], {
        env: sb.env,
      });
      expect(r.code).toBe(0);
      seen.push(...(JSON.parse(r.stdout) as Array<{ account: string }>).map((x) => x.account));
    }
    expect(seen.sort()).toEqual([...accounts].sort());
    const bad = await runMain(['breach', 'account', 'test@example.com', '--shard', '1/2'], { env: sb.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard applies only with --file');
  });
});

describe('--shard auto: the shard from the job system that runs the copies', () => {
  it.each([
    [{ OPS_SHARD: '2/4' }, { k: 2, n: 4 }],
    [
      { OPS_SHARD_INDEX: '0', OPS_SHARD_TOTAL: '4' },
      { k: 1, n: 4 },
    ],
    [
      { JOB_COMPLETION_INDEX: '3', OPS_SHARD_TOTAL: '4' },
      { k: 4, n: 4 },
    ],
    [
      { AWS_BATCH_JOB_ARRAY_INDEX: '1', OPS_SHARD_TOTAL: '2' },
      { k: 2, n: 2 },
    ],
    [
      { CIRCLE_NODE_INDEX: '2', CIRCLE_NODE_TOTAL: '3' },
      { k: 3, n: 3 },
    ],
    [
      { CI_NODE_INDEX: '1', CI_NODE_TOTAL: '5' },
      { k: 1, n: 5 },
    ],
    [
      { BUILDKITE_PARALLEL_JOB: '0', BUILDKITE_PARALLEL_JOB_COUNT: '2' },
      { k: 1, n: 2 },
    ],
  ] as [Record<string, string>, { k: number; n: number }][])('%j is %j', (env, shard) => {
    expect(parseShard('auto', env)).toEqual(shard);
    expect(parseShard(undefined, { ...env, OPS_SHARD: env.OPS_SHARD ?? 'auto' })).toEqual(shard);
  });

  it.each([
    [{}, '--shard auto: no job system says which copy this is'],
    [{ JOB_COMPLETION_INDEX: '3' }, 'OPS_SHARD_TOTAL is not set'],
    [{ CIRCLE_NODE_INDEX: '3', CIRCLE_NODE_TOTAL: '3' }, 'the index is not one of the 3 copies'],
    [{ CI_NODE_INDEX: '0', CI_NODE_TOTAL: '3' }, 'the index is not one of the 3 copies'],
    [{ OPS_SHARD_INDEX: 'x', OPS_SHARD_TOTAL: '2' }, 'not whole numbers'],
  ])('%j is a usage error: %s', (env, message) => {
    expect(() => parseShard('auto', env)).toThrow(UsageError);
    expect(() => parseShard('auto', env)).toThrow(message);
  });

  it('with no job system set, exit 2 naming them, before any request', async () => {
    const before = (await stats()).requests;
    expect(before).toEqual(expect.any(Number));
    const file = eventsFile('auto-none.ndjson', 10);
    const r = await runMain(['meter', 'send', file, '--shard', 'auto'], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('ops: --shard auto: no job system says which copy this is');
    for (const name of [
      'OPS_SHARD=K/N',
      'OPS_SHARD_INDEX',
      'Kubernetes Indexed Job',
      'AWS Batch',
      'CircleCI',
      'GitLab CI',
    ])
      expect(r.stderr).toContain(name);
    expect((await stats()).requests).toBe(before);
  });

  it('four copies of a Kubernetes Indexed Job send one file once between them', async () => {
    const file = eventsFile('indexed.ndjson', 400);
    const before = (await stats()).unique;
    const runs = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        runCli(['meter', 'send', file, '--shard', 'auto', '--checkpoint', join(dir, `auto.${i}`), '--json'], {
          env: { ...sb.env, JOB_COMPLETION_INDEX: String(i), OPS_SHARD_TOTAL: '4' },
        }),
      ),
    );
    const summaries = runs.map((r) => {
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { sent: number; shard: string };
    });
    expect(summaries.map((s) => s.shard)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(summaries.reduce((n, s) => n + s.sent, 0)).toBe(400);
    expect((await stats()).unique - before).toBe(400);
  });
});
