import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type PermissionsRepoOptions, toggleCommand } from './toggle.js';

export type PermissionsEnableRepoOptions = PermissionsRepoOptions;

export function permissionsEnableRepoCommand(factory: Factory, run = runPermissionsEnableRepo): Command {
  return toggleCommand(factory, 'enable-repo', run);
}

/** enableSelectedRepositoryPlatformActionsOrganization. */
export async function runPermissionsEnableRepo(o: PermissionsEnableRepoOptions): Promise<void> {
  await (await o.client()).enableSelectedRepositoryPlatformActionsOrganization(o.org, o.repositoryId);
  await o.printer.print({ org: o.org, repository_id: o.repositoryId, enabled: true });
}
