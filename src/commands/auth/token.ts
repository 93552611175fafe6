import { completing, serviceCompletion } from '../shared/complete.js';
import { Argument, type Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Context, Factory } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { knownService } from './shared.js';

export interface AuthTokenOptions {
  ctx: Context;
  service: string;
  /** Print it on a terminal too. */
  show: boolean;
}

export function authTokenCommand(factory: Factory, run = runAuthToken): Command {
  return verbCommand(
    'token',
    "Print a service's credential, from wherever it resolves, for scripts",
    [
      'ops auth token hosts | wc -c',
      'curl -H "X-Monitor-Api-Key: $(ops auth token hosts)" \\\n' + '    "$OPS_HOSTS_BASE_URL/api/v1/hosts"',
    ],
    {
      notes: `The credential is the one --token-stdin would give (hosts: the API key). Printed to a pipe or a
file; on a terminal only with --show.`,
    },
  )
    .addArgument(completing(new Argument('<service>', 'e.g. hosts, tasks'), serviceCompletion))
    .option('--show', 'print it on a terminal too')
    .action(async (service: string, o: { show?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd);
      knownService(
        factory.services.map((s) => s.name),
        service,
      );
      await run({ ctx, service, show: Boolean(o.show) });
    });
}

export async function runAuthToken(o: AuthTokenOptions): Promise<void> {
  const { descriptor, settings } = await o.ctx.service(o.service);
  // Refused before the value is read: a terminal may be watched or recorded.
  if (o.ctx.io.stdoutIsTty && !o.show)
    throw new UsageError(
      `the ${o.service} credential is not printed on a terminal`,
      'pass --show to print it here, or pipe it',
    );
  // Missing: exit 4, naming the variable and the `ops config set` line.
  const value = settings.require(descriptor.stdinCredential);
  await o.ctx.printer.data(value);
}
