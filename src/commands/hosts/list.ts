import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { HostsClient } from '../../clients/hosts/client.js';
import { MAX_PAGE } from '../../clients/hosts/pages.js';
import type { HostWire, ListHostsQuery } from '../../clients/hosts/types.js';
import { UsageError } from '../../errors.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { printPages } from '../shared/list.js';
import { choiceOption } from '../shared/choices.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { parseInteger, parseTime } from '../shared/parse.js';
import { HOST_COLUMNS, start } from './shared.js';
import { clockNow } from '../../clock.js';

/** What `sort_field` takes; the service answers 400 to any other field, so ops refuses it first. */
export const SORT_FIELDS = [
  'name',
  'host_name',
  'id',
  'status',
  'up',
  'apps',
  'cpu',
  'iowait',
  'load',
  'last_reported_time',
] as const;
const SORT_DIRS = ['asc', 'desc'] as const;

export interface HostsListOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<HostsClient>;
  /** The first request's query; `count` is the page size. */
  query: ListHostsQuery;
  /** Hosts to print at most; undefined with --all. */
  limit: number | undefined;
}

interface ListFlags {
  filter?: string;
  sortField?: string;
  sortDir?: string;
  start?: string;
  count?: string;
  since?: string;
  includeMuted?: boolean;
  includeMetadata?: boolean;
  limit?: string;
  all?: boolean;
}

/** Turns the flags into options; every check happens here, before any request. */
export function parseHostsListFlags(
  o: ListFlags,
  now = clockNow(),
): Pick<HostsListOptions, 'query' | 'limit'> {
  const list = parseListFlags(o);
  const count = parseInteger('--count', o.count, { min: 1, max: MAX_PAGE });
  const sortDir = o.sortDir?.toLowerCase();
  if (sortDir !== undefined && sortDir !== 'asc' && sortDir !== 'desc') {
    throw new UsageError(`invalid --sort-dir "${o.sortDir}"`, 'give asc or desc');
  }
  const sortField = o.sortField?.trim().toLowerCase();
  if (sortField !== undefined && !(SORT_FIELDS as readonly string[]).includes(sortField))
    throw new UsageError(
      sortField === '' ? '--sort-field is empty' : `invalid --sort-field "${o.sortField}"`,
      `give one of: ${SORT_FIELDS.join(', ')}`,
    );
  // Without --limit, --count alone asks for exactly one page of that size.
  const limit = list.all ? undefined : o.limit === undefined && count !== undefined ? count : list.limit;
  return {
    limit,
    query: {
      filter: o.filter,
      sort_field: sortField,
      sort_dir: sortDir,
      start: parseInteger('--start', o.start, { min: 0 }),
      count: count ?? (limit === undefined ? MAX_PAGE : Math.min(limit, MAX_PAGE)),
      from: o.since === undefined ? undefined : parseTime('--since', o.since, now),
      include_muted_hosts_data: o.includeMuted || undefined,
      include_hosts_metadata: o.includeMetadata || undefined,
    },
  };
}

export function hostsListCommand(factory: Factory, run = runHostsList): Command {
  const cmd = verbCommand(
    'list',
    'List hosts that reported in the past 3 hours (or since --since), searched by name, alias or tag',
    [
      'ops hosts list',
      'ops hosts list --filter "role:db env:prod" --include-muted',
      'ops hosts list --sort-field cpu --sort-dir desc --limit 10',
      'ops hosts list --since -2d --all -o ndjson > hosts.ndjson',
      'ops hosts list --start 100 --count 50 --json',
    ],
  )
    .option(
      '--filter <text>',
      'words that must all match: key:value matches a tag, other words part of a name or alias',
    )
    .addOption(choiceOption('--sort-field <field>', `sort by ${SORT_FIELDS.join(', ')}`, SORT_FIELDS))
    .addOption(choiceOption('--sort-dir <dir>', 'asc or desc', SORT_DIRS))
    .option('--start <n>', 'offset of the first host, 0-based')
    .option('--count <n>', `hosts per request, at most ${MAX_PAGE} (alone: print one page of this size)`)
    .option('--since <time>', 'hosts that reported since: RFC 3339, a date or relative (-3h, -2d)')
    .option('--include-muted', 'include mute expiry (mute_timeout); the table then shows until when')
    .option('--include-metadata', 'include agent version, platform, processor and other metadata (meta)');
  addListFlags(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseHostsListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, ...parsed });
  });
}

/** Streams the hosts page by page into the printer (NDJSON and CSV never hold more than a page). */
export async function runHostsList(o: HostsListOptions): Promise<void> {
  const client = await o.client();
  await printPages<HostWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listHostPages(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: HOST_COLUMNS,
    limit: o.limit,
    noun: 'matching hosts',
    offset: o.query.start,
  });
}
