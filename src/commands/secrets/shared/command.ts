import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import { type VerbHelp, verbCommand } from '../../shared/verbs.js';

/**
 * A secrets verb (see `verbCommand`) with the options every one of them shares. The status routes
 * (operator …) are served before namespaces, so a namespace means nothing there: `namespaced: false`.
 */
export function secretsCommand(
  name: string,
  description: string,
  examples: readonly string[],
  o: VerbHelp & { namespaced?: boolean } = {},
): Command {
  const cmd = verbCommand(name, description, examples, o);
  if (o.namespaced !== false)
    cmd.option(
      '--namespace <ns>',
      'namespace, sent as X-Secrets-Namespace (env OPS_SECRETS_NAMESPACE; admin/ on a managed cluster)',
    );
  return cmd;
}
/** Reads `--namespace`: kept as given (the server reads `ns1/ns2` and `ns1/ns2/` alike); "" clears the profile's. */
export function namespaceOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const ns = raw.trim().replace(/^\/+/, '');
  if (/\.\.|[\s?#]/.test(ns))
    throw new UsageError(
      `invalid --namespace "${raw}"`,
      'give a namespace path such as admin/ or admin/team-a/',
    );
  return ns;
}
