import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { UsageError } from '../../../errors.js';
import { CHECKOUT_KEY_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';

export interface CheckoutKeyGetOptions extends PipelinesBase {
  slug: string;
  fingerprint: string;
}

/** An MD5 (`c9:0b:…`, 16 pairs) or SHA-256 (`SHA256:` and 43 base64 characters) fingerprint. */
export function parseFingerprint(raw: string): string {
  const v = raw.trim();
  if (/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/i.test(v)) return v.toLowerCase();
  if (/^SHA256:[A-Za-z0-9+/]{43}$/.test(v)) return v;
  throw new UsageError(
    `invalid fingerprint "${raw}"`,
    'give an MD5 fingerprint (aa:bb:…, 16 pairs) or a SHA-256 one (SHA256:…), as `checkout-key list` shows',
  );
}

export function checkoutKeyGetCommand(factory: Factory, run = runCheckoutKeyGet): Command {
  return verbCommand('get', 'Show a checkout key by its MD5 or SHA-256 fingerprint', [
    'ops pipelines checkout-key get gh/acme/web-app \\\n' +
      '    SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY+aFBQ',
    'ops pipelines checkout-key get gh/acme/web-app \\\n' +
      '    SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY+aFBQ --field public-key',
  ])
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .argument('<fingerprint>', 'MD5 (aa:bb:…) or SHA-256 (SHA256:…) fingerprint')
    .action(async (slug: string, fp: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const fingerprint = parseFingerprint(fp);
      const { base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, fingerprint });
    });
}

export async function runCheckoutKeyGet(o: CheckoutKeyGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getCheckoutKey(o.slug, o.fingerprint), {
    columns: CHECKOUT_KEY_COLUMNS,
  });
}
