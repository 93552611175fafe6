import type { Redactor } from './redact.js';

/**
 * A credential the request carries and the shell command that prints it (`ops auth token hosts`):
 * --dry-run's curl line puts the command where the credential goes, so that the line runs as printed
 * (vault's `-output-curl-string` does the same with `$(vault print token)`) and never shows it.
 */
export interface CredentialCommand {
  value: string;
  command: string;
}

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
    parts.push(`"$(${first.c.command})"`);
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
  return c && `${shellQuote(redactor.text(pair.slice(0, colon + 1)))}"$(${c.command})"`;
}

/**
 * Renders a request as a curl command for --dry-run: each credential with a command that prints it
 * (`credentials`) becomes that command's substitution; any other credential is masked.
 */
export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  redactor: Redactor,
  sensitive = false,
  credentials: readonly CredentialCommand[] = [],
): string {
  const usable = credentials.filter((c) => c.value.length >= 4);
  const parts = ['curl', '-X', method, withCommands(url, usable, redactor) ?? shellQuote(redactor.text(url))];
  for (const [name, value] of Object.entries(headers)) {
    const user = redactor.isSecretHeader(name) ? basicUser(value, usable, redactor) : undefined;
    if (user) {
      parts.push('-u', user);
      continue;
    }
    const line = withCommands(`${name}: ${value}`, usable, redactor);
    parts.push('-H', line ?? shellQuote(`${name}: ${redactor.header(name, value)}`));
  }
  if (body !== undefined) {
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
