import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { errorsBacklinksCommand } from './errors/backlinks.js';
import { errorsKeywordsCommand } from './errors/keywords.js';
import { errorsResendCommand } from './errors/resend.js';
import { addVerbs, read, write, groupCommand } from '../shared/verbs.js';

/** `ops dataapi`: the data API's error reports (seed 002 B). */
export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'dataapi',
    'Data API error reports: failed keyword and backlink tasks, and failed webhooks resent',
    [
      'ops dataapi errors keywords --since -1d',
      'ops dataapi errors backlinks --function backlinks/summary/live',
      'ops dataapi errors resend --report keywords --function pingback_url --dry-run',
    ],
    {
      notes: `Credentials: HTTP Basic with OPS_DATAAPI_LOGIN and OPS_DATAAPI_PASSWORD (or dataapi.login and
dataapi.password in the profile: \`ops config set dataapi.password -\` reads it from stdin).`,
    },
  );
  const errors = groupCommand(group, 'errors', 'Tasks of the past 7 days that ended in an error', [
    'ops dataapi errors keywords --function pingback_url',
    'ops dataapi errors backlinks --limit 20',
    'ops dataapi errors resend --report backlinks --yes',
  ]);
  addVerbs(
    errors,
    {
      keywords: read(errorsKeywordsCommand, { list: true }),
      backlinks: read(errorsBacklinksCommand, { list: true }),
      resend: write(errorsResendCommand, { asks: true }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps; each succeeds against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  {
    title: 'Data API: the latest failed pingbacks of keyword tasks',
    argv: ['dataapi', 'errors', 'keywords', '--function', 'pingback_url', '--limit', '5'],
  },
  {
    title: 'Data API: backlink tasks that failed in the past day',
    argv: ['dataapi', 'errors', 'backlinks', '--since', '-1d', '--limit', '5'],
  },
];
