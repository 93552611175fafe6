import { type ServiceBase, serviceStart } from '../../shared/start.js';
import type { SecretsClient } from '../../../clients/secrets/client.js';
import type { Context } from '../../../app/types.js';
import { namingSecretsNotFound } from '../not-found.js';

/** How a secrets verb prints and where it acts, besides its client. */
export interface SecretsView {
  /** `--namespace`, over the profile's (undefined: the profile's or none). */
  namespace: string | undefined;
  /** `--field`: one value of the secret's data. */
  field: string | undefined;
  /** Print the API's answer whole (JSON, YAML, NDJSON, or --query on it) rather than key / value rows. */
  whole: boolean;
  /** `--json FIELDS`: a verb that declares fields picks them from the resource, not from its envelope. */
  picks: boolean;
}

/** What every secrets run function gets besides its own values. */
export type SecretsRunBase = ServiceBase<SecretsClient> & SecretsView;

/**
 * The start of every secrets verb: its context, its view (`--namespace`, already read by `namespaceOf`,
 * `--field`, whether the answer is printed whole) and its client, made with that namespace. Almost
 * every route needs a token once the store is unsealed (seed, What the service does A4): the shared
 * check says so before sending rather than after a 403; the verbs that work without one (status,
 * operator init and unseal) start with `client: { auth: false }`.
 */
export const start = serviceStart<SecretsClient, { namespace?: string | undefined }, { view: SecretsView }>(
  'secrets',
  {
    scope: (ctx, f) => ({ view: viewOf(ctx, f.namespace) }),
    create: async (http, { view }) =>
      namingSecretsNotFound(
        (await import('../../../clients/secrets/client.js')).createSecretsClient(http, {
          namespace: view.namespace,
        }),
      ),
    credentialFlags: 'log in with `ops secrets login` (token on stdin)',
  },
);

export function viewOf(ctx: Context, namespace: string | undefined): SecretsView {
  return {
    namespace,
    field: ctx.flags.field,
    whole: Boolean(ctx.flags.query) || ['json', 'yaml', 'ndjson'].includes(ctx.printer.format),
    picks: typeof ctx.flags.json === 'string',
  };
}
