import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { CATALOGUE_FIELDS } from '../../clients/meter/catalogue.js';
import { meterCatalogueCommand } from './catalogue.js';
import { meterSendCommand } from './send.js';
import { meterSessionCreateCommand } from './session/create.js';
import { addVerbs, read, write, groupCommand } from '../shared/verbs.js';

/** `ops meter`: usage metering (seed 000 B). */
export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'meter',
    'Usage metering: meter event sessions and the high-throughput event stream',
    [
      'ops meter session create',
      'ops meter send usage.ndjson --checkpoint usage.ckpt',
      'ops meter catalogue',
    ],
  );
  const session = groupCommand(
    group,
    'session',
    'Meter event sessions: a 15-minute token for the event stream',
    ['ops meter session create --field authentication_token'],
  );
  addVerbs(session, { create: write(meterSessionCreateCommand) }, factory);
  addVerbs(
    group,
    {
      send: write(meterSendCommand),
      catalogue: read(meterCatalogueCommand, { list: true, fields: CATALOGUE_FIELDS }),
    },
    factory,
  );
}

/** Steps of `ops sandbox demo`; each runs against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  {
    title: 'Create a meter event session (the token is masked; --field authentication_token prints it)',
    argv: ['meter', 'session', 'create'],
  },
  {
    title: 'Send one usage event',
    argv: ['meter', 'send', '--event-name', 'api_requests', '--customer', 'cus_demo', '--value', '3'],
  },
  {
    title: 'Other resource kinds of the billing platform',
    argv: ['meter', 'catalogue', '--search', 'credit'],
  },
];
