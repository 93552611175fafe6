import { describe, expect, it } from 'vitest';
import { jobsGetCommand } from '../../src/commands/docgen/jobs/get.js';
import { jobsListCommand } from '../../src/commands/docgen/jobs/list.js';
import { ConfigError, ExitCode, UsageError } from '../../src/errors.js';
import { parseJobsVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const ENV = { OPS_DOCGEN_BASE_URL: 'http://docgen.test', OPS_DOCGEN_TOKEN: 'token-1' };
const all = { kind: 'all' };
const base = { scope: all, marker: undefined, statuses: undefined, limit: 30 };

const ok: Array<[string, Make, string[], Record<string, unknown>]> = [
  ['list: the newest 30 jobs', jobsListCommand, ['list'], base],
  ['list --limit 5', jobsListCommand, ['list', '--limit', '5'], { ...base, limit: 5 }],
  ['list --all', jobsListCommand, ['list', '--all'], { ...base, limit: undefined }],
  [
    'list --marker (trimmed)',
    jobsListCommand,
    ['list', '--marker', ' bTF8YWxs ', '--limit', '2'],
    { ...base, marker: 'bTF8YWxs', limit: 2 },
  ],
  ['list --status', jobsListCommand, ['list', '--status', 'failed'], { ...base, statuses: ['failed'] }],
  [
    'list --status several, any case, repeated once',
    jobsListCommand,
    ['list', '--status', 'Failed, completed_with_error,failed'],
    { ...base, statuses: ['failed', 'completed_with_error'] },
  ],
  [
    'list --batch',
    jobsListCommand,
    ['list', '--batch', '6110482', '--all'],
    { ...base, scope: { kind: 'batch', id: '6110482' }, limit: undefined },
  ],
  [
    'list --template with --status and --marker',
    jobsListCommand,
    ['list', '--template', '1487265402', '--status', 'pending', '--marker', 'm'],
    { ...base, scope: { kind: 'template', id: '1487265402' }, statuses: ['pending'], marker: 'm' },
  ],
  ['get', jobsGetCommand, ['get', '91847520'], { jobId: '91847520' }],
  ['get, id with spaces around', jobsGetCommand, ['get', ' 91847499 '], { jobId: '91847499' }],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected) => {
    const { values, calls } = await parseJobsVerb(make, args, { env: ENV });
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it('--token-stdin reads the token from stdin when no other is set', async () => {
    const r = await parseJobsVerb(jobsListCommand, ['list', '--token-stdin'], {
      env: { OPS_DOCGEN_BASE_URL: 'http://docgen.test' },
      input: 'token-from-stdin\n',
    });
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(base);
  });
});

const bad: Array<[string, Make, string[], RegExp]> = [
  ['--limit 0', jobsListCommand, ['list', '--limit', '0'], /^invalid --limit "0"$/],
  ['--limit with --all', jobsListCommand, ['list', '--limit', '5', '--all'], /cannot be combined/],
  ['--status unknown', jobsListCommand, ['list', '--status', 'done'], /^invalid --status "done"$/],
  ['--status with an unknown one', jobsListCommand, ['list', '--status', 'failed,oops'], /"oops"/],
  ['--status empty', jobsListCommand, ['list', '--status', ''], /^invalid --status ""$/],
  ['--batch not an id', jobsListCommand, ['list', '--batch', 'last'], /^invalid --batch "last"$/],
  ['--template a path', jobsListCommand, ['list', '--template', '../1'], /^invalid --template "..\/1"$/],
  [
    '--batch with --template',
    jobsListCommand,
    ['list', '--batch', '1', '--template', '2'],
    /^--batch and --template cannot be combined$/,
  ],
  ['--marker empty', jobsListCommand, ['list', '--marker', ' '], /^--marker is empty$/],
  ['get a name', jobsGetCommand, ['get', 'invoice'], /^invalid job id "invoice"$/],
  ['get ..', jobsGetCommand, ['get', '..'], /^invalid job id "\.\."$/],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message) => {
    const err = await parseJobsVerb(make, args, { env: ENV }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('a missing job id is commander’s usage error', async () => {
    const err = (await parseJobsVerb(jobsGetCommand, ['get'], { env: ENV }).catch((e: unknown) => e)) as {
      code?: string;
    };
    expect(err.code).toBe('commander.missingArgument');
  });

  it('no token: exit 4 naming the variable, the config key and --token-stdin', async () => {
    const err = await parseJobsVerb(jobsListCommand, ['list'], {
      env: { OPS_DOCGEN_BASE_URL: 'http://docgen.test' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).exitCode).toBe(ExitCode.auth);
    expect((err as ConfigError).hint).toMatch(
      /OPS_DOCGEN_TOKEN.*ops config set docgen\.token -.*--token-stdin/,
    );
  });

  it('an empty token on stdin is refused', async () => {
    const err = await parseJobsVerb(jobsGetCommand, ['get', '1', '--token-stdin'], {
      env: { OPS_DOCGEN_BASE_URL: 'http://docgen.test' },
      input: '\n',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('--token-stdin is empty');
  });
});
