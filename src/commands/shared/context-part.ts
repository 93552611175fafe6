import type { Context } from '../../app/types.js';
import { envNameFor } from '../../config/settings.js';
import { UsageError } from '../../errors.js';

/**
 * A setting of the service's context as an `ops api` placeholder (`{account}`): its value, or exit 2
 * naming the variable and the `ops config set` line that set it (a usage error, not the settings
 * reader's `require`, exit 4: the request can also be written with the value in place).
 */
export function settingPart(service: string, key: string): (ctx: Context) => Promise<string> {
  return async (ctx) => {
    const v = (await ctx.service(service)).settings.get(key)?.trim();
    if (v) return v;
    throw new UsageError(
      `{${key}}: ${service} has no ${key.replace('_', ' ')} set`,
      `set ${envNameFor(`${service}.${key}`)}, or run \`ops config set ${service}.${key} VALUE\`, or write the value in place of {${key}}`,
    );
  };
}
