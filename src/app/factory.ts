import type { Command } from 'commander';
import { Settings, namedProfile } from '../config/settings.js';
import { FALSE_WORDS, TRUE_WORDS, parseBoolean } from '../config/boolean.js';
import { GLOBAL_DEFAULTS, GLOBAL_RULES, checkedValue } from '../config/values.js';
import { UsageError } from '../errors.js';
import { type Io, isCi } from '../io.js';
import { colorEnabled, makeStyle } from '../output/color.js';
import { Feedback } from '../output/feedback.js';
import { checkFields, parseFields } from '../output/json-fields.js';
import { resolveFormat } from '../output/options.js';
import { confirmationNeeded, notConfirmed, verbMeta } from '../verb-meta.js';
import { type JsonFields, type OutputFormat, Printer } from '../output/printer.js';
import type { JqFilter } from '../output/jq.js';
import type { Query } from '../output/query.js';
import { type RunSettings, ServiceClients } from './service-clients.js';
import type { Context, Factory, GlobalFlags, ServiceEntry, VerbCall } from './types.js';

export type { ClientOverrides, Context, Factory, GlobalFlags } from './types.js';

/** `OPS_DEBUG`, `OPS_QUIET`: the usual true and false words; anything else is refused, never guessed. */
function envBoolean(env: Record<string, string | undefined>, name: string, tolerant: boolean): boolean {
  const raw = env[name];
  if (raw === undefined) return false;
  const b = parseBoolean(raw);
  if (b === undefined && !tolerant) {
    // Every word taken is named: `true or false` alone read as if `1` or OPS_DEBUG's `api` were refused.
    const yes = name === 'OPS_DEBUG' ? [...TRUE_WORDS, 'api'] : TRUE_WORDS;
    const no = FALSE_WORDS.filter(Boolean);
    throw new UsageError(`invalid ${name} "${raw}"`, `give ${yes.join(', ')} or ${no.join(', ')}`);
  }
  return b ?? false;
}

/** What the root hands the factory, so that nothing below it imports the table, the program or `main`. */
export interface FactoryDeps {
  services: readonly ServiceEntry[];
  runArgv(argv: string[], io: Io): Promise<number>;
  callVerb(call: VerbCall, io: Io): Promise<number>;
  tree(factory: Factory): Promise<Command>;
  /** The words ops's own commands answer to (program.ts); the services' and `help` when not given. */
  commandNames?(): string[];
}

/** The factory `run.ts` hands to every command builder. */
export function createFactory(io: Io, deps: FactoryDeps): Factory {
  const factory: Factory = {
    io,
    services: deps.services,
    runArgv: deps.runArgv,
    callVerb: deps.callVerb,
    tree: () => deps.tree(factory),
    commandNames: () => deps.commandNames?.() ?? ['help', ...deps.services.map((s) => s.name)],
    async context(cmd, o = {}) {
      const given = cmd.optsWithGlobals() as GlobalFlags;
      const own = given.output !== undefined && o.ownOutput?.includes(given.output.toLowerCase());
      const flags: GlobalFlags = own ? { ...given, output: undefined } : given;
      const env = io.env;
      const profile = namedProfile(flags.profile, env);
      const settings = new Settings(env, profile, {
        ...(flags.timeout !== undefined ? { timeout: flags.timeout } : {}),
        ...(flags.retries !== undefined ? { retries: flags.retries } : {}),
        ...(flags.maxWait !== undefined ? { max_wait: flags.maxWait } : {}),
        ...(flags.caCert !== undefined ? { ca_cert: flags.caCert } : {}),
        ...(flags.insecure ? { insecure: 'true' } : {}),
        ...(flags.output !== undefined ? { output: flags.output } : {}),
        ...o.settings,
      });
      await settings.load();
      // JMESPath is loaded only when a query is given.
      const query = flags.query ? (await import('../output/query.js')).compileQuery(flags.query) : undefined;
      // jq too (its WebAssembly is 1.3 MB of bundle): only with --jq.
      const jq =
        flags.jq !== undefined ? await (await import('../output/jq.js')).compileJq(flags.jq) : undefined;
      // A verb whose purpose is to reveal a value writes it exactly; every other one escapes control
      // characters of outside text wherever it goes (docs/grammar.md, "Values").
      const meta = verbMeta(cmd);
      // --json's field list, checked now against the verb's declared fields (before any request).
      const fields = typeof flags.json === 'string' ? jsonFields(flags.json, meta?.fields) : undefined;
      const reveals = Boolean(meta?.reveals);
      // What a reader pages through on a terminal (output/pager.ts): a read verb's table or text, and a
      // whole list (--all) in any format; never what comes as things happen (a watch).
      const all = Boolean((cmd.opts() as { all?: boolean }).all);
      const pageable = (format: OutputFormat) =>
        meta?.effect === 'read' && !meta.live && (format === 'table' || (Boolean(meta.list) && all));
      return buildContext(
        io,
        deps.services,
        flags,
        settings,
        profile,
        { query, jq, fields },
        {
          ...o,
          reveals,
          pageable,
          refusal: () => confirmationNeeded(cmd),
          declined: () => notConfirmed(cmd),
        },
      );
    },
  };
  return factory;
}

function buildContext(
  io: Io,
  services: readonly ServiceEntry[],
  flags: GlobalFlags,
  settings: Settings,
  profileFlag: string | undefined,
  filters: { query: Query | undefined; jq: JqFilter | undefined; fields: JsonFields | undefined },
  o: {
    defaultOutput?: string;
    tolerant?: boolean;
    reveals?: boolean;
    pageable?: (format: OutputFormat) => boolean;
    /** What refusing to ask off a terminal says: the same words as the verb's own refusal. */
    refusal: () => { message: string; hint: string };
    /** What a "no" at the terminal's question says, worded as the refusal (`notConfirmed`). */
    declined: () => string;
  },
): Context {
  const { run, format } = checkedRun(io, flags, settings, o);
  const printer = new Printer({
    io,
    format,
    query: filters.query,
    jq: filters.jq,
    fields: filters.fields,
    field: flags.field,
    color: run.color,
    reveals: o.reveals,
  });
  const feedback = new Feedback(
    io,
    run.feedbackOn,
    makeStyle(colorEnabled(io.env, io.stderrIsTty, flags.color === false)),
    run.animated,
  );
  if (o.pageable?.(format)) io.page?.();
  const clients = new ServiceClients(io, services, flags, settings, run, feedback);
  return {
    io,
    printer,
    feedback,
    settings,
    flags: { ...flags, profile: profileFlag },
    service: (name) => clients.service(name),
    authContext: (name) => clients.authContext(name),
    serviceClient: (name, create, so) => clients.serviceClient(name, create, so),
    client: (name, overrides) => clients.client(name, overrides),
    confirm: (action) => confirm(io, flags, action, o),
  };
}

/**
 * The run's settings, checked now, before any request: profile, format, numbers, booleans. A bad value
 * names where it came from (a flag, OPS_TIMEOUT, `profile staging: timeout`). `ops config` is tolerant
 * of what the environment and the profile hold, so that it can always mend them.
 */
function checkedRun(
  io: Io,
  flags: GlobalFlags,
  settings: Settings,
  o: { defaultOutput?: string; tolerant?: boolean },
): { run: RunSettings & { color: boolean; animated: boolean }; format: OutputFormat } {
  const tolerant = Boolean(o.tolerant);
  if (!tolerant) settings.requireProfile();
  const setting = (key: string, fallback: string | undefined): string | undefined => {
    const r = settings.resolve(key);
    // -o/--output is checked by resolveFormat, with --json, under its own message.
    if (key === 'output' && r.origin === 'flag') return r.value;
    try {
      return checkedValue(key, r, settings.profileName, GLOBAL_RULES[key]!) ?? fallback;
    } catch (err) {
      if (tolerant && r.origin !== 'flag') return fallback;
      throw err;
    }
  };
  const format = resolveFormat(flags, setting('output', o.defaultOutput));
  const timeoutS = Number(setting('timeout', GLOBAL_DEFAULTS.timeout));
  const retries = Number(setting('retries', GLOBAL_DEFAULTS.retries));
  const maxWait = Number(setting('max_wait', GLOBAL_DEFAULTS.max_wait));
  const insecure = parseBoolean(setting('insecure', 'false')!) === true;
  const caCert = setting('ca_cert', undefined);
  // OPS_DEBUG=api is gh's GH_DEBUG=api: the same as --debug.
  const debug =
    Boolean(flags.debug) || io.env.OPS_DEBUG === 'api' || envBoolean(io.env, 'OPS_DEBUG', tolerant);
  const quiet = Boolean(flags.quiet) || envBoolean(io.env, 'OPS_QUIET', tolerant);
  const color = colorEnabled(io.env, io.stdoutIsTty, flags.color === false);
  const feedbackOn = io.stderrIsTty && !isCi(io.env) && !quiet && format !== 'json' && !flags.json;
  // Spinners and progress bars as plain lines: a log, a screen reader, a terminal that draws them badly.
  // A dumb terminal (TERM=dumb: Emacs's shell, a serial console) moves no cursor: plain lines, as ora
  // and gh give it.
  const animated =
    flags.spinner !== false &&
    !envBoolean(io.env, 'OPS_SPINNER_DISABLED', tolerant) &&
    io.env.TERM !== 'dumb';
  return {
    run: { timeoutS, retries, maxWait, insecure, caCert, debug, quiet, feedbackOn, color, animated },
    format,
  };
}

/**
 * Asks before a destructive action: --yes (or --dry-run) passes; without a terminal it is a usage error,
 * worded as the verb's own refusal (`confirmationNeeded`), which a verb that asks has given already; a
 * "no" at the terminal is one too, in the same words (`tasks delete dDA6Mg: not confirmed`).
 */
async function confirm(
  io: Io,
  flags: GlobalFlags,
  action: string,
  words: { refusal: () => { message: string; hint: string }; declined: () => string },
): Promise<void> {
  if (flags.yes || flags.dryRun) return;
  if (!io.stdinIsTty || !io.prompt) {
    const { message, hint } = words.refusal();
    throw new UsageError(message, hint);
  }
  const answer = (await io.prompt(`${action}? [y/N] `, false)).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new UsageError(words.declined());
}

/** --json's field list, checked before any request against the fields the verb declares, if it does. */
function jsonFields(value: string, declared: readonly string[] | undefined): JsonFields {
  const names = parseFields(value);
  checkFields(names, declared);
  return { names, declared: declared !== undefined };
}
