import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RegionWire } from '../../clients/cloud/types.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { type CloudRunBase, start } from './shared.js';

export interface CloudRegionsOptions extends CloudRunBase {
  /** Regions to print at most; undefined with --all. */
  limit: number | undefined;
}

export function cloudRegionsCommand(factory: Factory, run = runCloudRegions): Command {
  const cmd = verbCommand('regions', 'List the regions instances can run in, with their locations', [
    'ops cloud regions',
    'ops cloud regions --json',
    'ops cloud regions --field name',
  ]);
  addListFlags(cmd);
  return cmd.action(async (o: { limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    const { base } = await start(factory, c);
    await run({ ...base, limit });
  });
}

export async function runCloudRegions(o: CloudRegionsOptions): Promise<void> {
  const client = await o.client();
  await printPages<RegionWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getRegionList({ limit: o.limit, raw: o.printer.takesRawJson }),
    columns: [
      { header: 'name', get: (r) => r.name },
      { header: 'location', get: (r) => r.location, kind: 'text' },
    ],
    limit: o.limit,
    noun: 'regions',
  });
}
