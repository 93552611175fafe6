import { required } from '../../shared/required.js';
import { verbCommand } from '../../shared/verbs.js';
import { type Command, Option } from 'commander';
import { readInputFile } from '../../shared/secret-input.js';
import type { Factory } from '../../../app/types.js';
import {
  CONTRACT_TYPES,
  type LaunchInstanceWire,
  MARKET_APP_IDS,
  REGION_NAMES,
  STORAGE_TYPES,
  TYPE_NAMES,
} from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { type WaitOptions, addWaitOptions, parseWaitOptions, type WaitFlags } from '../../shared/wait.js';
import { type CloudRunBase, start, planRead } from '../shared.js';
import { type LaunchFlags, familyOfImageCode, parseLaunchFlags, readSshKey } from './launch-input.js';
import { addMonthlyOptions, printInstance, waitForInstance } from './shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface InstanceLaunchOptions extends CloudRunBase {
  io: Io;
  /** The launch body, ssh key and user data included. */
  body: LaunchInstanceWire;
  wait: WaitOptions;
}

export function instanceLaunchCommand(factory: Factory, run = runInstanceLaunch): Command {
  const cmd = addMonthlyOptions(
    verbCommand('launch', 'Launch an instance; --wait until it is RUNNING (exit 8 if it ends FAILED)', [
      'ops cloud instance launch --region eu-west-3 --type cld.m5.large \\\n' +
        '    --image UBUNTU_24_04_64BIT --contract-type HOURLY --storage CENTRAL \\\n' +
        '    --reference web-03',
      'ops cloud instance launch --region eu-west-3 --type cld.m5.large \\\n' +
        '    --image UBUNTU_24_04_64BIT --contract-type HOURLY --storage CENTRAL --wait',
      'ops cloud instance launch --region eu-central-1 --type cld.m5.xlarge \\\n' +
        '    --image WINDOWS_SERVER_2022_64BIT --contract-type MONTHLY \\\n' +
        '    --contract-term 12 --billing-frequency 3 --storage CENTRAL \\\n' +
        '    --root-disk-size 80',
      'ops cloud instance launch --region eu-west-3 --type cld.m5.large \\\n' +
        '    --image 7b0f2c9e-54a1-4d3b-9c2e-1f6a8e3d5b20 --contract-type HOURLY \\\n' +
        '    --storage LOCAL --json',
    ])
      .addOption(
        required(
          choiceOption(
            '--region <name>',
            'region (required), e.g. eu-west-3 (`ops cloud regions`)',
            REGION_NAMES,
          ),
        ),
      )
      .addOption(
        required(
          choiceOption(
            '--type <name>',
            'instance type (required), e.g. cld.m5.large (`ops cloud instance-types --region R`)',
            TYPE_NAMES,
          ),
        ),
      )
      .addOption(
        required(
          new Option(
            '--image <id>',
            'operating system code (UBUNTU_24_04_64BIT…) or custom image UUID (required; `ops cloud images`)',
          ),
        ),
      )
      .addOption(
        required(choiceOption('--contract-type <type>', 'HOURLY or MONTHLY (required)', CONTRACT_TYPES)),
      )
      .addOption(
        required(
          choiceOption('--storage <type>', 'root disk storage: LOCAL or CENTRAL (required)', STORAGE_TYPES),
        ),
      ),
  )
    .option('--root-disk-size <GB>', 'root disk, 5 to 1000 GB (at least 50 for Windows)')
    .option('--reference <name>', 'a name of your own for the instance')
    .addOption(
      choiceOption(
        '--market-app <id>',
        'application to install, e.g. CPANEL_30, PLESK_WEB_PRO',
        MARKET_APP_IDS,
      ),
    )
    .option(
      '--ssh-key-file <file>',
      'OpenSSH public key to install (Linux and FreeBSD images); not with --user-data-file',
    )
    .option(
      '--user-data-file <file>',
      'plain-text user data (cloud-init), - for stdin; not with --ssh-key-file',
    );
  addWaitOptions(cmd, { what: 'the instance is RUNNING' });
  return cmd.action(async (o: LaunchFlags & WaitFlags, c: Command) => {
    const body = parseLaunchFlags(o);
    const wait = parseWaitOptions(o);
    if (o.sshKeyFile !== undefined) body.sshKey = await readSshKey(o.sshKeyFile, factory.io);
    if (o.userDataFile !== undefined) {
      const text = await readInputFile(factory.io, o.userDataFile, '--user-data-file');
      if (text.trim() === '') throw new UsageError(`--user-data-file "${o.userDataFile}" is empty`);
      body.userData = text;
    }
    const { ctx, base } = await start(
      factory,
      c,
      {},
      {
        stdinUsed:
          o.userDataFile === '-' || o.sshKeyFile === '-'
            ? o.userDataFile === '-'
              ? '--user-data-file -'
              : '--ssh-key-file -'
            : undefined,
      },
    );
    await run({ ...base, io: ctx.io, body, wait });
  });
}

/** A custom image's family is learnt from the image list (a read-only request) before the launch. */
async function imageFamily(o: InstanceLaunchOptions): Promise<string | undefined> {
  const known = familyOfImageCode(o.body.imageId);
  if (known) return known;
  const found = await planRead(o, async (client) => {
    for await (const page of client.getImageList({})) {
      const hit = page.items.find((i) => i.id.toLowerCase() === o.body.imageId.toLowerCase());
      if (hit) return hit;
    }
    return null;
  });
  if (found === undefined) return undefined;
  if (found === null)
    throw new UsageError(`no image "${o.body.imageId}"`, 'give an id that `ops cloud images` lists');
  return found.family;
}

export async function runInstanceLaunch(o: InstanceLaunchOptions): Promise<void> {
  const family = await imageFamily(o);
  if (family === 'windows') {
    if (o.body.rootDiskSize !== undefined && o.body.rootDiskSize < 50)
      throw new UsageError(
        `--root-disk-size ${o.body.rootDiskSize} is too small for a Windows image`,
        'give at least 50 (GB)',
      );
    if (o.body.sshKey !== undefined)
      throw new UsageError(
        '--ssh-key-file is for Linux and FreeBSD images only',
        `${o.body.imageId} is a Windows image`,
      );
  }
  const client = await o.client();
  const launched = await client.launchInstance(o.body);
  const inst = o.wait.wait
    ? await waitForInstance({
        client,
        feedback: o.feedback,
        io: o.io,
        wait: o.wait,
        id: launched.id,
        target: 'RUNNING',
        what: `instance ${launched.id} to be RUNNING`,
      })
    : launched;
  await printInstance(o.printer, inst as Parameters<typeof printInstance>[1]);
}
