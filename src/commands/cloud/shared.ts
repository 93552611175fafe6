import { isIP } from 'node:net';
import { type CloudClient, createCloudClient } from '../../clients/cloud/client.js';
import { ExitCode, OpsError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import { quote } from '../shared/parse.js';
import { namingCloudNotFound } from './not-found.js';
import { type ServiceBase, serviceStart } from '../shared/start.js';
import type { TextIdForm } from '../shared/ids.js';

/** What every cloud run function gets besides its own values. */
export type CloudRunBase = ServiceBase<CloudClient>;

/**
 * A read made only to check or plan a change (the instance's state before an action): marked as a
 * planning read, so --dry-run sends it (named on stderr) and prints the change itself as curl.
 */
export async function planRead<T>(o: CloudRunBase, read: (client: CloudClient) => Promise<T>): Promise<T> {
  return read((await o.client()).planning());
}

/** The start of every cloud verb: its context and client (the address and key checked first). */
export const start = serviceStart<CloudClient>('cloud', {
  create: (http) => namingCloudNotFound(createCloudClient(http)),
});

/** The form of every id of this API, for `parseId`: a UUID, as the list command given shows it. */
export function cloudId(listCommand: string): TextIdForm {
  return { kind: 'uuid', hint: `give the id (a UUID) as \`${listCommand}\` shows it` };
}

export { parseChoice } from '../shared/choices.js';

/** A whole number from a fixed set (contract terms, billing frequencies). */
export function parseNumberChoice(
  flag: string,
  raw: string | undefined,
  values: readonly number[],
): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!values.includes(n))
    throw new UsageError(`invalid ${flag} ${quote(raw)}`, `give one of ${values.join(', ')}`);
  return n;
}

export function parseIp(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!isIP(raw.trim())) throw new UsageError(`invalid --ip "${raw}"`, 'give an IPv4 or IPv6 address');
  return raw.trim();
}

/** A non-empty text flag (`--reference`), at most `max` characters. */
export function parseText(flag: string, raw: string | undefined, max?: number): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError(`${flag} is empty`, `give a value or leave out ${flag}`);
  if (max !== undefined && raw.length > max)
    throw new UsageError(`${flag} is ${raw.length} characters long`, `give at most ${max}`);
  return raw;
}

/**
 * The resource is not in the state the seed requires for an action: the API would refuse it (400), so
 * the command says so first, with what to do instead. Exit 1, as for the API's own refusal.
 */
export class StateError extends OpsError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: ExitCode.failure, code: 'wrong_state', ...(hint ? { hint } : {}) });
  }
}

/** "web-01 (4b7d2a10-…)" or the id alone when there is no reference. */
export function label(o: { id: string; reference?: string | null }): string {
  return o.reference ? `${o.reference} (${o.id})` : o.id;
}

/** The injected things a run function with a wait needs (the poller's signal is the IO's). */
export interface WaitBase {
  io: Io;
}
