import type { ServiceDescriptor } from '../descriptor.js';
import { headerAuth } from '../http/auth.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { ParsedError } from '../http/types.js';

/** Default of `breach.rate_per_minute`: the smallest subscription's requests per minute. */
export const DEFAULT_RATE_PER_MINUTE = 10;

/** Breach lookup (seed 000 D): `breach-api-key` and a `user-agent` naming the application. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'api_key',
  probe: { path: '/api/v3/subscription/status' },
  name: 'breach',
  title: 'breach lookup',
  settings: [
    {
      key: 'api_key',
      description: 'API key (breach-api-key), needed by account, domain and stealer-log searches',
      secret: true,
    },
    { key: 'user_agent', description: 'user-agent sent on every request (default ops/<version>)' },
    {
      key: 'rate_per_minute',
      description: "requests per minute of the key's subscription; paces `breach account --file`",
      default: String(DEFAULT_RATE_PER_MINUTE),
      check: (v) =>
        /^[1-9]\d{0,5}$/.test(v) ? undefined : 'give a whole number of requests per minute, such as 10',
    },
  ],
  // The key is attached when set; the catalogue endpoints opt out per request. The commands that
  // need a key check for it before sending (see commands/breach/shared.ts).
  secretHeaders: ['breach-api-key'],
  auth: (s) => {
    const key = s.get('api_key');
    return key ? headerAuth('breach-api-key', key) : undefined;
  },
  // Every request needs a user agent naming the application (a missing one is answered 403); an
  // empty setting falls back to ops/<version> rather than sending an empty header.
  defaultHeaders: (s, userAgent) => ({ 'user-agent': s.get('user_agent') || userAgent }),
  parseError: parseBreachError,
  hintFor: breachHint,
};

/** The service's bare 400: searches by account are where it comes from (a breach name says so itself). */
export const ACCOUNT_FORMAT = 'the account does not comply with an acceptable format';

/** 400 and a CDN block come without a useful body; say what they mean. */
export function parseBreachError(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ParsedError {
  const parsed = parseErrorBody(status, body, headers);
  const generic = parsed.message === '' || parsed.message === 'bad request' || parsed.message === 'forbidden';
  if (status === 400 && generic) return { ...parsed, message: ACCOUNT_FORMAT };
  if (status === 403 && headers['cf-ray'] && generic) {
    return { ...parsed, message: `request blocked at the service's edge (Ray ID ${headers['cf-ray']})` };
  }
  return parsed;
}

export function breachHint(status: number, parsed: ParsedError): string | undefined {
  if (status === 401) {
    return 'set the key with OPS_BREACH_API_KEY, or `ops config set breach.api_key -` (reads it from stdin)';
  }
  if (status !== 403) return undefined;
  if (/verif/i.test(parsed.message))
    return 'only the verified domains of the subscription can be searched; `ops breach domains` lists them';
  if (/tier|subscription/i.test(parsed.message)) {
    return 'stealer logs need the fifth subscription tier or higher; `ops breach subscription` shows the tier of the key';
  }
  return 'the service refuses requests without a user agent naming the application, and may block misleading ones; set breach.user_agent (OPS_BREACH_USER_AGENT)';
}
