import type { Command } from 'commander';
import { checkBillingVersion } from '../../../clients/meter/index.js';
import type { MeterClient } from '../../../clients/meter/client.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../app/types.js';
import { serviceStart } from '../../shared/start.js';

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
 * The meter client's loader as the senders take it. Given a `signal`, its requests listen to that
 * instead of Ctrl-C (a bulk send lets the batches in flight finish after Ctrl-C, so that what the
 * service confirmed is recorded).
 */
export type MeterClientLoader = (signal?: AbortSignal) => Promise<MeterClient>;

/**
 * The start of every meter verb. A verb that sends gives its `--api-version` as its scope
 * (`withApiVersion`), checked before the client is made with it.
 */
export const start = serviceStart<MeterClient, Record<string, never>>('meter', {
  create: async (http, s) =>
    (await import('../../../clients/meter/client.js')).createMeterClient(http, {
      apiVersion: s.apiVersion as string | undefined,
    }),
});

/** The scope of a verb that sends: the `Billing-Version` it sends, checked. */
export const withApiVersion = (flag: string | undefined) => async (ctx: Context) => ({
  apiVersion: await resolveApiVersion(ctx, flag),
});

/**
 * The loader of a client started with `signal: giveUp.signal`: the sender's own signal, when it gives
 * one, aborts the client's requests through `giveUp`.
 */
export function loaderOf(client: () => Promise<MeterClient>, giveUp?: AbortController): MeterClientLoader {
  return async (signal) => {
    if (signal && giveUp) signal.addEventListener('abort', () => giveUp.abort(signal.reason), { once: true });
    return client();
  };
}
