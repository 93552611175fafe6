import type { SecretField } from './types.js';

/**
 * A kind of request whose body or answer carries secret values (a KV secret, a variable's value, a
 * password), by method and path: --debug shows both bodies' shapes with every value masked, and
 * --dry-run reads the body's secret values from `OPS_VALUE_<NAME>`. A service declares them once in
 * its descriptor (`secretRequests`); the HTTP core applies them to every request that does not say
 * itself (`RequestSpec.sensitive`), so the service's own commands and `ops api` mask the same.
 */
export interface SecretRequest {
  /** The methods it covers, upper case; every method when left out. */
  methods?: readonly string[];
  /** The path below the service's base URL as sent (percent-encoded), without the query. */
  path: RegExp;
  /** `false`: no secret value, carved out ahead of a wider rule (KV metadata under a secrets mount). */
  secret?: false;
  /**
   * Which values of the request body are secret (see SecretField), from the path's match and the body;
   * every value when it is left out or gives undefined.
   */
  fields?(match: RegExpExecArray, body: unknown): readonly SecretField[] | undefined;
}

/** What a request's rule makes of it: `sensitive`, and which body values are secret. */
export interface SecretMarks {
  sensitive: boolean;
  secretFields?: readonly SecretField[] | undefined;
}

/**
 * The marks of the first rule that covers the request (`path` below the base URL, no query), or
 * undefined when none does. `body` is read only by a rule that names fields (`body()` parses it once).
 */
export function secretRequestOf(
  rules: readonly SecretRequest[] | undefined,
  method: string,
  path: string,
  body: () => unknown,
): SecretMarks | undefined {
  if (!rules) return undefined;
  const m = method.toUpperCase();
  for (const rule of rules) {
    if (rule.methods && !rule.methods.includes(m)) continue;
    const match = rule.path.exec(path);
    if (!match) continue;
    if (rule.secret === false) return { sensitive: false };
    const secretFields = rule.fields?.(match, body());
    return secretFields ? { sensitive: true, secretFields } : { sensitive: true };
  }
  return undefined;
}

/**
 * The marks of the rule for a request to `url` (see secretRequestOf): its path below `base`'s, matched
 * only on the same origin and under the base path (a redirect or `Link` elsewhere is none of them).
 */
export function secretRequestAt(
  rules: readonly SecretRequest[] | undefined,
  base: URL,
  method: string,
  url: URL,
  body: () => unknown,
): SecretMarks | undefined {
  if (!rules || url.origin !== base.origin) return undefined;
  const root = base.pathname.replace(/\/+$/, '');
  const path = url.pathname;
  if (path !== root && !path.startsWith(`${root}/`)) return undefined;
  return secretRequestOf(rules, method, path.slice(root.length) || '/', body);
}

/** A path segment as its name: `MY_VAR` from `MY_VAR`, `a b` from `a%20b`. */
export function segmentName(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
