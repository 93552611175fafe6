import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { quote } from './parse.js';

/** Shard K of N (1 ≤ K ≤ N): the input lines whose number modulo N is K − 1. */
export interface Shard {
  k: number;
  n: number;
}

/** `--shard K/N|auto` (and OPS_SHARD) on a command that reads many lines. */
export function addShardOption(cmd: Command, noun: string): Command {
  return cmd.option(
    '--shard <k/n|auto>',
    `take only shard K of N of the ${noun} (lines whose number modulo N is K-1), to split one input across machines; auto reads it from the job system running the copies (env OPS_SHARD)`,
  );
}

/**
 * The job systems that run N copies of one job, each told its index: where `--shard auto` reads the
 * shard, first set wins. An index is 0-based (K = index + 1) unless `oneBased`; a system that does not
 * say N (Kubernetes Indexed Jobs, AWS Batch array jobs) takes it from OPS_SHARD_TOTAL.
 */
const JOB_SYSTEMS: { name: string; index: string; total?: string; oneBased?: boolean }[] = [
  { name: 'any job system', index: 'OPS_SHARD_INDEX', total: 'OPS_SHARD_TOTAL' },
  { name: 'Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX' },
  { name: 'AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX' },
  { name: 'CircleCI parallelism', index: 'CIRCLE_NODE_INDEX', total: 'CIRCLE_NODE_TOTAL' },
  { name: 'GitLab CI parallel', index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', oneBased: true },
  { name: 'Buildkite parallelism', index: 'BUILDKITE_PARALLEL_JOB', total: 'BUILDKITE_PARALLEL_JOB_COUNT' },
];

const AUTO_HINT =
  'set OPS_SHARD=K/N, or OPS_SHARD_INDEX (from 0) with OPS_SHARD_TOTAL (a GitHub Actions matrix: strategy.job-index and strategy.job-total), or run under a Kubernetes Indexed Job or AWS Batch array job (with OPS_SHARD_TOTAL), CircleCI, GitLab CI or Buildkite parallelism';

/** The shard from the flag, else OPS_SHARD; checked before anything is read or sent. */
export function parseShard(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): Shard | undefined {
  const raw = flag ?? (env.OPS_SHARD || undefined);
  if (raw === undefined) return undefined;
  const from = flag !== undefined ? '--shard' : 'OPS_SHARD';
  if (raw.trim() === 'auto') return autoShard(env, from);
  return kOfN(raw, from);
}

function kOfN(raw: string, from: string): Shard {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(raw);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || k < 1 || n < 1 || k > n)
    throw new UsageError(
      `invalid ${from} ${quote(raw)}`,
      'give K/N with 1 <= K <= N, e.g. 2/4 for the second of four machines, or auto to read it from the job system',
    );
  return { k, n };
}

/** `--shard auto`: OPS_SHARD=K/N, else the first job system whose index is set. */
function autoShard(env: Record<string, string | undefined>, from: string): Shard {
  if (from === '--shard' && env.OPS_SHARD && env.OPS_SHARD.trim() !== 'auto')
    return kOfN(env.OPS_SHARD, 'OPS_SHARD');
  for (const system of JOB_SYSTEMS) {
    const index = env[system.index];
    if (index === undefined || index === '') continue;
    const totalVar = system.total ?? 'OPS_SHARD_TOTAL';
    const total = env[totalVar] || (system.total ? env.OPS_SHARD_TOTAL : undefined);
    const where = `${from} auto (${system.name}: ${system.index}=${quote(index)}, ${totalVar}=${quote(total ?? '')})`;
    if (!/^\d{1,6}$/.test(index) || total === undefined || !/^\d{1,6}$/.test(total))
      throw new UsageError(
        `${where}: ${total === undefined ? `${totalVar} is not set` : 'not whole numbers'}`,
        `set ${totalVar} to the number of copies, and ${system.index} to a whole number`,
      );
    const k = Number(index) + (system.oneBased ? 0 : 1);
    const n = Number(total);
    if (k < 1 || n < 1 || k > n)
      throw new UsageError(
        `${where}: the index is not one of the ${n} copies`,
        `${system.index} counts from ${system.oneBased ? 1 : 0} to ${system.oneBased ? n : n - 1}`,
      );
    return { k, n };
  }
  throw new UsageError(`${from} auto: no job system says which copy this is`, AUTO_HINT);
}

/** True when line `line` (1-based) belongs to the shard; every line belongs to exactly one shard of N. */
export function inShard(shard: Shard | undefined, line: number): boolean {
  return shard === undefined || line % shard.n === shard.k - 1;
}

export function shardText(shard: Shard): string {
  return `${shard.k}/${shard.n}`;
}
