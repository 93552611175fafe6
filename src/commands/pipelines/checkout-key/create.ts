import { required } from '../../shared/required.js';
import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { CheckoutKeyType } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { CHECKOUT_KEY_COLUMNS } from '../columns.js';
import { type PipelinesBase, parseChoice, start } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface CheckoutKeyCreateOptions extends PipelinesBase {
  slug: string;
  type: CheckoutKeyType;
}

export function checkoutKeyCreateCommand(factory: Factory, run = runCheckoutKeyCreate): Command {
  return verbCommand(
    'create',
    'Create a checkout key: the service makes an SSH key pair and shows its public half. A user key acts ' +
      'as the token’s user (it needs a user token); not for GitLab or GitHub App projects.',
    [
      'ops pipelines checkout-key create gh/acme/api-server --type deploy-key',
      'ops pipelines checkout-key create gh/acme/web-app --type user-key \\\n' + '    --field fingerprint',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .addOption(
      required(
        choiceOption('--type <type>', 'deploy-key (read access to this repository) or user-key', [
          'deploy-key',
          'user-key',
        ]),
      ),
    )
    .action(async (slug: string, o: { type?: string }, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      if (o.type === undefined) throw new UsageError('--type is required', 'give deploy-key or user-key');
      const type = parseChoice('--type', o.type, ['user-key', 'deploy-key'] as const);
      const { base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, type });
    });
}

export async function runCheckoutKeyCreate(o: CheckoutKeyCreateOptions): Promise<void> {
  await o.printer.print(await (await o.client()).createCheckoutKey(o.slug, o.type), {
    columns: CHECKOUT_KEY_COLUMNS,
  });
}
