import { type Command, Option } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { MAX_EVENTS_PER_REQUEST } from '../../clients/meter/client.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../app/types.js';
import { parseInteger } from '../shared/parse.js';
import { addShardOption, parseShard } from '../shared/shard.js';
import type { MeterSendOptions } from './send/options.js';
import { type SendFlags, eventFromFlags, inspectInput } from './send/flags.js';
import { addApiVersionOption, loaderOf, start, withApiVersion } from './shared/options.js';

export type { MeterSendOptions };

const DEFAULT_CONCURRENCY = 8;

export function meterSendCommand(factory: Factory, run = runMeterSend): Command {
  const cmd = verbCommand(
    'send',
    'Send usage events: one from flags, or many from an NDJSON or CSV file or stdin, streamed in batches',
    [
      'ops meter send --event-name api_requests --customer cus_123 --value 3',
      'ops meter send usage.ndjson --rejects rejects.ndjson --checkpoint usage.ckpt',
      'cat usage.csv | ops meter send - --format csv --concurrency 16 --json',
      'ops meter send usage.ndjson --shard 2/4 --checkpoint usage.ckpt.2',
    ],
    {
      notes: `NDJSON lines, each like
  {"event_name":"api_requests","customer":"cus_123","value":3}
with an optional "timestamp", or in the wire form (payload.billing_customer_id and payload.value);
CSV: a header row with
event_name,customer,value[,timestamp][,identifier][,payload.<key>]. A line without an identifier gets
one derived from its content and line number, so sending the same file again sends nothing twice.
Exit 0 when every event was accepted, 1 when any line was invalid or refused, 130 on Ctrl-C.`,
    },
  )
    .argument('[file]', 'NDJSON (.ndjson, .jsonl) or CSV (.csv) file, or - for stdin')
    .option('--event-name <name>', 'one event: its event_name')
    .option('--customer <id>', 'one event: the billing_customer_id')
    .option('--value <number>', 'one event: the quantity')
    .option('--timestamp <time>', 'one event: epoch seconds, ISO time or -5m (default now)')
    .option('--identifier <id>', 'one event: its unique identifier (default generated)')
    .addOption(
      new Option('--format <format>', 'input format (default from the extension; stdin: ndjson)').choices([
        'ndjson',
        'csv',
      ]),
    )
    .option('--concurrency <n>', `requests in flight (default ${DEFAULT_CONCURRENCY})`)
    .option(
      '--batch-size <n>',
      `events per request, at most ${MAX_EVENTS_PER_REQUEST} (default ${MAX_EVENTS_PER_REQUEST})`,
    )
    .option('--rejects <file>', 'write every rejected line (NDJSON: line, reason, input) to this file')
    .option('--checkpoint <file>', 'record confirmed lines here; a rerun with it skips them')
    .option('--strict', 'stop at the first invalid line instead of reporting it and going on');
  addShardOption(cmd, 'input lines');
  return addApiVersionOption(cmd).action(async (file: string | undefined, f: SendFlags, c: Command) => {
    const concurrency =
      parseInteger('--concurrency', f.concurrency, { min: 1, max: 64 }) ?? DEFAULT_CONCURRENCY;
    const batchSize =
      parseInteger('--batch-size', f.batchSize, { min: 1, max: MAX_EVENTS_PER_REQUEST }) ??
      MAX_EVENTS_PER_REQUEST;
    const event = eventFromFlags(f, file);
    const input = event ? undefined : file;
    if (!event && input === undefined) {
      throw new UsageError(
        'nothing to send',
        'give a FILE (or - for stdin), or --event-name, --customer and --value for one event',
      );
    }
    const { format, size } =
      input === undefined ? { format: 'ndjson' as const, size: undefined } : inspectInput(input, f.format);
    const shard = parseShard(f.shard, factory.io.env);
    if (shard && event) throw new UsageError('--shard applies to a file of events, not one event from flags');
    const stdinUsed = input === '-' ? 'the events on stdin (-)' : undefined;
    // A bulk send lets its requests in flight finish after Ctrl-C: they listen to `giveUp` instead.
    const giveUp = event ? undefined : new AbortController();
    const { ctx, base } = await start(
      factory,
      c,
      {},
      {
        stdinUsed,
        client: { connections: concurrency, ...(giveUp ? { signal: giveUp.signal } : {}) },
        scope: withApiVersion(f.apiVersion),
      },
    );
    await run({
      io: ctx.io,
      printer: base.printer,
      feedback: base.feedback,
      client: loaderOf(base.client, giveUp),
      event,
      input,
      format,
      size,
      concurrency,
      batchSize,
      rejects: f.rejects,
      checkpoint: f.checkpoint,
      strict: Boolean(f.strict),
      shard,
    });
  });
}

export async function runMeterSend(o: MeterSendOptions): Promise<void> {
  if (o.event) {
    const { sendOne } = await import('./send/one.js');
    return sendOne({ printer: o.printer, client: o.client, event: o.event });
  }
  const { sendMany } = await import('./send/bulk.js');
  await sendMany({ ...o, input: o.input ?? '-' });
}
