import { ConfigError, UsageError } from '../../errors.js';

const loopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/**
 * An authorization server's address (`<service>.auth_url`) made absolute: a relative one is read
 * against the base URL (the sandbox's is `/tasks`, `/docgen`, `/db`, so it follows whatever port the
 * sandbox has). Plain HTTP only to this machine. No trailing slash.
 */
export function resolveServerUrl(
  service: string,
  raw: string,
  base: string | undefined,
  example: string,
): string {
  let url: URL;
  if (raw.startsWith('/')) {
    if (!base)
      throw new ConfigError(
        `${service}: the auth URL "${raw}" is relative and no base URL is set`,
        `pass --base-url, set OPS_${service.toUpperCase()}_BASE_URL, or give an absolute --auth-url`,
      );
    url = new URL(raw, base);
  } else {
    try {
      url = new URL(raw);
    } catch {
      throw new UsageError(`invalid auth URL "${raw}"`, `give an https:// address, e.g. ${example}`);
    }
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback(url)))
    throw new UsageError(
      `the auth URL ${url.origin} is not https`,
      'sign in over https (http only to 127.0.0.1 or localhost)',
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The client id, set and without white space. */
export function requireClientId(service: string, raw: string | undefined, what: string): string {
  const clientId = raw?.trim();
  if (!clientId)
    throw new ConfigError(
      `${service}: no client id is set`,
      `pass --client-id, set OPS_${service.toUpperCase()}_CLIENT_ID, or run \`ops config set ${service}.client_id ID\` (${what})`,
    );
  if (/\s/.test(clientId))
    throw new UsageError(`invalid client id "${clientId}"`, 'give the application (client) id');
  return clientId;
}
