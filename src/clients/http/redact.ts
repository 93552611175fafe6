/**
 * Header names whose values are credentials whatever the service; a service's own credential headers
 * come from its descriptor (`secretHeaders`).
 */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/**
 * A header named as credentials are: a word of its name (between `-` or `_`) is auth, token,
 * secret, password, cookie, session, credential or signature, or the pair api/app/access key (a query
 * parameter too: isCredentialQueryName). It covers every service's
 * credential header (`X-Secrets-Token`, `X-Monitor-Application-Key`, `breach-api-key`,
 * `Pipeline-Token`, `X-Cloud-Auth`: test/clients/http/credential-headers.test.ts holds each
 * descriptor to it), so a credential given to the wrong service (`ops api hosts -H 'X-Secrets-Token: …'`)
 * is masked and stays with the configured host like the service's own.
 */
const CREDENTIAL_NAME =
  /(?:^|[-_])(?:auth|authorization|token|secret|password|passwd|cookie|session|credentials?|signature|(?:api|app|application|access)[-_]?key)(?:$|[-_])/i;

/** Whether a header's name says it carries a credential, whatever the service (see CREDENTIAL_NAME). */
export function isCredentialHeaderName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

/** JSON keys whose values are secret in request and response bodies. */
const SECRET_KEY =
  /(pass(word)?|secret|token|api_?key|private_?key|client_token|accessor|unseal|key_shares?_?b64|keys(_base64)?)$/i;

/**
 * Keys that end like a secret but name where a list goes on: a page token is no credential, and
 * `--debug` is where one looks for it when paging goes wrong.
 */
const PAGING_KEY = /(page[-_]?token|continuation[-_]?token|cursor[-_]?token)$/i;

/**
 * Whether a query parameter's name says it carries a credential, by the words of a credential header's
 * name (`token`, `api_key`, `access_token`, `X-Amz-Signature`), a page token excepted.
 */
export function isCredentialQueryName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {}
  return CREDENTIAL_NAME.test(decoded) && !PAGING_KEY.test(decoded);
}

/** `?name=value` or `&name=value` in a URL, the value up to the next `&`, `#`, space, quote or `<>`. */
export const QUERY_PARAMETER = /([?&]([^=&#?\s"'<>]+)=)([^&#\s"'<>]+)/g;

export const MASK = '***';

/**
 * `scheme://user:` then the password up to the last `@` of the address's authority, as a URL parser
 * reads it (`https://bob:p@ss@host` has the password `p@ss`): within one URL (no `/`, `?`, `#`, `\`,
 * space or quote).
 */
const USERINFO_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#\\"'@:]*:)[^\s/?#\\"']+@/gi;

/** Text with the password of each URL's user part masked: `https://bob:***@host`. */
export function maskUrlPasswords(s: string): string {
  return s.replace(USERINFO_PASSWORD, `$1${MASK}@`);
}

/**
 * Masks credentials in text meant for people: the known secret values given by the auth scheme and
 * settings, plus well-known secret headers and JSON keys.
 */
export class Redactor {
  /** The values as given (4 characters or more), each once. */
  private readonly given: ReadonlySet<string>;
  /** Those and their percent-encoded forms, longest first. */
  private readonly values: string[];
  private readonly headers: ReadonlySet<string>;
  /** `headers`: the service's own credential headers (its descriptor's `secretHeaders`). */
  constructor(values: Iterable<string | undefined>, headers: Iterable<string> = []) {
    const given = new Set<string>();
    for (const v of values) if (typeof v === 'string' && v.length >= 4) given.add(v);
    this.given = given;
    // A URL carries a value percent-encoded (`a+b/c` as `a%2Bb%2Fc`, in a query `+` for a space).
    const encoded = [...given].flatMap((v) => [
      encodeURIComponent(v),
      new URLSearchParams([['', v]]).toString().slice(1),
    ]);
    this.values = [...new Set([...given, ...encoded])].sort((a, b) => b.length - a.length);
    this.headers = new Set([...SECRET_HEADERS, ...[...headers].map((h) => h.toLowerCase())]);
  }

  /** This redactor with more values: itself when it has them all (a client's own credential, say). */
  with(values: Iterable<string | undefined>): Redactor {
    const more = [...values].filter((v): v is string => typeof v === 'string' && v.length >= 4);
    if (more.every((v) => this.given.has(v))) return this;
    return new Redactor([...this.given, ...more], this.headers);
  }

  /** True for a JSON key whose value is secret (`password`, `client_token`; not a page token). */
  isSecretKey(key: string): boolean {
    return SECRET_KEY.test(key) && !PAGING_KEY.test(key);
  }

  /** True for a header whose value is a credential (masked in logs, dropped on a redirect to another origin). */
  isSecretHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase()) || CREDENTIAL_NAME.test(name);
  }

  text(s: string): string {
    let out = s;
    for (const v of this.values) out = out.split(v).join(MASK);
    // A password in a URL's user part (`https://bob:…@host`), which no setting names.
    out = maskUrlPasswords(out);
    // A credential in a URL's query (`…/vnc.html?token=…`, `?api_key=…`), whatever its value.
    return out.replace(QUERY_PARAMETER, (all, head: string, name: string) =>
      isCredentialQueryName(name) ? `${head}${MASK}` : all,
    );
  }

  header(name: string, value: string): string {
    if (this.isSecretHeader(name)) {
      const scheme = /^(Bearer|Basic|token)\s/i.exec(value);
      return scheme ? `${scheme[1]} ${MASK}` : MASK;
    }
    return this.text(value);
  }

  /** A JSON body with every value masked: its shape stays, its content does not. */
  allValues(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.allValues(v));
    if (value && typeof value === 'object' && !isRawJson(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.allValues(v)]));
    }
    return value === null || typeof value === 'boolean' ? value : MASK;
  }

  /**
   * A JSON body, with values under secret-looking keys masked. A number kept as written (JSON.rawJSON,
   * --debug's) stays as it is.
   */
  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.json(v));
    if (value && typeof value === 'object' && !isRawJson(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const secret = this.isSecretKey(k);
        out[k] = secret && (typeof v === 'string' || Array.isArray(v)) ? MASK : this.json(v);
      }
      return out;
    }
    return typeof value === 'string' ? this.text(value) : value;
  }
}

/** Whether a value is JSON.rawJSON's (a number as written, in --debug's line): no object to walk. */
function isRawJson(value: object): boolean {
  return (JSON as { isRawJSON?: (v: unknown) => boolean }).isRawJSON?.(value) === true;
}

/** Redactors already made, by their values and headers: the last few, reused (`redactorFor`). */
const made = new Map<string, Redactor>();
const KEPT = 16;

/**
 * A Redactor of these values and headers, the one made before for the same ones if it is among the
 * last few: a redactor never changes, and `ops mcp` makes a client, with its redactor, for every call
 * (18 µs a call: each value's encoded forms are worked out again).
 */
export function redactorFor(
  values: readonly (string | undefined)[],
  headers: readonly string[] = [],
): Redactor {
  const key = JSON.stringify([values, headers]);
  let r = made.get(key);
  if (!r) {
    r = new Redactor(values, headers);
    if (made.size >= KEPT) made.delete(made.keys().next().value!);
    made.set(key, r);
  }
  return r;
}
