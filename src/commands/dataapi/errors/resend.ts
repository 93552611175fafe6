import { required } from '../../shared/required.js';
import { type Command, Option } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type ErrorReport, WEBHOOK_FUNCTIONS, type WebhookFunction } from '../../../clients/dataapi/types.js';
import { type WindowFlags, parseWindow, start } from '../shared/report.js';
import { type ErrorsResendOptions, collectDeliveries, resendDeliveries } from '../shared/resend.js';
import { clockNow } from '../../../clock.js';

export type { ErrorsResendOptions } from '../shared/resend.js';

interface ResendFlags extends WindowFlags {
  report: ErrorReport;
  function?: WebhookFunction;
}

export function parseResendFlags(
  o: ResendFlags,
  now = clockNow(),
): Pick<ErrorsResendOptions, 'report' | 'functions' | 'window'> {
  return {
    report: o.report,
    functions: o.function ? [o.function] : [...WEBHOOK_FUNCTIONS],
    window: parseWindow(o, now),
  };
}

export function errorsResendCommand(factory: Factory, run = runErrorsResend): Command {
  return verbCommand(
    'resend',
    'Deliver again the failed pingbacks and postbacks of a report (each task once); asks first, --yes skips',
    [
      'ops dataapi errors resend --report keywords --dry-run',
      'ops dataapi errors resend --report keywords --since -1d --yes',
      'ops dataapi errors resend --report backlinks --yes --json',
    ],
    {
      notes: `The report is read first (every page); a task whose delivery failed several times is resent once.
The service takes 100 tasks a request and sends each webhook again to the address set when the
task was created. One line per task with its outcome; exit 1 when the service refused any.
--dry-run reads the report and lists what would be resent, sending nothing.`,
    },
  )
    .addOption(
      required(new Option('--report <report>', 'the report whose failed webhooks to resend'))
        .choices(['keywords', 'backlinks'])
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--function <webhook>', 'only this kind of webhook (default both)').choices([
        ...WEBHOOK_FUNCTIONS,
      ]),
    )
    .option('--since <time>', 'deliveries that failed since: ISO time, epoch seconds or relative (-2d)')
    .option('--until <time>', 'deliveries that failed until: ISO time, epoch seconds or relative')
    .action(async (flags: ResendFlags, c: Command) => {
      const parsed = parseResendFlags(flags);
      // Declared to ask (src/commands/dataapi/index.ts): without a terminal and --yes it has refused
      // already, before the report is read.
      const { ctx, base } = await start(factory, c, {});
      const dryRun = Boolean(ctx.flags.dryRun);
      await run({
        ...base,
        io: ctx.io,
        ...parsed,
        dryRun,
        confirm: (action) => ctx.confirm(action),
      });
    });
}

/** Collects the failed deliveries, asks, resends 100 at a time and prints one line per task. */
export async function runErrorsResend(o: ErrorsResendOptions): Promise<void> {
  const deliveries = await collectDeliveries(o);
  const n = deliveries.length;
  if (n === 0) {
    o.feedback.info(`no failed ${o.functions.join(' or ')} deliveries in the ${o.report} report`);
    await o.printer.print([]);
    return;
  }
  await o.confirm(`Resend ${n} failed webhook deliver${n === 1 ? 'y' : 'ies'} of the ${o.report} report`);
  await resendDeliveries(o, deliveries);
}
