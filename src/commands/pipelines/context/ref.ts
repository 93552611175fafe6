import type { Context } from '../../../app/types.js';
import { itemsOf } from '../../../clients/http/paginate.js';
import type { ContextWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { notBlank, quote } from '../../shared/parse.js';
import { resolveByName } from '../../shared/resolve.js';
import { parseOrg } from '../org.js';
import type { PipelinesBase } from '../shared.js';
import { resolveOwner } from './owner.js';
import { UUID } from '../../shared/ids.js';

/** A context id (uuid) or name, checked before any request (with `--org` when given). */
export function parseContextRef(raw: string, opts: { org?: string }): string {
  if (opts.org !== undefined) parseOrg(opts.org);
  const hint = 'give the context id or its name, as `ops pipelines context list` shows them';
  const v = notBlank('context id or name', raw, hint);
  if (UUID.test(v)) return v.toLowerCase();
  if (/[\u0000-\u001f\u007f]/.test(v)) throw new UsageError(`invalid context ${quote(v)}`, hint);
  return v;
}

/**
 * The context's id: an id as is; a name by one read of the organization's contexts (a planning read,
 * sent and named under --dry-run), exactly one of that name, else exit 2 naming the candidates.
 */
export async function resolveContext(
  ctx: Context,
  base: PipelinesBase,
  given: string,
  opts: { org?: string },
): Promise<string> {
  return resolveByName<ContextWire>({
    kind: 'context',
    given,
    isId: (s) => UUID.test(s),
    list: async () => itemsOf(await ownerContexts(ctx, base, opts)),
    nameOf: (c) => c.name,
    idOf: (c) => c.id,
    listCommand: 'ops pipelines context list',
  });
}

/** The contexts of the organization `--org` (or OPS_PIPELINES_ORG) names, as pages. */
export async function ownerContexts(ctx: Context, base: PipelinesBase, opts: { org?: string }) {
  const owner = await resolveOwner(ctx, base.client, opts.org === undefined ? undefined : parseOrg(opts.org));
  const query = 'id' in owner ? { 'owner-id': owner.id } : { 'owner-slug': owner.slug };
  return (await base.client()).listContexts(query);
}

/** The help of `--org` on the verbs that take a context. */
export const CONTEXT_ORG =
  'where a context name is looked up: slug (gh/acme), name or id (default OPS_PIPELINES_ORG)';
