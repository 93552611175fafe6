import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { CheckoutKeyWire, Digest } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { CHECKOUT_KEY_COLUMNS } from '../columns.js';
import { type PipelinesBase, parseChoice, start } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface CheckoutKeyListOptions extends PipelinesBase {
  slug: string;
  digest: Digest | undefined;
  limit: number | undefined;
}

export function checkoutKeyListCommand(factory: Factory, run = runCheckoutKeyList): Command {
  const cmd = verbCommand(
    'list',
    "List a project's checkout keys (SSH keys the pipelines clone with), newest first",
    [
      'ops pipelines checkout-key list gh/acme/web-app',
      'ops pipelines checkout-key list gh/acme/web-app --digest sha256 --json',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .addOption(
      choiceOption('--digest <digest>', 'fingerprint form: md5 (default, as the service) or sha256', [
        'md5',
        'sha256',
      ]),
    );
  addListFlags(cmd);
  return cmd.action(
    async (slug: string, o: { digest?: string; limit?: string; all?: boolean }, c: Command) => {
      const list = parseListFlags(o);
      const given = parseProjectArg(slug, c.opts());
      const digest =
        o.digest === undefined ? undefined : parseChoice('--digest', o.digest, ['sha256', 'md5'] as const);
      const { base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, digest, limit: list.limit });
    },
  );
}

export async function runCheckoutKeyList(o: CheckoutKeyListOptions): Promise<void> {
  const client = await o.client();
  await printPages<CheckoutKeyWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listCheckoutKeys(o.slug, o.digest, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: CHECKOUT_KEY_COLUMNS,
    limit: o.limit,
    noun: 'checkout keys',
  });
}
