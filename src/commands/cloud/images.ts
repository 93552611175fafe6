import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import { type ImageDetailsWire, type ImageListQuery, REGION_NAMES } from '../../clients/cloud/types.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { IMAGE_COLUMNS } from './columns.js';
import { type CloudRunBase, start, parseChoice } from './shared.js';
import { choiceOption } from '../shared/choices.js';

const FLAVOURS = [
  'ubuntu',
  'debian',
  'freebsd',
  'centos',
  'almalinux',
  'rockylinux',
  'archlinux',
  'windows',
] as const;

export interface CloudImagesOptions extends CloudRunBase {
  query: ImageListQuery;
  limit: number | undefined;
}

export function cloudImagesCommand(factory: Factory, run = runCloudImages): Command {
  const cmd = verbCommand('images', 'List the images to launch from: systems and custom images', [
    'ops cloud images',
    'ops cloud images --custom --region eu-west-3',
    'ops cloud images --flavour ubuntu --field id',
  ])
    .addOption(choiceOption('--flavour <name>', FLAVOURS.join(', '), FLAVOURS))
    .option('--custom', 'custom images only')
    .addOption(choiceOption('--region <name>', 'images usable in this region', REGION_NAMES));
  addListFlags(cmd);
  return cmd.action(
    async (
      o: { flavour?: string; custom?: boolean; region?: string; limit?: string; all?: boolean },
      c: Command,
    ) => {
      const { limit } = parseListFlags(o);
      const query: ImageListQuery = {
        flavour: parseChoice('--flavour', o.flavour, FLAVOURS),
        custom: o.custom ? true : undefined,
        region: parseChoice('--region', o.region, REGION_NAMES),
      };
      const { base } = await start(factory, c);
      await run({ ...base, query, limit });
    },
  );
}

export async function runCloudImages(o: CloudImagesOptions): Promise<void> {
  const client = await o.client();
  await printPages<ImageDetailsWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getImageList(o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: IMAGE_COLUMNS,
    limit: o.limit,
    noun: 'images',
  });
}
