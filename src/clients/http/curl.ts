import type { Redactor } from './redact.js';

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

/**
 * One shell word for `s`: its text quoted, each credential in it a double-quoted command substitution
 * (`'X-Key: '"$(ops auth token hosts)"`), as bash and zsh both read it. Undefined when none is in it.
 */
function withCommands(s: string, credentials: readonly CredentialCommand[], redactor: Redactor) {
  const parts: string[] = [];
  let rest = s;
  let found = false;
  while (rest !== '') {
    let first: { at: number; c: CredentialCommand } | undefined;
    for (const c of credentials) {
      const at = rest.indexOf(c.value);
      if (at >= 0 && (!first || at < first.at)) first = { at, c };
    }
    if (!first) break;
    found = true;
    if (first.at > 0) parts.push(shellQuote(redactor.text(rest.slice(0, first.at))));
    parts.push(shellOf(first.c));
    rest = rest.slice(first.at + first.c.value.length);
  }
  if (!found) return undefined;
  if (rest !== '') parts.push(shellQuote(redactor.text(rest)));
  return parts.join('');
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

/**
 * Renders a request as a curl command for --dry-run: each credential with a command that prints it
 * (`credentials`) becomes that command's substitution (or its variable); a credential header the
 * request brought itself (`ownHeaders`: `ops api -H`) with none is read from a variable
 * (fromVariable); any other credential is masked. `bodyFile`: the body is that file's content as it
 * is (`-`: standard input), sent by curl from there.
 */
export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  redactor: Redactor,
  sensitive = false,
  credentials: readonly CredentialCommand[] = [],
  more: { bodyFile?: string | undefined; ownHeaders?: readonly string[] | undefined } = {},
): string {
  const own = new Set(more.ownHeaders?.map((h) => h.toLowerCase()));
  const usable = credentials.filter((c) => c.value.length >= 4);
  const parts = ['curl', '-X', method, withCommands(url, usable, redactor) ?? shellQuote(redactor.text(url))];
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
  else if (body !== undefined) {
    let shown = body;
    try {
      const parsed = JSON.parse(body);
      shown = JSON.stringify(sensitive ? redactor.allValues(parsed) : redactor.json(parsed));
    } catch {
      shown = sensitive ? `<${Buffer.byteLength(body)} bytes withheld>` : redactor.text(body);
    }
    parts.push('--data-binary', shellQuote(shown));
  }
  return parts.join(' ');
}
