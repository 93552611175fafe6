import {
  type Allowed,
  DEFAULT_LIMIT,
  DEFAULT_WAIT_TIMEOUT,
  MAX_LIMIT,
  kindOf,
  type ParamSpec,
  refusal,
  type ServiceTools,
  toolName,
  type VerbSpec,
} from './tools.js';

/** What a parameter takes, in words. */
export function takes(p: ParamSpec): string {
  if (p.kind === 'switch') return 'true or false';
  const one = p.choices
    ? `one of: ${p.choices.join(', ')}`
    : p.type === 'integer'
      ? 'a whole number'
      : p.type === 'number'
        ? 'a number'
        : (p.format ?? 'a string');
  return p.variadic || p.commaList ? `a list, each ${one}` : one;
}

/**
 * A verb's help as a tool call names it: its tool, its parameters by their names in `params`, with
 * what each takes and means; then the command line's examples (`--flag` there is `flag` here).
 */
export function verbHelp(service: string, v: VerbSpec, allowed: Allowed, page: string): string {
  const why = refusal(v.meta, allowed);
  const where = why ? `not offered: it ${why}` : `tool ${toolName(service, kindOf(v.meta))}`;
  const lines = [`${service} ${v.path} (${where}): ${v.cmd.description()}`];
  lines.push(v.params.length ? 'params:' : 'params: none');
  for (const p of v.params)
    lines.push(`  ${p.name}${p.required ? ' (required)' : ''}: ${takes(p)}; ${p.description}`);
  if (v.meta.list)
    lines.push(`limit: at most this many items (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`);
  if (v.waits)
    lines.push(
      `wait_timeout: seconds to wait or watch before the result says where it stopped (default ${DEFAULT_WAIT_TIMEOUT}; above it, raise the client's request timeout)`,
    );
  const examples = page.indexOf('Examples:');
  if (examples >= 0)
    lines.push(
      '',
      'Examples, as command lines (in a call: `command` is the words after the service, each --flag a param):',
      ...page
        .slice(examples + 'Examples:'.length)
        .replace(/^\n+/, '')
        .trimEnd()
        .split('\n'),
    );
  return lines.join('\n');
}

/** The verbs under a service or a group of it, each with the tool that has it. */
export function groupHelp(s: ServiceTools, prefix: string, allowed: Allowed): string | undefined {
  const verbs = s.verbs.filter((v) => prefix === '' || v.path === prefix || v.path.startsWith(`${prefix} `));
  if (verbs.length === 0) return undefined;
  return verbs
    .map((v) => {
      const why = refusal(v.meta, allowed);
      return `${s.service} ${v.path}: ${v.cmd.description()} (${why ? 'not offered' : toolName(s.service, kindOf(v.meta))})`;
    })
    .join('\n');
}
