import type { Command, Option } from 'commander';
import { completionValues } from '../shared/choices.js';
import { requiredOffTerminal } from '../shared/pick.js';
import { isRequired } from '../shared/required.js';
import { type VerbMeta, verbMeta } from '../shared/verbs.js';

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
  /** It waits or watches: the tool's `wait_timeout` bounds it. */
  waits: boolean;
}

export interface ParamSpec {
  /** The JSON property: the argument's name, or the flag's long name without dashes (`wait-timeout`). */
  name: string;
  kind: 'argument' | 'flag' | 'switch';
  /** `--wait-timeout`, for flags and switches. */
  flag?: string;
  variadic: boolean;
  /** A flag that takes several choices comma-separated (`--state RUNNING,STOPPED`): an array here. */
  commaList?: boolean;
  required: boolean;
  /** The JSON type of a flag's value, from its placeholder (`<n>` an integer); else a string. */
  type?: 'integer' | 'number';
  /** How a string is read, from its placeholder (`<time>`): said in the schema. */
  format?: string;
  choices?: readonly string[];
  description: string;
}

export interface ServiceTools {
  service: string;
  description: string;
  verbs: VerbSpec[];
}

/** The three tools of a service, by what their verbs do: a host can approve the first once. */
export type ToolKind = 'read' | 'write' | 'destructive';
export const TOOL_KINDS: readonly ToolKind[] = ['read', 'write', 'destructive'];

/** `runs`, `runs_write`, `runs_destructive`. */
export const toolName = (service: string, kind: ToolKind): string =>
  kind === 'read' ? service : `${service}_${kind}`;

/** Which tool a verb is in: a download writes files on this machine, so it is a write here. */
export const kindOf = (meta: VerbMeta): ToolKind => (meta.download ? 'write' : meta.effect);

/**
 * Verbs an agent never gets: those that need a terminal or a person (a browser sign-in stores a
 * credential), whatever the flags. The server itself, `sandbox start`, `completion` and `config` are
 * not services and are never tools.
 */
const NEEDS_A_PERSON = new Set(['login']);

/**
 * Flags never offered: credentials come from the environment and the profile only (`*-stdin`,
 * `--password-file`, and the flag of each secret setting, left out by the caller), `--yes` is the
 * server's to give, `--all` would flood a context window (the tool's `limit` pages instead), `--web`
 * would open a browser on the server's machine, and `--wait-timeout` is the tool's `wait_timeout`.
 */
const HIDDEN_FLAG = /^--(help|yes|all|limit|web|wait-timeout|[a-z-]*-stdin|password-file)$/;

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
        out.push({
          path: path.join(' '),
          cmd: sub,
          meta,
          params: paramsOf(sub, secretFlags),
          waits: sub.options.some((o) => o.long === '--wait-timeout' || o.long === '--watch'),
        });
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
    .map((o) => flagSpec(o));
  return [...args, ...flags];
}

/** A choice flag that takes several values comma-separated, as its help says. */
const COMMA_LIST = /comma-separated|several/;

function flagSpec(o: Option): ParamSpec {
  const choices = completionValues(o);
  const commaList = Boolean(choices) && COMMA_LIST.test(o.description);
  return {
    name: o.long!.slice(2),
    kind: o.required || o.optional ? 'flag' : 'switch',
    flag: o.long!,
    variadic: o.variadic,
    required: isRequired(o),
    ...typeOf(o.flags),
    ...(choices ? { choices: commaList ? choices.filter((c) => !c.includes(',')) : choices } : {}),
    ...(commaList ? { commaList } : {}),
    description: o.description,
  };
}

const INTEGER = new Set(['n', 'percent', 'months', 'port']);
const NUMBER = new Set(['seconds', 'number', 'GB']);
/** What a placeholder means, said once in the schema (the flag's own text is behind `help`). */
const FORMAT: Record<string, string> = { time: 'time', date: 'date', duration: 'duration' };
/** What the formats named in the schemas mean: said once, in the server's instructions. */
export const FORMATS =
  'A parameter described "time" takes an ISO 8601 time, epoch seconds or a relative one (-2d, -6h); "date" a date (2026-05-01), an ISO time or relative (+3d); "duration" 30m, 1h30m.';

/** `--count <n>` takes an integer, `--interval <seconds>` a number, `--since <time>` a time. */
function typeOf(flags: string): Pick<ParamSpec, 'type' | 'format'> {
  const word = /<([A-Za-z]+)(\.\.\.)?>/.exec(flags)?.[1] ?? '';
  if (INTEGER.has(word)) return { type: 'integer' };
  if (NUMBER.has(word)) return { type: 'number' };
  return FORMAT[word] ? { format: FORMAT[word] } : {};
}

type Schema = Record<string, unknown>;

/** A parameter's schema, lean: its type, its choices, its format; the flag's text is in `help`. */
function paramSchema(p: ParamSpec): Schema {
  const one: Schema =
    p.kind === 'switch'
      ? { type: 'boolean' }
      : p.choices
        ? { enum: [...p.choices] }
        : { type: p.type ?? 'string', ...(p.format ? { description: p.format } : {}) };
  return p.variadic || p.commaList ? { type: 'array', items: one } : one;
}

/**
 * Parameters that several verbs of a tool take with the same schema (`org`, `repo`, `region`): said
 * once under the top-level `params`, where every branch's `true` for them refers.
 */
function commonParams(verbs: VerbSpec[]): Map<string, string> {
  const seen = new Map<string, { schema: string; count: number } | null>();
  for (const v of verbs)
    for (const p of v.params) {
      const schema = JSON.stringify(paramSchema(p));
      const s = seen.get(p.name);
      if (s === null) continue;
      seen.set(
        p.name,
        s === undefined ? { schema, count: 1 } : s.schema === schema ? { schema, count: s.count + 1 } : null,
      );
    }
  return new Map([...seen].flatMap(([name, s]) => (s && s.count > 1 ? [[name, s.schema]] : [])));
}

/** One branch of a tool's schema: the verb's name and exactly its parameters. */
function verbSchema(v: VerbSpec, common: Map<string, string>): Schema {
  const required = v.params.filter((p) => p.required).map((p) => p.name);
  const params: Schema = v.params.length
    ? {
        properties: Object.fromEntries(
          v.params.map((p) => [p.name, common.has(p.name) ? true : paramSchema(p)]),
        ),
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      }
    : { maxProperties: 0 };
  return {
    properties: { command: { const: v.path }, params },
    ...(required.length ? { required: ['command', 'params'] } : {}),
  };
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
/** How long a wait or a watch runs for an agent unless the call says otherwise. */
export const DEFAULT_WAIT_TIMEOUT = 120;
export const MAX_WAIT_TIMEOUT = 3600;

/** The top-level arguments of a tool call besides `command` and `params`. */
export const TOP_LEVEL = ['command', 'params', 'query', 'limit', 'wait_timeout'] as const;

/**
 * The JSON Schema of a tool: one branch per verb (`oneOf` on `command`), each with exactly its
 * parameters and those it requires; `query`, `limit` and `wait_timeout` where they apply.
 */
export function inputSchema(verbs: VerbSpec[]): Schema {
  const lists = verbs.some((v) => v.meta.list);
  const waits = verbs.some((v) => v.waits);
  const common = commonParams(verbs);
  return {
    type: 'object',
    properties: {
      // The verbs' names are the branches' `const`s: not repeated here.
      command: {},
      params: {
        type: 'object',
        properties: Object.fromEntries([...common].map(([name, schema]) => [name, JSON.parse(schema)])),
      },
      query: { type: 'string' },
      ...(lists ? { limit: { type: 'integer', minimum: 1 } } : {}),
      ...(waits ? { wait_timeout: { type: 'integer', minimum: 1, maximum: MAX_WAIT_TIMEOUT } } : {}),
    },
    required: ['command'],
    additionalProperties: false,
    oneOf: verbs.map((v) => verbSchema(v, common)),
  };
}

/** The verbs a tool holds under these permissions: those of its kind that may run. */
export function toolVerbs(s: ServiceTools, kind: ToolKind, allowed: Allowed): VerbSpec[] {
  return s.verbs.filter((v) => kindOf(v.meta) === kind && refusal(v.meta, allowed) === undefined);
}

/** A verb's line in its tool's description: its name, its help line's first clause, what it reveals. */
function verbLine(v: VerbSpec): string {
  const text = brief(v.cmd.description());
  const said = saysNoMore(text, v.path) ? '' : `: ${text}`;
  return `${v.path}${said}${v.meta.reveals ? ' (reveals a secret)' : ''}`;
}

const FILLER = new Set(['show', 'list', 'print', 'get', 'a', 'an', 'the', 'one', 'of', 'its', 'by', 'and']);

/** A help line that only repeats the verb's path ("context get: Show a context"): left out. */
function saysNoMore(text: string, path: string): boolean {
  const words = new Set(path.split(/[ -]/).flatMap((w) => [w, w.replace(/s$/, '')]));
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .every((w) => FILLER.has(w) || words.has(w) || words.has(w.replace(/s$/, '')));
}

/** The first clause of a help line, at most about 40 characters: the rest is behind `help`. */
export function brief(text: string): string {
  const clause = text.split(/; | \(|: /)[0]!;
  return clause.length <= 40 ? clause : `${clause.slice(0, clause.lastIndexOf(' ', 38))}…`;
}

/**
 * The hints of a tool of this kind, exact for every verb it holds: under `--dry-run` a write or a
 * delete sends nothing (its curl plan is the result), so every tool is read-only.
 */
function hints(kind: ToolKind, verbs: VerbSpec[], allowed: Allowed) {
  const dry = allowed.dryRun;
  return {
    readOnlyHint: kind === 'read' || dry,
    destructiveHint: kind === 'destructive' && !dry,
    idempotentHint: kind === 'read' || dry || verbs.every((v) => v.meta.idempotent),
    openWorldHint: true,
  };
}

export interface ToolDef {
  name: string;
  description: string;
  inputSchema: Schema;
  annotations: ReturnType<typeof hints>;
}

/** A service's tools under these permissions: the read tool, and a write and a destructive one if allowed. */
export function toolsOf(s: ServiceTools, allowed: Allowed): ToolDef[] {
  return TOOL_KINDS.flatMap((kind) => {
    const verbs = toolVerbs(s, kind, allowed);
    if (verbs.length === 0) return [];
    const what = kind === 'read' ? 'reads' : kind === 'write' ? 'writes' : 'destructive verbs';
    return [
      {
        name: toolName(s.service, kind),
        description: `${brief(s.description)}, ${what}:\n${verbs.map(verbLine).join('\n')}`,
        inputSchema: inputSchema(verbs),
        annotations: hints(kind, verbs, allowed),
      },
    ];
  });
}

/** The tool that shows the help of one command path. */
export const HELP_TOOL = {
  name: 'help',
  title: 'ops help',
  description:
    'What one verb of a tool does and takes, e.g. {"command":"hosts list"}: its parameters, their meaning and examples.',
  inputSchema: {
    type: 'object',
    properties: { command: { type: 'string' } },
    required: ['command'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
