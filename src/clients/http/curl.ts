import { MASK, QUERY_PARAMETER, type Redactor, isCredentialQueryName } from './redact.js';
import type { SecretField } from './types.js';

/**
 * A credential the request carries and the shell command that prints it (`ops auth token hosts`):
 * --dry-run's curl line puts the command where the credential goes, so that the line runs as printed
 * (vault's `-output-curl-string` does the same with `$(vault print token)`) and never shows it.
 */
export interface CredentialCommand {
  value: string;
  command: string;
  /**
   * The shell text that stands for it instead of `"$(command)"`: a variable reference
   * (`"$OPS_HOSTS_API_KEY"`) for a credential no store holds (`--token-stdin`).
   */
  shell?: string;
}

/** The shell text of a credential: its variable, else its command's substitution. */
const shellOf = (c: CredentialCommand): string => c.shell ?? `"$(${c.command})"`;

/**
 * The variable a credential header's value is read from when no command prints it (`ops api -H
 * 'Authorization: Bearer …'`): `OPS_HEADER_AUTHORIZATION`. The dry run says on stderr to set it.
 */
export const headerVariable = (name: string): string =>
  `OPS_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `s` cut at each credential in it: its text, and the credentials where they are, in order. */
function splitAtCredentials(s: string, credentials: readonly CredentialCommand[]) {
  const pieces: (string | CredentialCommand)[] = [];
  let rest = s;
  while (rest !== '') {
    let first: { at: number; c: CredentialCommand } | undefined;
    for (const c of credentials) {
      const at = rest.indexOf(c.value);
      if (at >= 0 && (!first || at < first.at)) first = { at, c };
    }
    if (!first) break;
    if (first.at > 0) pieces.push(rest.slice(0, first.at));
    pieces.push(first.c);
    rest = rest.slice(first.at + first.c.value.length);
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/**
 * One shell word for `s`: its text quoted, each credential in it a double-quoted command substitution
 * (`'X-Key: '"$(ops auth token hosts)"`), as bash and zsh both read it. Undefined when none is in it.
 */
function withCommands(s: string, credentials: readonly CredentialCommand[], redactor: Redactor) {
  const pieces = splitAtCredentials(s, credentials);
  if (pieces.every((p) => typeof p === 'string')) return undefined;
  return pieces.map((p) => (typeof p === 'string' ? shellQuote(redactor.text(p)) : shellOf(p))).join('');
}

/**
 * `-u 'login:'"$(ops auth token dataapi)"` for HTTP Basic whose password has a command: curl makes the
 * same header from it.
 */
function basicUser(value: string, credentials: readonly CredentialCommand[], redactor: Redactor) {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
  if (!m) return undefined;
  const pair = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  if (colon < 0) return undefined;
  const password = pair.slice(colon + 1);
  const c = credentials.find((c) => c.value === password);
  return c && `${shellQuote(redactor.text(pair.slice(0, colon + 1)))}${shellOf(c)}`;
}

/**
 * A credential header no command prints: its scheme word kept, the rest read from headerVariable's
 * variable (`'Authorization: Bearer '"$OPS_HEADER_AUTHORIZATION"`).
 */
function fromVariable(name: string, value: string): string {
  const scheme = /^(Bearer|Basic|token)\s/i.exec(value);
  return `${shellQuote(`${name}: ${scheme ? `${scheme[1]} ` : ''}`)}"$${headerVariable(name)}"`;
}

/** A variable a dry run's curl line reads a secret value from (`OPS_VALUE_PASSWORD`), and what it holds. */
export interface ValueVariable {
  name: string;
  what: string;
}

/** A curl line, the variables of secret values it reads, and the secret values it masks (said on stderr). */
export interface CurlLine {
  line: string;
  variables: ValueVariable[];
  /** Where a secret value of the body is `***` (`data.password`): the line does not send it. */
  masked: string[];
}

/**
 * How the line's values are shown (the URL's query and the body's): which are secret, the credentials
 * with a command, the variables so far.
 */
interface BodyView {
  redactor: Redactor;
  credentials: readonly CredentialCommand[];
  /** The field a secret value is at; undefined for a value that is not secret. */
  secretAt(path: readonly string[]): SecretField | undefined;
  /** Variable name → the value it stands for (a second value under the same name gets `_2`). */
  taken: Map<string, string>;
  variables: ValueVariable[];
  masked: string[];
}

/** A piece of a shell word: text to quote, or shell text to put as it is (`"$(…)"`, `"$VAR"`). */
type Part = { text: string } | { shell: string };

function joinParts(parts: readonly Part[]): string {
  let out = '';
  let text = '';
  for (const p of parts) {
    if ('text' in p) text += p.text;
    else {
      if (text !== '') out += shellQuote(text);
      text = '';
      out += p.shell;
    }
  }
  return text !== '' || out === '' ? out + shellQuote(text) : out;
}

/**
 * A value JSON carries as it is, between quotes: no `"`, `\`, control character or lone surrogate.
 * Only such a value can come from a shell substitution into a JSON string and give the same bytes.
 */
const jsonSafe = (s: string): boolean => JSON.stringify(s) === `"${s}"`;

/** `"$<base>"` for a value, said on stderr as `what`; a second value under the same name gets `_2`. */
function variableFor(base: string, value: string, what: string, v: BodyView): string {
  let name = base;
  for (let n = 2; v.taken.has(name) && v.taken.get(name) !== value; n++) name = `${base}_${n}`;
  if (!v.taken.has(name)) {
    v.taken.set(name, value);
    v.variables.push({ name, what });
  }
  return `"$${name}"`;
}

/** A name as the tail of a variable's: `api-key` → `API_KEY`. */
const variableTail = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** `OPS_VALUE_<NAME>` for a secret value: its field's name, else its key (not an array index). */
function valueVariable(path: readonly string[], field: SecretField, value: string, v: BodyView): string {
  const key = field.name ?? path.findLast((k) => !/^\d+$/.test(k)) ?? 'value';
  const what = `the secret value ops would send as ${field.name ?? path.join('.')}`;
  return variableFor(`OPS_VALUE_${variableTail(key)}`, value, what, v);
}

/** Text of a URL: each credential in it by its command, the rest masked as any text is. */
function urlText(s: string, v: BodyView): Part[] {
  return splitAtCredentials(s, v.credentials).map((p) =>
    typeof p === 'string' ? { text: v.redactor.text(p) } : { shell: shellOf(p) },
  );
}

/**
 * The URL as one shell word: a query parameter named as a credential (`api_key=…`) is its command when
 * it is a credential of the service, else read from `OPS_QUERY_<NAME>` (said on stderr) where the value
 * needs no percent-encoding, else masked.
 */
function urlWord(url: string, v: BodyView): string {
  const parts: Part[] = [];
  let at = 0;
  for (const m of url.matchAll(QUERY_PARAMETER)) {
    const [, head, name, value] = m as unknown as [string, string, string, string];
    if (!isCredentialQueryName(name)) continue;
    const start = m.index + head.length;
    parts.push(...urlText(url.slice(at, start), v));
    at = start + value.length;
    const c = v.credentials.find((c) => c.value === value);
    if (c) parts.push({ shell: shellOf(c) });
    else if (/^[A-Za-z0-9._~-]+$/.test(value)) {
      const what = `the value of the ${name} query parameter`;
      parts.push({ shell: variableFor(`OPS_QUERY_${variableTail(name)}`, value, what, v) });
    } else {
      v.masked.push(`the ${name} query parameter`);
      parts.push({ text: MASK });
    }
  }
  parts.push(...urlText(url.slice(at), v));
  return joinParts(parts);
}

/**
 * A secret string: the command of the credential it is, else a variable that holds it, each only
 * where JSON needs no escape in it (so that the substitution gives the bytes ops sends); else masked.
 */
function secretString(value: string, path: readonly string[], field: SecretField, v: BodyView): Part[] {
  if (!jsonSafe(value)) return mask(path, v);
  const c = v.credentials.find((c) => c.value === value);
  return [{ text: '"' }, { shell: c ? shellOf(c) : valueVariable(path, field, value, v) }, { text: '"' }];
}

/**
 * A string that is not secret: each credential in it by its command (one JSON needs no escape in:
 * cut before escaping, so an escape never makes a match), the rest as text, masked as any text is.
 */
function plainString(value: string, v: BodyView): Part[] {
  const pieces = splitAtCredentials(
    value,
    v.credentials.filter((c) => jsonSafe(c.value)),
  );
  return [
    { text: '"' },
    ...pieces.map((p) =>
      typeof p === 'string'
        ? { text: JSON.stringify(v.redactor.text(p)).slice(1, -1) }
        : { shell: shellOf(p) },
    ),
    { text: '"' },
  ];
}

/** `"***"` for a secret value no substitution can give, noted by where it is. */
function mask(path: readonly string[], v: BodyView): Part[] {
  v.masked.push(path.join('.'));
  return [{ text: `"${MASK}"` }];
}

/** A JSON value as JSON.stringify writes it, with its secret values shown as BodyView says. */
function jsonParts(value: unknown, path: string[], v: BodyView, out: Part[]): void {
  const key = path.at(-1) ?? '';
  const field = v.secretAt(path);
  if (Array.isArray(value)) {
    if (field === undefined && v.redactor.isSecretKey(key)) return void out.push(...mask(path, v));
    out.push({ text: '[' });
    value.forEach((x, i) => {
      if (i > 0) out.push({ text: ',' });
      jsonParts(x, [...path, String(i)], v, out);
    });
    out.push({ text: ']' });
  } else if (value && typeof value === 'object') {
    out.push({ text: '{' });
    Object.entries(value).forEach(([k, x], i) => {
      out.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` });
      jsonParts(x, [...path, k], v, out);
    });
    out.push({ text: '}' });
  } else if (typeof value === 'string') {
    const secret = field ?? (v.redactor.isSecretKey(key) ? { path: path.join('.') } : undefined);
    out.push(...(secret ? secretString(value, path, secret, v) : plainString(value, v)));
  } else {
    const masked = field !== undefined && value !== null && typeof value !== 'boolean';
    out.push(...(masked ? mask(path, v) : [{ text: JSON.stringify(value) }]));
  }
}

/** Whether a field (`data`, `data.*`) holds the value at `path`: it names the path or a place above it. */
function holds(field: SecretField, path: readonly string[]): boolean {
  const at = field.path === '' ? [] : field.path.split('.');
  return at.length <= path.length && at.every((k, i) => k === '*' || k === path[i]);
}

/** The body's options: the JSON as sent, each secret value shown as BodyView's rules say. */
function bodyArgs(body: string, sensitive: boolean, v: BodyView): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    if (sensitive) v.masked.push('the body');
    return [
      '--data-binary',
      shellQuote(sensitive ? `<${Buffer.byteLength(body)} bytes withheld>` : v.redactor.text(body)),
    ];
  }
  const parts: Part[] = [];
  jsonParts(parsed, [], v, parts);
  return ['--data-binary', joinParts(parts)];
}

/**
 * Renders a request as a curl command for --dry-run: each credential with a command that prints it
 * (`credentials`) becomes that command's substitution (or its variable); a credential header the
 * request brought itself (`ownHeaders`: `ops api -H`) with none is read from a variable
 * (fromVariable); any other credential is masked. In a JSON body, a credential is its command too,
 * and another secret value (every value of a `sensitive` body, or its `secretFields`, or one under a
 * secret-looking key) is read from a variable `OPS_VALUE_<KEY>`, each only where the substitution
 * gives the bytes ops sends (a value JSON needs no escape in); else masked. Any other sensitive body
 * is withheld.
 * `bodyFile`: the body is that file's content as it is (`-`: standard input), sent by curl from there.
 */
export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  redactor: Redactor,
  sensitive = false,
  credentials: readonly CredentialCommand[] = [],
  more: {
    bodyFile?: string | undefined;
    ownHeaders?: readonly string[] | undefined;
    secretFields?: readonly SecretField[] | undefined;
  } = {},
): CurlLine {
  const own = new Set(more.ownHeaders?.map((h) => h.toLowerCase()));
  const usable = credentials.filter((c) => c.value.length >= 4);
  const view: BodyView = {
    redactor,
    credentials: usable,
    secretAt: (path) =>
      sensitive ? (more.secretFields ?? [{ path: '' }]).find((f) => holds(f, path)) : undefined,
    taken: new Map(),
    variables: [],
    masked: [],
  };
  const parts = ['curl', '-X', method, urlWord(url, view)];
  for (const [name, value] of Object.entries(headers)) {
    const user = redactor.isSecretHeader(name) ? basicUser(value, usable, redactor) : undefined;
    if (user) {
      parts.push('-u', user);
      continue;
    }
    const line = withCommands(`${name}: ${value}`, usable, redactor);
    const secret = line === undefined && own.has(name.toLowerCase()) && redactor.isSecretHeader(name);
    parts.push(
      '-H',
      line ?? (secret ? fromVariable(name, value) : shellQuote(`${name}: ${redactor.header(name, value)}`)),
    );
  }
  if (more.bodyFile !== undefined) parts.push('--data-binary', shellQuote(`@${more.bodyFile}`));
  else if (body !== undefined) parts.push(...bodyArgs(body, sensitive, view));
  return { line: parts.join(' '), variables: view.variables, masked: view.masked };
}
