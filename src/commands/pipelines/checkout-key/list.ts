import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { CheckoutKeyWire, Digest } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListOptions, parseListOptions } from '../../shared/list-options.js';
import { CHECKOUT_KEY_COLUMNS } from '../columns.js';
import { type PipelinesBase, examples, parseChoice, parseProjectSlug, pipelinesStart } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

const DEFAULT_LIMIT = 50;

export interface CheckoutKeyListOptions extends PipelinesBase {
  slug: string;
  digest: Digest | undefined;
  limit: number | undefined;
}

export function checkoutKeyListCommand(factory: Factory, run = runCheckoutKeyList): Command {
  const cmd = new Command('list')
    .description("List a project's checkout keys (SSH keys the pipelines clone with), newest first")
    .argument('<project-slug>', 'provider/organization/project, e.g. gh/acme/web-app')
    .addOption(
      choiceOption('--digest <digest>', 'fingerprint form: md5 (default, as the service) or sha256', [
        'md5',
        'sha256',
      ]),
    );
  addListOptions(cmd, DEFAULT_LIMIT);
  return cmd
    .addHelpText(
      'after',
      examples(
        'ops pipelines checkout-key list gh/acme/web-app',
        'ops pipelines checkout-key list gh/acme/web-app --digest sha256 --json',
      ),
    )
    .action(async (slug: string, o: { digest?: string; limit?: string; all?: boolean }, c: Command) => {
      const list = parseListOptions(o, DEFAULT_LIMIT);
      const parsed = parseProjectSlug(slug);
      const digest =
        o.digest === undefined ? undefined : parseChoice('--digest', o.digest, ['sha256', 'md5'] as const);
      const { base } = await pipelinesStart(factory, c);
      await run({ ...base, slug: parsed, digest, limit: list.limit });
    });
}

export async function runCheckoutKeyList(o: CheckoutKeyListOptions): Promise<void> {
  const client = await o.client();
  await printPages<CheckoutKeyWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listCheckoutKeys(o.slug, o.digest, { limit: o.limit }),
    columns: CHECKOUT_KEY_COLUMNS,
    limit: o.limit,
    noun: 'checkout keys',
  });
}
