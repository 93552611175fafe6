import type { Command } from 'commander';
import { DOCGEN_JOB_FIELDS } from '../../clients/docgen/types.js';
import type { Factory } from '../../app/types.js';
import { jobsGetCommand } from './jobs/get.js';
import { jobsListCommand } from './jobs/list.js';
import { docgenLoginCommand } from './login.js';
import { addVerbs, read, write, groupCommand } from '../shared/verbs.js';

/** `ops docgen`: the document-generation jobs API (seed 002 A). */
export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'docgen',
    'Document generation: list jobs (yours, of a batch or of a template) and show one job',
    [
      'ops docgen jobs list --limit 20',
      'ops docgen jobs list --status failed',
      'ops docgen jobs get 91847520',
      'ops docgen login',
    ],
    {
      notes: `Every request carries the access token (OPS_DOCGEN_TOKEN, or docgen.token that ops docgen login
stores; --token-stdin) and the header content-version: 2025.0.`,
    },
  );
  addVerbs(group, { login: write(docgenLoginCommand) }, factory);
  const jobs = groupCommand(group, 'jobs', 'Document-generation jobs', [
    'ops docgen jobs list',
    'ops docgen jobs get 91847520',
  ]);

  addVerbs(
    jobs,
    {
      list: read(jobsListCommand, { list: true, fields: DOCGEN_JOB_FIELDS }),
      get: read(jobsGetCommand, { fields: DOCGEN_JOB_FIELDS }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps; each succeeds against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Document generation: the newest jobs', argv: ['docgen', 'jobs', 'list', '--limit', '5'] },
  { title: 'One job, with its output file', argv: ['docgen', 'jobs', 'get', '91847499'] },
];
