import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { extname } from 'node:path';
import { UsageError } from '../../../errors.js';
import { parseTime } from '../../shared/parse.js';
import type { EventFields } from './event.js';
import { clockNow } from '../../../clock.js';

/** What commander parses for `ops meter send`. */
export interface SendFlags {
  shard?: string;
  eventName?: string;
  customer?: string;
  value?: string;
  timestamp?: string;
  identifier?: string;
  format?: 'ndjson' | 'csv';
  concurrency?: string;
  batchSize?: string;
  rejects?: string;
  checkpoint?: string;
  strict?: boolean;
  apiVersion?: string;
}

/** The single event of `--event-name/--customer/--value`, or undefined when none of them is given. */
export function eventFromFlags(f: SendFlags, file: string | undefined): EventFields | undefined {
  const given = [f.eventName, f.customer, f.value, f.timestamp, f.identifier].some((v) => v !== undefined);
  if (!given) return undefined;
  if (file !== undefined) throw new UsageError('give either a FILE or the flags of one event, not both');
  const missing = [
    ['--event-name', f.eventName],
    ['--customer', f.customer],
    ['--value', f.value],
  ]
    .filter(([, v]) => v === undefined)
    .map(([n]) => n);
  if (missing.length)
    throw new UsageError(
      `one event needs ${missing.join(', ')}`,
      'give --event-name, --customer and --value',
    );
  for (const [flag, v] of [
    ['--format', f.format],
    ['--rejects', f.rejects],
    ['--checkpoint', f.checkpoint],
    ['--strict', f.strict],
  ] as const) {
    if (v !== undefined) throw new UsageError(`${flag} applies to sending a file, not one event`);
  }
  const timestamp =
    f.timestamp === undefined ? Math.floor(clockNow() / 1000) : parseTime('--timestamp', f.timestamp);
  return {
    event_name: f.eventName,
    customer: f.customer,
    value: f.value,
    timestamp,
    identifier: f.identifier ?? `ops_${randomUUID()}`,
  };
}

/** The format (from --format or the extension) and size of FILE; a missing file is a usage error. */
export function inspectInput(
  input: string,
  flag: 'ndjson' | 'csv' | undefined,
): { format: 'ndjson' | 'csv'; size: number | undefined } {
  if (input === '-') return { format: flag ?? 'ndjson', size: undefined };
  let size: number;
  try {
    const st = statSync(input);
    if (st.isDirectory()) throw new UsageError(`${input} is a directory`, 'give an NDJSON or CSV file');
    size = st.isFile() ? st.size : 0;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `cannot read ${input}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  if (flag) return { format: flag, size: size || undefined };
  const ext = extname(input).toLowerCase();
  if (['.ndjson', '.jsonl', '.json'].includes(ext)) return { format: 'ndjson', size: size || undefined };
  if (ext === '.csv') return { format: 'csv', size: size || undefined };
  throw new UsageError(
    `cannot tell the format of ${input} from its name`,
    'pass --format ndjson or --format csv',
  );
}
