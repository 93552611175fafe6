import type { Command } from 'commander';
import { checkBillingVersion } from '../../../clients/meter/index.js';
import type { HttpClient } from '../../../clients/http/types.js';
import type { MeterClient } from '../../../clients/meter/client.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../app/types.js';

/** `--api-version`: the `Billing-Version` of this call, over OPS_METER_API_VERSION and the profile. */
export function addApiVersionOption(cmd: Command): Command {
  return cmd.option(
    '--api-version <version>',
    'Billing-Version header, <yyyy-mm-dd>.preview (env OPS_METER_API_VERSION)',
  );
}

/** Checks the version that will be sent, wherever it came from, before any request. */
export async function resolveApiVersion(ctx: Context, flag: string | undefined): Promise<string | undefined> {
  const value = flag ?? (await ctx.service('meter')).settings.get('api_version');
  if (value !== undefined && checkBillingVersion(value)) {
    const r = ctx.settings.resolve('meter.api_version');
    const from =
      flag !== undefined
        ? '--api-version'
        : r.origin === 'env'
          ? r.envName
          : `profile ${ctx.settings.profileName}: meter.api_version`;
    throw new UsageError(`invalid ${from} "${value}"`, 'give a date and release such as 2025-08-27.preview');
  }
  return flag;
}

/**
 * The meter client, built on first use with `connections` kept-alive sockets for parallel batches.
 * Given a `signal`, its requests listen to that instead of Ctrl-C (a bulk send lets the batches in
 * flight finish after Ctrl-C, so that what the service confirmed is recorded).
 */
export type MeterClientLoader = (signal?: AbortSignal) => Promise<MeterClient>;

export function meterClient(
  ctx: Context,
  apiVersion: string | undefined,
  connections?: number,
): MeterClientLoader {
  const load = async (http: HttpClient) =>
    (await import('../../../clients/meter/client.js')).createMeterClient(http, { apiVersion });
  return async (signal) =>
    (
      await ctx.serviceClient('meter', load, {
        ...(connections ? { connections } : {}),
        ...(signal ? { signal } : {}),
      })
    )();
}
