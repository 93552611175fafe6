import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { quote } from './parse.js';

/** Shard K of N (1 ≤ K ≤ N): the input lines whose number modulo N is K − 1. */
export interface Shard {
  k: number;
  n: number;
}

/** `--shard K/N` (and OPS_SHARD) on a command that reads many lines. */
export function addShardOption(cmd: Command, noun: string): Command {
  return cmd.option(
    '--shard <k/n>',
    `take only shard K of N of the ${noun} (lines whose number modulo N is K-1), to split one input across machines (env OPS_SHARD)`,
  );
}

/** The shard from the flag, else OPS_SHARD; checked before anything is read or sent. */
export function parseShard(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): Shard | undefined {
  const raw = flag ?? (env.OPS_SHARD || undefined);
  if (raw === undefined) return undefined;
  const from = flag !== undefined ? '--shard' : 'OPS_SHARD';
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(raw);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || k < 1 || n < 1 || k > n)
    throw new UsageError(
      `invalid ${from} ${quote(raw)}`,
      'give K/N with 1 <= K <= N, e.g. 2/4 for the second of four machines (a Kubernetes Indexed Job: $((JOB_COMPLETION_INDEX + 1))/N)',
    );
  return { k, n };
}

/** True when line `line` (1-based) belongs to the shard; every line belongs to exactly one shard of N. */
export function inShard(shard: Shard | undefined, line: number): boolean {
  return shard === undefined || line % shard.n === shard.k - 1;
}

export function shardText(shard: Shard): string {
  return `${shard.k}/${shard.n}`;
}
