import type { Command, Option } from 'commander';
import { UsageError } from '../../errors.js';
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
  'A parameter described "a time" takes an ISO 8601 time, epoch seconds or a relative one (-2d, -6h); "a date" a date (2026-05-01), an ISO time or relative (+3d); "a duration" 30m, 1h30m.';

/** `--count <n>` takes an integer, `--interval <seconds>` a number, `--since <time>` a time. */
function typeOf(flags: string): Pick<ParamSpec, 'type' | 'format'> {
  const word = /<([A-Za-z]+)(\.\.\.)?>/.exec(flags)?.[1] ?? '';
  if (INTEGER.has(word)) return { type: 'integer' };
  if (NUMBER.has(word)) return { type: 'number' };
  return FORMAT[word] ? { format: FORMAT[word] } : {};
}

type Schema = Record<string, unknown>;

/** `list, get (required)`: the verbs that take a parameter, each marked where it needs it. */
const takenBy = (uses: Array<{ verb: VerbSpec; p: ParamSpec }>, all: number) =>
  uses.length === all && uses.every((u) => u.p.required)
    ? 'every verb (required)'
    : uses.map((u) => `${u.verb.path}${u.p.required ? ' (required)' : ''}`).join(', ');

/**
 * One parameter as every verb of the tool that takes it: one schema (a list where any verb takes a
 * list, the union of the verbs' choices), described by the verbs that take it and, where their
 * choices differ, which verbs take which. What one verb allows the server checks, by name.
 */
function mergedParam(uses: Array<{ verb: VerbSpec; p: ParamSpec }>, all: number): Schema {
  const many = uses.some((u) => u.p.variadic || u.p.commaList);
  const kinds = new Set(uses.map((u) => (u.p.kind === 'switch' ? 'boolean' : (u.p.type ?? 'string'))));
  const choices = uses.map((u) => u.p.choices);
  const allChoose = choices.every(Boolean);
  // Types that differ (a number for one verb, a word for another) are taken as a string by all.
  const type = kinds.size === 1 ? [...kinds][0]! : 'string';
  const one: Schema = allChoose
    ? { type: 'string', enum: [...new Set(choices.flatMap((c) => c!))] }
    : { type };
  const formats = [...new Set(uses.flatMap((u) => (u.p.format ? [u.p.format] : [])))];
  const notes: string[] = [];
  if (formats.length === 1) notes.push(`a ${formats[0]}`);
  if (many && !uses.every((u) => u.p.variadic || u.p.commaList))
    notes.push(
      `${uses
        .filter((u) => !(u.p.variadic || u.p.commaList))
        .map((u) => u.verb.path)
        .join(', ')}: one item`,
    );
  // Which verbs take which values, where they differ, or where some verbs take any value.
  const distinct = new Map<string, string[]>();
  for (const u of uses)
    if (u.p.choices) {
      const key = u.p.choices.join(', ');
      distinct.set(key, [...(distinct.get(key) ?? []), u.verb.path]);
    }
  if (distinct.size > 1 || (distinct.size === 1 && !allChoose))
    for (const [key, verbs] of distinct)
      notes.push(`${verbs.join(', ')}: ${key.length > 120 ? `${key.split(', ').length} values` : key}`);
  const description = [takenBy(uses, all), ...notes].join('; ');
  return many ? { type: 'array', items: one, description } : { ...one, description };
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
/**
 * How long a wait or a watch runs for an agent unless the call says otherwise: below the request
 * timeout of the common clients (the TypeScript SDK's 60 s), so that the answer comes before it fires.
 */
export const DEFAULT_WAIT_TIMEOUT = 50;
export const MAX_WAIT_TIMEOUT = 3600;

/** The top-level arguments of a tool call besides `command` and `params`. */
export const TOP_LEVEL = ['command', 'params', 'query', 'limit', 'wait_timeout'] as const;

const names = (verbs: VerbSpec[]) => verbs.map((v) => v.path).join(', ');

/**
 * The JSON Schema of a tool, flat so that every host takes it (no `oneOf` or `enum` at its top, no
 * `true` subschema): `command` an enum of the verbs; `params` every verb's parameters in one object,
 * each described by the verbs that take it; `query`, `limit` and `wait_timeout` where they apply,
 * with their defaults. What the schema cannot say per verb (required, allowed) the server checks.
 */
export function inputSchema(verbs: VerbSpec[]): Schema {
  const lists = verbs.filter((v) => v.meta.list);
  const waits = verbs.filter((v) => v.waits);
  const byName = new Map<string, Array<{ verb: VerbSpec; p: ParamSpec }>>();
  for (const verb of verbs)
    for (const p of verb.params) byName.set(p.name, [...(byName.get(p.name) ?? []), { verb, p }]);
  return {
    type: 'object',
    properties: {
      command: {
        type: 'string',
        enum: verbs.map((v) => v.path),
        description: 'the verb, as the tool description lists them',
      },
      params: {
        type: 'object',
        description: "the verb's arguments and flags; each says which verbs take it",
        properties: Object.fromEntries(
          [...byName].map(([name, uses]) => [name, mergedParam(uses, verbs.length)]),
        ),
        additionalProperties: false,
      },
      query: { type: 'string', description: 'JMESPath applied to the JSON result' },
      ...(lists.length
        ? {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_LIMIT,
              default: DEFAULT_LIMIT,
              description: `at most this many items: ${names(lists)}`,
            },
          }
        : {}),
      ...(waits.length
        ? {
            wait_timeout: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_WAIT_TIMEOUT,
              default: DEFAULT_WAIT_TIMEOUT,
              description: `seconds a wait or watch runs before it answers where it stopped: ${names(waits)}; above ${DEFAULT_WAIT_TIMEOUT} the client must raise its request timeout (often 60 s)`,
            },
          }
        : {}),
    },
    required: ['command'],
    additionalProperties: false,
  };
}

/** `--tools` and `--exclude-tools`: verb paths as `ops help` names them (`hosts list`), or a service or group. */
export interface VerbChoice {
  tools?: string[] | undefined;
  excludeTools?: string[] | undefined;
}

/**
 * The services with only the verbs `--tools` names (all when it is not given), less those
 * `--exclude-tools` names: exclusion wins. A name that is no verb, group or service served is a
 * usage error, so a typo never serves more or less than meant.
 */
export function chosenVerbs(services: ServiceTools[], choice: VerbChoice): ServiceTools[] {
  const full = (s: ServiceTools, v: VerbSpec) => `${s.service} ${v.path}`;
  const under = (name: string, path: string) => path === name || path.startsWith(`${name} `);
  for (const [flag, names] of [
    ['--tools', choice.tools],
    ['--exclude-tools', choice.excludeTools],
  ] as const)
    for (const name of names ?? [])
      if (!services.some((s) => s.verbs.some((v) => under(name, full(s, v)))))
        throw new UsageError(
          `invalid ${flag} "${name}": no such verb among the services served`,
          'give verb paths as ops help names them, comma-separated: hosts list,runs watch (or a service or group: tasks lists)',
        );
  return services.map((s) => ({
    ...s,
    verbs: s.verbs.filter(
      (v) =>
        (!choice.tools || choice.tools.some((n) => under(n, full(s, v)))) &&
        !choice.excludeTools?.some((n) => under(n, full(s, v))),
    ),
  }));
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
