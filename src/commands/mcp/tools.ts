import type { Command, Option } from 'commander';
import { requiredOffTerminal } from '../shared/pick.js';
import { type Effect, type VerbMeta, verbMeta } from '../shared/verbs.js';

/** How the server was started: what it lets an agent do. */
export interface Allowed {
  writes: boolean;
  destructive: boolean;
  secrets: boolean;
  dryRun: boolean;
}

/** One verb of a service as a tool call names it: its path below the service and its parameters. */
export interface VerbSpec {
  /** `lists list`: the words after the service. */
  path: string;
  cmd: Command;
  meta: VerbMeta;
  params: ParamSpec[];
}

export interface ParamSpec {
  /** The JSON property: the argument's name, or the flag's long name without dashes (`wait-timeout`). */
  name: string;
  kind: 'argument' | 'flag' | 'switch';
  /** `--wait-timeout`, for flags and switches. */
  flag?: string;
  variadic: boolean;
  required: boolean;
  /** The JSON type of a flag's value, from its placeholder (`<n>` an integer); else a string. */
  type?: 'integer' | 'number';
  choices?: readonly string[];
  description: string;
}

export interface ServiceTools {
  service: string;
  description: string;
  verbs: VerbSpec[];
}

/**
 * Verbs an agent never gets: those that need a terminal or a person (a browser sign-in stores a
 * credential), whatever the flags. The server itself, `sandbox start`, `completion` and `config` are
 * not services and are never tools.
 */
const NEEDS_A_PERSON = new Set(['login']);

/**
 * Flags never offered: credentials come from the environment and the profile only (`*-stdin`,
 * `--password-file`, and the flag of each secret setting, left out by the caller), `--yes` is the server's to give, and `--all` would flood a context window
 * (the tool's `limit` pages instead); `--web` would open a browser on the server's machine.
 */
const HIDDEN_FLAG = /^--(help|yes|all|limit|web|[a-z-]*-stdin|password-file)$/;

/** Whether a verb may run under these permissions, and if not, what would allow it. */
export function refusal(meta: VerbMeta, allowed: Allowed): string | undefined {
  if (meta.reveals && !allowed.secrets)
    return 'reveals a secret value: start the server with --allow-secrets';
  // A download writes files on this machine: a write here, whatever it does to the service.
  if (meta.download && !allowed.writes && !allowed.dryRun)
    return 'writes files on this machine: start the server with --allow-writes';
  if (allowed.dryRun || meta.effect === 'read') return undefined;
  if (!allowed.writes) return `is a ${meta.effect} verb: start the server with --allow-writes`;
  if (meta.effect === 'destructive' && !allowed.destructive)
    return 'is destructive: start the server with --allow-writes --allow-destructive';
  return undefined;
}

/** A flag that reads a file of this machine (`--file`, `--value-file`): offered only with --allow-writes. */
export const LOCAL_FILE = /^--([a-z]+-)*file$/;

/** Every verb under a service's group, depth first, in help order. */
export function serviceVerbs(group: Command, secretFlags: ReadonlySet<string>): VerbSpec[] {
  const out: VerbSpec[] = [];
  const walk = (cmd: Command, words: string[]) => {
    for (const sub of cmd.commands) {
      const path = [...words, sub.name()];
      const meta = verbMeta(sub);
      if (meta && !NEEDS_A_PERSON.has(sub.name()))
        out.push({ path: path.join(' '), cmd: sub, meta, params: paramsOf(sub, secretFlags) });
      walk(sub, path);
    }
  };
  walk(group, []);
  return out;
}

function paramsOf(cmd: Command, secretFlags: ReadonlySet<string>): ParamSpec[] {
  const args: ParamSpec[] = cmd.registeredArguments.map((a) => ({
    name: a.name(),
    kind: 'argument',
    variadic: a.variadic,
    // An id a picker asks for on a terminal is required here: an agent has none.
    required: requiredOffTerminal(a),
    ...(a.argChoices ? { choices: a.argChoices } : {}),
    description: a.description || a.name(),
  }));
  const flags: ParamSpec[] = (cmd.options as Option[])
    .filter((o) => o.long && !HIDDEN_FLAG.test(o.long) && !secretFlags.has(o.long) && !o.hidden)
    .map((o) => ({
      name: o.long!.slice(2),
      kind: o.required || o.optional ? 'flag' : 'switch',
      flag: o.long!,
      variadic: o.variadic,
      required: o.mandatory,
      ...typeOf(o.flags),
      ...(o.argChoices ? { choices: o.argChoices } : {}),
      description: o.description,
    }));
  return [...args, ...flags];
}

/** `--count <n>` takes an integer, `--interval <seconds>` a number; other placeholders a string. */
function typeOf(flags: string): { type?: 'integer' | 'number' } {
  const word = /<([a-z]+)(\.\.\.)?>/.exec(flags)?.[1];
  if (word === 'n' || word === 'percent') return { type: 'integer' };
  if (word === 'seconds' || word === 'number') return { type: 'number' };
  return {};
}

type Schema = Record<string, unknown>;

function paramSchema(p: ParamSpec): Schema {
  const one: Schema =
    p.kind === 'switch'
      ? { type: 'boolean' }
      : p.choices
        ? { type: 'string', enum: [...p.choices] }
        : { type: p.type ?? 'string' };
  const schema = p.variadic ? { type: 'array', items: one } : one;
  const local =
    p.flag && LOCAL_FILE.test(p.flag) ? " (a file of the server's machine: with --allow-writes only)" : '';
  return { ...schema, description: `${p.kind === 'argument' ? 'argument: ' : ''}${p.description}${local}` };
}

function effectWords(meta: VerbMeta): string {
  return [
    meta.effect,
    meta.idempotent ? 'idempotent' : '',
    meta.list ? 'list' : '',
    meta.reveals ? 'reveals a secret' : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The JSON Schema of a tool: the verb, its parameters (one branch per verb), a query and a limit. */
export function inputSchema(verbs: VerbSpec[]): Schema {
  return {
    type: 'object',
    properties: {
      command: {
        type: 'string',
        enum: verbs.map((v) => v.path),
        description: 'the command path below the service (e.g. "list"); the `help` tool shows its help page',
      },
      params: {
        type: 'object',
        description: "the command's arguments and flags, by name (flag names without the dashes)",
        anyOf: verbs.map((v) => ({
          title: v.path,
          description: `${v.path} (${effectWords(v.meta)}): ${v.cmd.description()}`,
          type: 'object',
          properties: Object.fromEntries(v.params.map((p) => [p.name, paramSchema(p)])),
          required: v.params.filter((p) => p.required).map((p) => p.name),
          additionalProperties: false,
        })),
      },
      query: { type: 'string', description: 'a JMESPath expression applied to the JSON result (as --query)' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `list commands: at most this many items (default ${DEFAULT_LIMIT})`,
      },
    },
    required: ['command'],
    additionalProperties: false,
  };
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;

const ALL = (effects: Effect[], verbs: VerbSpec[]) => verbs.every((v) => effects.includes(v.meta.effect));

/** An MCP tool definition for a service: the verbs these permissions allow, and their hints. */
export function toolOf(s: ServiceTools, allowed: Allowed) {
  const verbs = s.verbs.filter((v) => refusal(v.meta, allowed) === undefined);
  return {
    name: s.service,
    title: `ops ${s.service}`,
    description: `${s.description}. Run one \`ops ${s.service}\` command; the result is its JSON output.`,
    inputSchema: inputSchema(verbs),
    annotations: {
      readOnlyHint: ALL(['read'], verbs) || allowed.dryRun,
      destructiveHint: !allowed.dryRun && verbs.some((v) => v.meta.effect === 'destructive'),
      idempotentHint: verbs.every((v) => v.meta.effect === 'read' || v.meta.idempotent),
      openWorldHint: true,
    },
  };
}

/** The tool that shows the help of one command path. */
export const HELP_TOOL = {
  name: 'help',
  title: 'ops help',
  description: 'The full help page of one ops command path (e.g. "hosts list"), with its examples.',
  inputSchema: {
    type: 'object',
    properties: { command: { type: 'string', description: 'a command path, e.g. "tasks lists list"' } },
    required: ['command'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
