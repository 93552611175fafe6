import type { Redactor } from './redact.js';

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Renders a request as a curl command with credentials masked, for --dry-run. */
export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  redactor: Redactor,
  sensitive = false,
): string {
  const parts = ['curl', '-X', method, shellQuote(redactor.text(url))];
  for (const [name, value] of Object.entries(headers)) {
    parts.push('-H', shellQuote(`${name}: ${redactor.header(name, value)}`));
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
