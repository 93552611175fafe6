import { required } from '../../shared/required.js';
import { type Command, Option } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { PipelineDefinitionCreateWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { DEFINITION_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import {
  type ProjectRef,
  parseFilePath,
  PROJECT_ORG,
  parseProjectRef,
  withProjectRef,
  parseRepoId,
  readProjectId,
} from './shared.js';

export interface DefinitionCreateOptions extends PipelinesBase {
  project: ProjectRef;
  body: PipelineDefinitionCreateWire;
}

interface Flags {
  name?: string;
  description?: string;
  configRepo?: string;
  configPath?: string;
  checkoutRepo?: string;
}

/** The seed allows only GitHub App sources (reference §D.6): the provider is not a choice. */
export function parseCreateFlags(o: Flags): PipelineDefinitionCreateWire {
  if (o.name === undefined || o.name.trim() === '')
    throw new UsageError('--name is required', 'give the pipeline definition a name');
  const configRepo = parseRepoId('--config-repo', o.configRepo);
  if (configRepo === undefined)
    throw new UsageError(
      '--config-repo is required',
      'give the external id of the repository that holds the config',
    );
  const filePath = parseFilePath(o.configPath) ?? '.circleci/config.yml';
  const checkoutRepo = parseRepoId('--checkout-repo', o.checkoutRepo) ?? configRepo;
  return {
    name: o.name,
    ...(o.description !== undefined ? { description: o.description } : {}),
    config_source: { provider: 'github_app', repo: { external_id: configRepo }, file_path: filePath },
    checkout_source: { provider: 'github_app', repo: { external_id: checkoutRepo } },
  };
}

export function definitionCreateCommand(factory: Factory, run = runDefinitionCreate): Command {
  return verbCommand(
    'create',
    'Create a pipeline definition: a config file in a GitHub App repository, and the repository to check out',
    [
      'ops pipelines definition create gh/acme/web-app --name release \\\n' +
        '    --config-repo 401122001 --config-path .circleci/release.yml',
      'ops pipelines definition create gh/acme/api-server --name docs \\\n' +
        '    --config-repo 401122004 --checkout-repo 401122002 --json',
    ],
  )
    .argument('<project>', 'project id (uuid), slug, or name in --org')
    .option('--org <org>', PROJECT_ORG)
    .addOption(required(new Option('--name <name>', 'name of the definition')))
    .option('--description <text>', 'what it is for')
    .addOption(
      required(new Option('--config-repo <external-id>', 'external id of the repository holding the config')),
    )
    .option('--config-path <path>', 'path of the config in that repository (default .circleci/config.yml)')
    .option(
      '--checkout-repo <external-id>',
      'external id of the repository to check out (default: the config repository)',
    )
    .action(async (project: string, o: Flags, c: Command) => {
      const given = parseProjectRef(project, c.opts());
      const body = parseCreateFlags(o);
      const { base, project: ref } = await start(
        factory,
        c,
        {},
        { resolve: withProjectRef(given, c.opts()) },
      );
      await run({ ...base, project: ref, body });
    });
}

export async function runDefinitionCreate(o: DefinitionCreateOptions): Promise<void> {
  const client = await o.client();
  const d = await client.createPipelineDefinition(await readProjectId(client, o.project), o.body);
  await o.printer.print(d, { columns: DEFINITION_COLUMNS });
}
