import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type Io, withIo } from '../../io.js';
import type { Candidate, CompletionContext, CompletionSpec } from '../shared/complete.js';
import { cachedAnswer, keepAnswer } from './cache.js';
import { type Answer, COMPLETION_LIMIT, NO_ANSWER, type Position, answer, formatAnswer } from './protocol.js';

/** What `ops __complete` is handed by the root: how to make a factory and the program for the words. */
export interface CompleteDeps {
  factory(io: Io): Promise<Factory>;
  program(factory: Factory, words: readonly string[]): Promise<Command>;
  topics(): Promise<readonly string[]>;
}

const nowhere = { write: () => true };

/**
 * The IO a completion runs with: it writes nowhere, has no terminal (so nothing prompts or draws),
 * reads an empty stdin, and its signal is the deadline's.
 */
function quietIo(io: Io, signal: AbortSignal): Io {
  return withIo(io, {
    stdout: nowhere,
    stderr: nowhere,
    get stdin() {
      return process.getBuiltinModule('node:stream').Readable.from([]);
    },
    stdoutIsTty: false,
    stderrIsTty: false,
    stdinIsTty: false,
    columns: 0,
    signal,
    prompt: undefined,
  });
}

/**
 * Answers one `ops __complete` within `budgetMs`, or with nothing: a server that never answers, a
 * missing credential, any error at all gives no candidates and exit 0, and nothing but the answer is
 * written. Returns the path of the command the words led to (`cloud instance get`: command names
 * only, never a word typed), which the code caches are grown by.
 */
export async function completeLine(
  words: readonly string[],
  io: Io,
  budgetMs: number,
  deps: CompleteDeps,
): Promise<string> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('completion deadline')), Math.max(0, budgetMs));
  const late = new Promise<Answer>((resolve) =>
    deadline.signal.addEventListener('abort', () => resolve(NO_ANSWER), { once: true }),
  );
  let result: Answer;
  const reached = { path: '' };
  try {
    result = await Promise.race([late, work(words, io, deadline.signal, deps, reached)]);
  } catch {
    result = NO_ANSWER;
  } finally {
    clearTimeout(timer);
    // Whatever is still in flight (a request to a server that never answers) is given up.
    deadline.abort(new Error('completion answered'));
  }
  io.stdout.write(formatAnswer(result));
  return reached.path;
}

async function work(
  words: readonly string[],
  io: Io,
  signal: AbortSignal,
  deps: CompleteDeps,
  reached: { path: string },
): Promise<Answer> {
  const quiet = quietIo(io, signal);
  const factory = await deps.factory(quiet);
  // Only the commands the words name are loaded and built (the verb alone, once it is named).
  const root = await deps.program(factory, words.slice(0, -1));
  const before = words.slice(0, -1);
  return answer(root, words, {
    topics: deps.topics,
    run: (spec, pos, word) => runSpec(spec, pos, word, { factory, io: quiet, before }),
    reached: (cmd) => {
      const names: string[] = [];
      for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
      reached.path = names.join(' ');
    },
  });
}

/** The service whose verb this is (`cloud` for `ops cloud instance get`), if it is one. */
function serviceOf(cmd: Command, factory: Factory): string | undefined {
  let c = cmd;
  while (c.parent?.parent) c = c.parent;
  const name = c.parent ? c.name() : undefined;
  return factory.services.some((s) => s.name === name) ? name : undefined;
}

/**
 * One completer run: a local one at once; one that reads the API with the verb's own settings (profile,
 * address, credential: the verb's context), one request of one small page, its answer kept for 30 s
 * per profile, service and address, and anything holding one of the service's secrets left out.
 */
async function runSpec(
  spec: CompletionSpec,
  pos: Position,
  word: string,
  o: { factory: Factory; io: Io; before: readonly string[] },
): Promise<Candidate[]> {
  const { factory, io } = o;
  const { cmd } = pos;
  const c: CompletionContext = { factory, cmd, word, args: pos.args, limit: COMPLETION_LIMIT };
  const service = serviceOf(cmd, factory);
  if (spec.local || !service) return spec.list(c);
  // One try, cut short: the shell is waiting.
  const root = rootOf(cmd);
  root.setOptionValueWithSource('retries', '0', 'cli');
  const ctx = await factory.context(cmd);
  const baseUrl = ctx.flags.baseUrl ?? ctx.settings.get(`${service}.base_url`);
  if (!baseUrl) return [];
  // The answer depends on the command line (its path, arguments and flags), the folder the word is in
  // (a KV path), and the working directory (the git clone `ops runs` takes its repository from).
  const key = [ctx.settings.profileName, service, baseUrl, io.cwd ?? '', o.before, spec.scope?.(word) ?? ''];
  const hit = cachedAnswer(io.env, key);
  if (hit) return hit;
  const { descriptor, settings } = await ctx.service(service);
  const secrets = descriptor.settings
    .filter((s) => s.secret)
    .map((s) => settings.get(s.key))
    .filter((v): v is string => v !== undefined && v.length >= 4);
  const holdsSecret = (t: string | undefined) => t !== undefined && secrets.some((s) => t.includes(s));
  const list = (await spec.list(c)).filter((x) => !holdsSecret(x.value) && !holdsSecret(x.description));
  keepAnswer(io.env, key, list);
  return list;
}

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}
