import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Confirm, type PipelinesBase, start } from '../shared.js';
import { parseFingerprint } from './get.js';
import { printDeleted } from '../../shared/outcome.js';

export interface CheckoutKeyDeleteOptions extends PipelinesBase {
  slug: string;
  fingerprint: string;
  confirm: Confirm;
}

export function checkoutKeyDeleteCommand(factory: Factory, run = runCheckoutKeyDelete): Command {
  return verbCommand('delete', 'Delete a checkout key; pipelines that cloned with it can no longer do so', [
    'ops pipelines checkout-key delete gh/acme/web-app \\\n' +
      '    SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY+aFBQ --yes',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<fingerprint>', 'MD5 (aa:bb:…) or SHA-256 (SHA256:…) fingerprint')
    .action(async (slug: string, fp: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const fingerprint = parseFingerprint(fp);
      const { ctx, base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, fingerprint, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runCheckoutKeyDelete(o: CheckoutKeyDeleteOptions): Promise<void> {
  await o.confirm(`Delete checkout key ${o.fingerprint} of ${o.slug}`);
  await (await o.client()).deleteCheckoutKey(o.slug, o.fingerprint);
  await printDeleted(o, 'checkout key', o.fingerprint);
}
