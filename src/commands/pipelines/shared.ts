import { type PipelinesClient, createPipelinesClient } from '../../clients/pipelines/client.js';
import type { ReportingWindow } from '../../clients/pipelines/types.js';
import { UsageError } from '../../errors.js';
import { notBlank } from '../shared/parse.js';
import { type ServiceBase, serviceStart } from '../shared/start.js';
import { namingPipelinesNotFound } from './not-found.js';

/** What every pipelines run function gets besides its own values. */
export type PipelinesBase = ServiceBase<PipelinesClient>;

/**
 * The start of every pipelines verb: its context and client. `--org` is laid over the profile's
 * `pipelines.org` for the verbs that hand it in. The address and token are checked here, before any
 * request.
 */
export const start = serviceStart<PipelinesClient, { org?: string | undefined }>('pipelines', {
  settings: (f) => ({ 'pipelines.org': f.org }),
  create: (http) => namingPipelinesNotFound(createPipelinesClient(http)),
});

export { parseUuid } from '../shared/ids.js';

/** `<provider>/<organization>/<project>` (or `circleci/<org id>/<project id>`). */
export function parseProjectSlug(raw: string): string {
  const parts = notBlank(
    'project slug',
    raw,
    'write it as provider/organization/project, e.g. gh/acme/web-app',
  )
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (parts.length !== 3 || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new UsageError(
      `invalid project slug "${raw}"`,
      'write it as provider/organization/project, e.g. gh/acme/web-app',
    );
  return parts.join('/');
}

/** A variable name the service takes: letters, digits and `_`, not starting with a digit. */
export function parseEnvName(raw: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw))
    throw new UsageError(
      `invalid variable name "${raw}"`,
      'use letters, digits and _ only, not starting with a digit (e.g. AWS_REGION)',
    );
  return raw;
}

export { parseChoice } from '../shared/choices.js';

export const WINDOWS: readonly ReportingWindow[] = [
  'last-24-hours',
  'last-7-days',
  'last-30-days',
  'last-60-days',
  'last-90-days',
];

/** A confirmation step handed to run functions of destructive verbs. */
export type Confirm = (action: string) => Promise<void>;
