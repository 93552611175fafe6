import { planning } from '../../clients/http/planning.js';
import type { Page } from '../../clients/http/paginate.js';
import type { RawJson } from '../../clients/http/raw-json.js';
import type { ListOptions } from '../../clients/http/paginate.js';
import type { RunsClient, Scope } from '../../clients/runs/client.js';
import type { PutResult } from '../../clients/runs/secrets.js';
import type {
  ActionsPublicKeyWire,
  ActionsSecretWire,
  ActionsVariableWire,
  AuthenticationTokenWire,
  RunnerApplicationWire,
  RunnerLabelsWire,
  RunnerWire,
  SecretPutWire,
  VariableWriteWire,
} from '../../clients/runs/types.js';

/**
 * Secrets and variables live in three scopes with one operation each; these pick the operation for a
 * scope, so that a verb is written once.
 */

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

export function listSecrets(c: RunsClient, s: Scope, o: ListOptions): Pages<ActionsSecretWire> {
  if (s.kind === 'org') return c.listOrgSecrets(s.org, o);
  if (s.kind === 'env') return c.listEnvironmentSecrets(s.repo, s.env, o);
  return c.listRepoSecrets(s.repo, o);
}

/** The key a secret is sealed with: read to plan the write, so --dry-run sends it (see `planning`). */
export function publicKey(c: RunsClient, s: Scope): Promise<ActionsPublicKeyWire> {
  return planning(() => {
    if (s.kind === 'org') return c.getOrgPublicKey(s.org);
    if (s.kind === 'env') return c.getEnvironmentPublicKey(s.repo, s.env);
    return c.getRepoPublicKey(s.repo);
  });
}

export function putSecret(c: RunsClient, s: Scope, name: string, body: SecretPutWire): Promise<PutResult> {
  if (s.kind === 'org') return c.createOrUpdateOrgSecret(s.org, name, body);
  if (s.kind === 'env') return c.createOrUpdateEnvironmentSecret(s.repo, s.env, name, body);
  return c.createOrUpdateRepoSecret(s.repo, name, body);
}

export function deleteSecret(c: RunsClient, s: Scope, name: string): Promise<void> {
  if (s.kind === 'org') return c.deleteOrgSecret(s.org, name);
  if (s.kind === 'env') return c.deleteEnvironmentSecret(s.repo, s.env, name);
  return c.deleteRepoSecret(s.repo, name);
}

export function listVariables(c: RunsClient, s: Scope, o: ListOptions): Pages<ActionsVariableWire> {
  if (s.kind === 'org') return c.listOrgVariables(s.org, o);
  if (s.kind === 'env') return c.listEnvironmentVariables(s.repo, s.env, o);
  return c.listRepoVariables(s.repo, o);
}

export function getVariable(c: RunsClient, s: Scope, name: string): Promise<ActionsVariableWire> {
  if (s.kind === 'org') return c.getOrgVariable(s.org, name);
  if (s.kind === 'env') return c.getEnvironmentVariable(s.repo, s.env, name);
  return c.getRepoVariable(s.repo, name);
}

export function createVariable(c: RunsClient, s: Scope, body: VariableWriteWire): Promise<void> {
  if (s.kind === 'org') return c.createOrgVariable(s.org, body);
  if (s.kind === 'env') return c.createEnvironmentVariable(s.repo, s.env, body);
  return c.createRepoVariable(s.repo, body);
}

export function updateVariable(
  c: RunsClient,
  s: Scope,
  name: string,
  body: Partial<VariableWriteWire>,
): Promise<void> {
  if (s.kind === 'org') return c.updateOrgVariable(s.org, name, body);
  if (s.kind === 'env') return c.updateEnvironmentVariable(s.repo, s.env, name, body);
  return c.updateRepoVariable(s.repo, name, body);
}

export function deleteVariable(c: RunsClient, s: Scope, name: string): Promise<void> {
  if (s.kind === 'org') return c.deleteOrgVariable(s.org, name);
  if (s.kind === 'env') return c.deleteEnvironmentVariable(s.repo, s.env, name);
  return c.deleteRepoVariable(s.repo, name);
}

/** Runners belong to a repository or an organisation (an environment scope never reaches here). */
export type RunnerScope = Exclude<Scope, { kind: 'env' }>;

export function listRunners(
  c: RunsClient,
  s: RunnerScope,
  q: { name?: string | undefined },
  o: ListOptions,
): Pages<RunnerWire> {
  return s.kind === 'org'
    ? c.listSelfHostedRunnersForOrg(s.org, q, o)
    : c.listSelfHostedRunnersForRepo(s.repo, q, o);
}

export function deleteRunner(c: RunsClient, s: RunnerScope, id: number): Promise<void> {
  return s.kind === 'org'
    ? c.deleteSelfHostedRunnerFromOrg(s.org, id)
    : c.deleteSelfHostedRunnerFromRepo(s.repo, id);
}

export function listLabels(c: RunsClient, s: RunnerScope, id: number): Promise<RunnerLabelsWire> {
  return s.kind === 'org'
    ? c.listLabelsForSelfHostedRunnerForOrg(s.org, id)
    : c.listLabelsForSelfHostedRunnerForRepo(s.repo, id);
}

export function addLabels(
  c: RunsClient,
  s: RunnerScope,
  id: number,
  labels: string[],
): Promise<RunnerLabelsWire> {
  return s.kind === 'org'
    ? c.addCustomLabelsToSelfHostedRunnerForOrg(s.org, id, labels)
    : c.addCustomLabelsToSelfHostedRunnerForRepo(s.repo, id, labels);
}

export function removeAllLabels(c: RunsClient, s: RunnerScope, id: number): Promise<RunnerLabelsWire> {
  return s.kind === 'org'
    ? c.removeAllCustomLabelsFromSelfHostedRunnerForOrg(s.org, id)
    : c.removeAllCustomLabelsFromSelfHostedRunnerForRepo(s.repo, id);
}

export function runnerToken(
  c: RunsClient,
  s: RunnerScope,
  kind: 'register' | 'remove',
): Promise<AuthenticationTokenWire> {
  if (kind === 'register')
    return s.kind === 'org'
      ? c.createRegistrationTokenForOrg(s.org)
      : c.createRegistrationTokenForRepo(s.repo);
  return s.kind === 'org' ? c.createRemoveTokenForOrg(s.org) : c.createRemoveTokenForRepo(s.repo);
}

export function runnerDownloads(c: RunsClient, s: RunnerScope): Promise<RunnerApplicationWire[]> {
  return s.kind === 'org' ? c.listRunnerApplicationsForOrg(s.org) : c.listRunnerApplicationsForRepo(s.repo);
}
