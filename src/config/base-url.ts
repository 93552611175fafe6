import { maskUrlPasswords } from '../clients/http/redact.js';
import { UsageError } from '../errors.js';

/**
 * A service's address as ops takes it, wherever it comes from (`--base-url`, the environment, the
 * profile) and before `ops config set` stores it: http or https, and no user or password. A user and
 * password in the address would go as Basic auth on some requests and not on others (a streamed body's
 * transport reads them, ops's own does not): refused, and never echoed.
 */
export function checkBaseUrl(service: string, baseUrl: string): void {
  let u: URL;
  try {
    u = new URL(baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new UsageError(
      `invalid base URL "${maskUrlPasswords(baseUrl)}" for ${service}`,
      'give an http:// or https:// address',
    );
  }
  if (u.username || u.password)
    throw new UsageError(
      `the base URL for ${service} carries a user name or password (${u.protocol}//…@${u.host})`,
      `remove the user:password@ part: ops sends ${service}'s credential from its own setting (ops config set, or its OPS_${service.toUpperCase()}_ variable)`,
    );
}
