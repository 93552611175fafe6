import { completing, serviceCompletion } from '../shared/complete.js';
import { Argument, type Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Context, Factory } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { refuseOnTerminal } from '../shared/reveal.js';
import { knownService } from './shared.js';

export interface AuthTokenOptions {
  ctx: Context;
  service: string;
  /** Print it on a terminal too. */
  show: boolean;
  /** Which of the service's credentials (`app_key` of hosts); its stdin one when not given. */
  key?: string | undefined;
}

export function authTokenCommand(factory: Factory, run = runAuthToken): Command {
  return verbCommand(
    'token',
    "Print a service's credential, from wherever it resolves, for scripts",
    [
      'ops auth token hosts | wc -c',
      'ops auth token hosts --key app_key | wc -c',
      'curl -H "X-Monitor-Api-Key: $(ops auth token hosts)" \\\n' + '    "$OPS_HOSTS_BASE_URL/api/v1/hosts"',
    ],
    {
      notes: `The credential is the one --token-stdin would give (hosts: the API key); --key names another
of the service's credentials (hosts: app_key). Printed to a pipe or a file; on a terminal only with
--show. --dry-run's curl lines call it where a credential goes.`,
    },
  )
    .addArgument(completing(new Argument('<service>', 'e.g. hosts, tasks'), serviceCompletion))
    .option('--show', 'print it on a terminal too')
    .option('--key <name>', "which of the service's credentials (e.g. app_key of hosts)")
    .action(async (service: string, o: { show?: boolean; key?: string }, cmd: Command) => {
      const ctx = await factory.context(cmd);
      knownService(
        factory.services.map((s) => s.name),
        service,
      );
      await run({ ctx, service, show: Boolean(o.show), key: o.key });
    });
}

export async function runAuthToken(o: AuthTokenOptions): Promise<void> {
  const { descriptor, settings } = await o.ctx.service(o.service);
  const keys = descriptor.settings.filter((s) => s.secret && !s.signInOnly).map((s) => s.key);
  if (o.key !== undefined && !keys.includes(o.key))
    throw new UsageError(`${o.service} has no credential "${o.key}"`, `give one of: ${keys.join(', ')}`);
  refuseOnTerminal(o.ctx.io.stdoutIsTty, o.service, o.show);
  // Missing: exit 4, naming the variable and the `ops config set` line.
  const value = settings.require(o.key ?? descriptor.stdinCredential);
  await o.ctx.printer.data(value);
}
