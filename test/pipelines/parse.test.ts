import { describe, expect, it } from 'vitest';
import { checkoutKeyCreateCommand } from '../../src/commands/pipelines/checkout-key/create.js';
import { checkoutKeyDeleteCommand } from '../../src/commands/pipelines/checkout-key/delete.js';
import { checkoutKeyGetCommand } from '../../src/commands/pipelines/checkout-key/get.js';
import { checkoutKeyListCommand } from '../../src/commands/pipelines/checkout-key/list.js';
import { contextCreateCommand } from '../../src/commands/pipelines/context/create.js';
import { contextDeleteCommand } from '../../src/commands/pipelines/context/delete.js';
import { contextEnvDeleteCommand } from '../../src/commands/pipelines/context/env/delete.js';
import { contextEnvListCommand } from '../../src/commands/pipelines/context/env/list.js';
import { contextEnvSetCommand } from '../../src/commands/pipelines/context/env/set.js';
import { contextGetCommand } from '../../src/commands/pipelines/context/get.js';
import { contextListCommand } from '../../src/commands/pipelines/context/list.js';
import { contextRestrictionCreateCommand } from '../../src/commands/pipelines/context/restriction/create.js';
import { contextRestrictionDeleteCommand } from '../../src/commands/pipelines/context/restriction/delete.js';
import { contextRestrictionListCommand } from '../../src/commands/pipelines/context/restriction/list.js';
import { envDeleteCommand } from '../../src/commands/pipelines/env/delete.js';
import { envGetCommand } from '../../src/commands/pipelines/env/get.js';
import { envListCommand } from '../../src/commands/pipelines/env/list.js';
import { envSetCommand } from '../../src/commands/pipelines/env/set.js';
import { projectCreateCommand } from '../../src/commands/pipelines/project/create.js';
import { projectDeleteCommand } from '../../src/commands/pipelines/project/delete.js';
import { projectFollowCommand } from '../../src/commands/pipelines/project/follow.js';
import { projectGetCommand } from '../../src/commands/pipelines/project/get.js';
import { IDS, parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const fn = expect.any(Function);
const C = IDS.awsProduction;

/** [label, builder, groups, args, the whole options object the run function gets (injected things left out)] */
const ok: Array<[string, Make, string[], string[], Record<string, unknown>]> = [
  [
    'context list by slug',
    contextListCommand,
    ['context'],
    ['list', '--org-slug', 'gh/acme'],
    { owner: { slug: 'gh/acme', type: undefined }, limit: 50 },
  ],
  [
    'context list by id, account, --all',
    contextListCommand,
    ['context'],
    ['list', '--owner-id', IDS.account.toUpperCase(), '--owner-type', 'ACCOUNT', '--all'],
    { owner: { id: IDS.account, type: 'account' }, limit: undefined },
  ],
  [
    'context list: the profile owner',
    contextListCommand,
    ['context'],
    ['list', '--limit', '3'],
    { owner: { id: IDS.acme, type: undefined }, limit: 3 },
  ],
  ['context get', contextGetCommand, ['context'], ['get', C], { contextId: C }],
  [
    'context create',
    contextCreateCommand,
    ['context'],
    ['create', 'signing', '--org-slug', 'gh/acme', '--owner-type', 'organization'],
    { name: 'signing', owner: { slug: 'gh/acme', type: 'organization' } },
  ],
  ['context delete', contextDeleteCommand, ['context'], ['delete', C], { contextId: C, confirm: fn }],
  [
    'context env list',
    contextEnvListCommand,
    ['context', 'env'],
    ['list', C, '--limit', '5'],
    { contextId: C, limit: 5 },
  ],
  [
    'context env set',
    contextEnvSetCommand,
    ['context', 'env'],
    ['set', C, 'AWS_REGION'],
    { contextId: C, name: 'AWS_REGION', value: fn },
  ],
  [
    'context env delete',
    contextEnvDeleteCommand,
    ['context', 'env'],
    ['delete', C, 'AWS_REGION'],
    { contextId: C, name: 'AWS_REGION', confirm: fn },
  ],
  [
    'restriction list',
    contextRestrictionListCommand,
    ['context', 'restriction'],
    ['list', C],
    { contextId: C, limit: 100 },
  ],
  [
    'restriction create: project',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'project', '--value', IDS.webApp],
    { contextId: C, type: 'project', value: IDS.webApp },
  ],
  [
    'restriction create: expression',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'expression', '--value', 'pipeline.git.branch == "main"'],
    { contextId: C, type: 'expression', value: 'pipeline.git.branch == "main"' },
  ],
  [
    'restriction delete',
    contextRestrictionDeleteCommand,
    ['context', 'restriction'],
    ['delete', C, IDS.mainRestriction],
    { contextId: C, restrictionId: IDS.mainRestriction, confirm: fn },
  ],
  ['project get', projectGetCommand, ['project'], ['get', '/gh/acme/web-app/'], { slug: 'gh/acme/web-app' }],
  [
    'project create',
    projectCreateCommand,
    ['project'],
    ['create', 'billing', '--org', 'gh/acme'],
    { org: 'gh/acme', name: 'billing' },
  ],
  [
    'project create by org id',
    projectCreateCommand,
    ['project'],
    ['create', 'ingest', '--org', IDS.labs],
    { org: IDS.labs, name: 'ingest' },
  ],
  [
    'project delete',
    projectDeleteCommand,
    ['project'],
    ['delete', 'gh/acme/mobile'],
    { slug: 'gh/acme/mobile', confirm: fn },
  ],
  [
    'project follow',
    projectFollowCommand,
    ['project'],
    ['follow', 'github/acme/docs'],
    { provider: 'github', organization: 'acme', project: 'docs' },
  ],
  [
    'checkout-key list',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app'],
    { slug: 'gh/acme/web-app', digest: undefined, limit: 50 },
  ],
  [
    'checkout-key list sha256',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app', '--digest', 'SHA256', '--all'],
    { slug: 'gh/acme/web-app', digest: 'sha256', limit: undefined },
  ],
  [
    'checkout-key create',
    checkoutKeyCreateCommand,
    ['checkout-key'],
    ['create', 'gh/acme/web-app', '--type', 'deploy-key'],
    { slug: 'gh/acme/web-app', type: 'deploy-key' },
  ],
  [
    'checkout-key get',
    checkoutKeyGetCommand,
    ['checkout-key'],
    ['get', 'gh/acme/web-app', IDS.userKeySha256],
    { slug: 'gh/acme/web-app', fingerprint: IDS.userKeySha256 },
  ],
  [
    'checkout-key delete (md5)',
    checkoutKeyDeleteCommand,
    ['checkout-key'],
    ['delete', 'gh/acme/web-app', 'C9:0B:1C:4F:D5:65:56:B9:AD:88:F9:81:2B:37:74:2F'],
    { slug: 'gh/acme/web-app', fingerprint: 'c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f', confirm: fn },
  ],
  ['env list', envListCommand, ['env'], ['list', 'gh/acme/web-app'], { slug: 'gh/acme/web-app', limit: 100 }],
  [
    'env get',
    envGetCommand,
    ['env'],
    ['get', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN' },
  ],
  [
    'env set',
    envSetCommand,
    ['env'],
    ['set', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN', value: fn },
  ],
  [
    'env delete',
    envDeleteCommand,
    ['env'],
    ['delete', 'gh/acme/web-app', 'NPM_TOKEN'],
    { slug: 'gh/acme/web-app', name: 'NPM_TOKEN', confirm: fn },
  ],
];

describe('parsing: argv in, the whole options object out', () => {
  it.each(ok)('%s', async (_label, make, groups, args, values) => {
    const r = await parseVerb(make, groups, args);
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(values);
  });

  it('a secret value is read from stdin, never from argv', async () => {
    const r = await parseVerb<{ value: () => Promise<string> }>(
      envSetCommand,
      ['env'],
      ['set', 'gh/acme/web-app', 'X'],
      {
        input: 's3cret\n',
      },
    );
    expect(await r.options.value()).toBe('s3cret');
  });
});

/** [label, builder, groups, args, the first line of the error] */
const bad: Array<[string, Make, string[], string[], string]> = [
  [
    'slug and id',
    contextListCommand,
    ['context'],
    ['list', '--org-slug', 'gh/acme', '--owner-id', IDS.acme],
    '--org-slug and --owner-id cannot be combined',
  ],
  ['bad slug', contextListCommand, ['context'], ['list', '--org-slug', 'acme'], 'invalid --org-slug "acme"'],
  [
    'bad owner id',
    contextListCommand,
    ['context'],
    ['list', '--owner-id', 'acme'],
    'invalid --owner-id "acme": not a UUID',
  ],
  [
    'bad owner type',
    contextListCommand,
    ['context'],
    ['list', '--owner-type', 'team'],
    'invalid --owner-type "team"',
  ],
  [
    'account by slug',
    contextCreateCommand,
    ['context'],
    ['create', 'x', '--org-slug', 'gh/acme', '--owner-type', 'account'],
    'an account is named by --owner-id, not --org-slug',
  ],
  [
    'limit and all',
    contextListCommand,
    ['context'],
    ['list', '--limit', '2', '--all'],
    '--limit and --all cannot be combined',
  ],
  [
    'context id',
    contextGetCommand,
    ['context'],
    ['get', 'aws-production'],
    'invalid context id "aws-production": not a UUID',
  ],
  ['empty context name', contextCreateCommand, ['context'], ['create', ' '], 'the context name is empty'],
  [
    'variable name',
    contextEnvSetCommand,
    ['context', 'env'],
    ['set', C, '1BAD-NAME'],
    'invalid variable name "1BAD-NAME"',
  ],
  [
    'restriction type',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'branch', '--value', 'main'],
    'invalid --type "branch"',
  ],
  [
    'restriction needs type',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--value', 'x'],
    '--type is required',
  ],
  [
    'project value uuid',
    contextRestrictionCreateCommand,
    ['context', 'restriction'],
    ['create', C, '--type', 'project', '--value', 'web-app'],
    'invalid --value "web-app": not a UUID',
  ],
  ['project slug', projectGetCommand, ['project'], ['get', 'gh/acme'], 'invalid project slug "gh/acme"'],
  [
    'slug traversal',
    projectGetCommand,
    ['project'],
    ['get', 'gh/../web-app'],
    'invalid project slug "gh/../web-app"',
  ],
  [
    'project name',
    projectCreateCommand,
    ['project'],
    ['create', 'a/b', '--org', 'gh/acme'],
    'invalid project name "a/b"',
  ],
  ['project org', projectCreateCommand, ['project'], ['create', 'ok'], '--org is required'],
  [
    'follow provider',
    projectFollowCommand,
    ['project'],
    ['follow', 'gl/acme/docs'],
    'invalid provider "gl" in "gl/acme/docs"',
  ],
  [
    'digest',
    checkoutKeyListCommand,
    ['checkout-key'],
    ['list', 'gh/acme/web-app', '--digest', 'sha1'],
    'invalid --digest "sha1"',
  ],
  [
    'key type',
    checkoutKeyCreateCommand,
    ['checkout-key'],
    ['create', 'gh/acme/web-app', '--type', 'admin-key'],
    'invalid --type "admin-key"',
  ],
  [
    'fingerprint',
    checkoutKeyGetCommand,
    ['checkout-key'],
    ['get', 'gh/acme/web-app', 'abc'],
    'invalid fingerprint "abc"',
  ],
  ['env name', envGetCommand, ['env'], ['get', 'gh/acme/web-app', 'A-B'], 'invalid variable name "A-B"'],
];

describe('bad input is a usage error before anything is sent', () => {
  it.each(bad)('%s', async (_label, make, groups, args, line) => {
    const err = await parseVerb(make, groups, args).then(
      () => undefined,
      (e: Error & { exitCode?: number }) => e,
    );
    expect(err?.message).toBe(line);
    expect(err?.exitCode).toBe(2);
  });

  it('no owner anywhere: a usage error naming the flags and the setting', async () => {
    const err = await parseVerb(contextListCommand, ['context'], ['list'], {
      env: { OPS_PIPELINES_OWNER_ID: '' },
    }).catch((e: Error & { hint?: string }) => e);
    expect(err).toMatchObject({ message: 'no owner given', exitCode: 2 });
    expect((err as { hint: string }).hint).toContain('--org-slug SLUG or --owner-id UUID');
  });
});
