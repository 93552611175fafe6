import { type Page, itemsOf } from '../../clients/http/paginate.js';
import { UsageError } from '../../errors.js';
import { notBlank, quote } from '../shared/parse.js';
import { resolveByName } from '../shared/resolve.js';
import type { CloudRunBase } from './shared.js';
import { isUuid } from '../shared/ids.js';

export { isUuid } from '../shared/ids.js';

/**
 * An id alone (a UUID), for what the seed gives no read of to find a name by (load balancers, target
 * groups): checked before any request, kept lower-cased.
 */
export function parseUuid(what: string, raw: string, hint: string): string {
  const v = notBlank(`${what} id`, raw, hint);
  if (isUuid(v)) return v.toLowerCase();
  throw new UsageError(`invalid ${what} "${v.slice(0, 40)}${v.length > 40 ? '…' : ''}": not an id`, hint);
}

/**
 * An id (a UUID) or a name (an instance's or a group's `reference`), checked before any request: a
 * UUID is kept lower-cased; a name is non-empty, at
 * most 255 characters (the API's limit on references) and free of control characters.
 */
export function parseRef(what: string, raw: string, listCommand: string): string {
  const hint = `give its id (a UUID) or its unique name, as \`${listCommand}\` shows them`;
  const v = notBlank(`${what} id or name`, raw, hint);
  if (isUuid(v)) return v.toLowerCase();
  if (v.length > 255 || /[\u0000-\u001f\u007f]/.test(v))
    throw new UsageError(`invalid ${what} ${quote(v)}`, hint);
  return v;
}

interface Named {
  id: string;
}

/** The id of a `parseRef` value: a name is looked up with one list read (planned; see resolveByName). */
function resolver<T extends Named>(
  kind: string,
  listCommand: string,
  pages: (base: CloudRunBase) => Promise<AsyncIterable<Page<T>>>,
  nameOf: (item: T) => string | null | undefined,
) {
  return (base: CloudRunBase, given: string): Promise<string> =>
    resolveByName<T>({
      kind,
      given,
      isId: isUuid,
      list: async () => itemsOf(await pages(base)),
      nameOf,
      idOf: (i) => i.id,
      listCommand,
    });
}

export const resolveInstance = resolver(
  'instance',
  'ops cloud instance list',
  async (b) => (await b.client()).getInstanceList({}),
  (i) => i.reference,
);

export const resolveGroup = resolver(
  'auto scaling group',
  'ops cloud asg list',
  async (b) => (await b.client()).getAutoScalingGroupList({}),
  (g) => g.reference,
);
