import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { MeterClient, MeterEventSession } from '../../../clients/meter/client.js';
import type { Column, Printer } from '../../../output/printer.js';
import type { Factory } from '../../../app/types.js';
import { addApiVersionOption, start, withApiVersion } from '../shared/options.js';

export interface MeterSessionCreateOptions {
  printer: Printer;
  client: () => Promise<MeterClient>;
}

const COLUMNS: Column<MeterEventSession>[] = [
  { header: 'id', get: (s) => s.id },
  { header: 'object', get: (s) => s.object },
  // The purpose of the command is a token for scripts: it is shown with --field or -o json.
  { header: 'authentication token', get: (s) => s.authentication_token, format: 'secret' },
  { header: 'created', get: (s) => s.created, format: 'relative' },
  { header: 'expires at', get: (s) => s.expires_at, format: 'relative' },
  { header: 'livemode', get: (s) => s.livemode, format: 'bool' },
];

export function meterSessionCreateCommand(factory: Factory, run = runMeterSessionCreate): Command {
  const cmd = verbCommand(
    'create',
    'Create a meter event session: a token for the event stream, valid 15 minutes',
    [
      'ops meter session create',
      'TOKEN=$(ops meter session create --field authentication_token)',
      'ops meter session create -o json --api-version 2025-08-27.preview',
    ],
    { notes: `The table masks the token; print it with --field authentication_token or -o json.` },
  );
  return addApiVersionOption(cmd).action(async (o: { apiVersion?: string }, c: Command) => {
    const { base } = await start(factory, c, {}, { scope: withApiVersion(o.apiVersion) });
    await run({ printer: base.printer, client: base.client });
  });
}

export async function runMeterSessionCreate(o: MeterSessionCreateOptions): Promise<void> {
  const client = await o.client();
  const session = await client.createMeterEventSession();
  await o.printer.print(session, { columns: COLUMNS });
}
