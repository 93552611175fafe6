import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { PipelineDefinitionUpdateWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { DEFINITION_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import {
  type ProjectRef,
  parseDefinitionId,
  parseFilePath,
  parseProjectRef,
  withProjectRef,
  PROJECT_ORG,
  parseRepoId,
  readProjectId,
} from './shared.js';

export interface DefinitionUpdateOptions extends PipelinesBase {
  project: ProjectRef;
  definitionId: string;
  body: PipelineDefinitionUpdateWire;
}

interface Flags {
  name?: string;
  description?: string;
  configPath?: string;
  checkoutRepo?: string;
}

export function parseUpdateFlags(o: Flags): PipelineDefinitionUpdateWire {
  if (o.name !== undefined && o.name.trim() === '') throw new UsageError('--name is empty');
  const filePath = parseFilePath(o.configPath);
  const checkout = parseRepoId('--checkout-repo', o.checkoutRepo);
  const body: PipelineDefinitionUpdateWire = {
    name: o.name,
    description: o.description,
    config_source: filePath === undefined ? undefined : { file_path: filePath },
    checkout_source:
      checkout === undefined ? undefined : { provider: 'github_app', repo: { external_id: checkout } },
  };
  if (Object.values(body).every((v) => v === undefined))
    throw new UsageError('nothing to change', 'give --name, --description, --config-path or --checkout-repo');
  return body;
}

export function definitionUpdateCommand(factory: Factory, run = runDefinitionUpdate): Command {
  return verbCommand(
    'update',
    'Change a pipeline definition: its name, description, config path or checkout repository',
    [
      'ops pipelines definition update gh/acme/web-app \\\n' +
        '    858ee467-65f5-4ea2-89b2-7c58efcd68ab \\\n' +
        '    --description "E2E against staging, nightly"',
      'ops pipelines definition update gh/acme/web-app \\\n' +
        '    858ee467-65f5-4ea2-89b2-7c58efcd68ab --config-path .circleci/e2e.yml',
    ],
  )
    .argument('<project>', 'project id (uuid), slug, or name in --org')
    .option('--org <org>', PROJECT_ORG)
    .argument('<definition-id>', 'pipeline definition id (uuid)')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--config-path <path>', 'new path of the config (the config repository stays)')
    .option('--checkout-repo <external-id>', 'external id of the repository to check out')
    .action(async (project: string, id: string, o: Flags, c: Command) => {
      const given = parseProjectRef(project, c.opts());
      const definitionId = parseDefinitionId(id);
      const body = parseUpdateFlags(o);
      const { base, project: ref } = await start(
        factory,
        c,
        {},
        { resolve: withProjectRef(given, c.opts()) },
      );
      await run({ ...base, project: ref, definitionId, body });
    });
}

export async function runDefinitionUpdate(o: DefinitionUpdateOptions): Promise<void> {
  const client = await o.client();
  const d = await client.updatePipelineDefinition(
    await readProjectId(client, o.project),
    o.definitionId,
    o.body,
  );
  await o.printer.print(d, { columns: DEFINITION_COLUMNS });
}
