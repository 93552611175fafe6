import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type PermissionsRepoOptions, toggleCommand } from './toggle.js';

export type PermissionsDisableRepoOptions = PermissionsRepoOptions;

export function permissionsDisableRepoCommand(factory: Factory, run = runPermissionsDisableRepo): Command {
  return toggleCommand(factory, 'disable-repo', run);
}

/** disableSelectedRepositoryPlatformActionsOrganization. */
export async function runPermissionsDisableRepo(o: PermissionsDisableRepoOptions): Promise<void> {
  await (await o.client()).disableSelectedRepositoryPlatformActionsOrganization(o.org, o.repositoryId);
  await o.printer.print({ org: o.org, repository_id: o.repositoryId, enabled: false });
}
