import { planning } from '../../clients/http/planning.js';
import { type Command, Option } from 'commander';
import { type TasksClient, createTasksClient } from '../../clients/tasks/client.js';
import { DEFAULT_LIST } from '../../clients/tasks/index.js';
import type { TaskListWire } from '../../clients/tasks/types.js';
import { ApiError, type Missing, NotFoundError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import { readInputFile } from '../shared/secret-input.js';
import { parseTime } from '../shared/parse.js';
import { type TextIdForm, parseId } from '../shared/ids.js';
import { namingNotFound } from '../shared/not-found.js';
import { resolveByName } from '../shared/resolve.js';
import { type Completer, completing } from '../shared/complete.js';
import { firstItems } from '../shared/pick.js';
import { type ServiceBase, serviceStart } from '../shared/start.js';
import { notJsonMessage } from '../../config/json-position.js';
import { clockNow } from '../../clock.js';

/** The service's limits on text (reference §B.4), checked before anything is sent. */
export const MAX_TITLE = 1024;
export const MAX_NOTES = 8192;

export interface TasksFlags {
  tokenStdin?: boolean;
  list?: string;
}

/** What every run function gets. */
export type TasksRunBase = ServiceBase<TasksClient>;

/** `--list`, on the verbs that work inside one list. */
export function addListOption(cmd: Command): Command {
  return cmd.addOption(
    completing(
      new Option(
        '--list <list>',
        'task list: its id, its exact title or @default (default: OPS_TASKS_LIST, the profile, else @default)',
      ),
      listCandidates,
    ),
  );
}

/** The task lists a shell completes (`--list <TAB>`, `ops tasks lists get <TAB>`): each id, its title beside. */
export const listCandidates: Completer = async (c) => {
  const { base } = await start(c.factory, c.cmd, c.cmd.opts() as TasksFlags);
  const lists = await firstItems((await base.client()).listTasklists({ limit: c.limit }), c.limit);
  return lists.map((l) => ({ value: l.id ?? '', description: l.title ?? '' }));
};

/**
 * The start of every tasks verb: the token read from stdin with --token-stdin, `--list` laid over
 * OPS_TASKS_LIST and the profile's `tasks.list` (the list the verb works in, `@default` when none is
 * set). The address and the token are checked here, before any request.
 */
export const start = serviceStart<TasksClient, TasksFlags, { list: string }>('tasks', {
  check: (f) => {
    if (f.list !== undefined && f.list.trim() === '')
      throw new UsageError('--list is empty', `give a list id, its exact title or ${DEFAULT_LIST}`);
  },
  settings: (f) => ({ 'tasks.list': f.list }),
  scope: async (ctx) => ({ list: (await ctx.service('tasks')).settings.get('list') || DEFAULT_LIST }),
  create: (http) => withFlagHints(namingNotFound(createTasksClient(http), tasksMissing)),
});

/**
 * What a tasks operation looks for: a task in its list (`getTask(list, task)`), else the list among
 * the account's lists. The commands name a task by the list as it was given (`lookingFor`).
 */
function tasksMissing(op: string, [list, task]: unknown[]): Missing | undefined {
  if (typeof list !== 'string') return undefined;
  if (typeof task === 'string' && !/Tasklist$/.test(op))
    return {
      kind: 'task',
      id: task,
      where: `list ${list}`,
      hint: 'it may be in another list: give --list LIST (`ops tasks lists list` shows them)',
    };
  return {
    kind: 'list',
    id: list,
    where: 'the task lists of this account',
    hint: '`ops tasks lists list` shows them; --list names another',
  };
}

/** A 401's hint, which names no flag in the client, with this command's own way to give the token. */
function flagHint(err: unknown): never {
  if (err instanceof ApiError && err.status === 401)
    throw new ApiError({
      ...err,
      message: err.message,
      hint: `${err.hint ?? 'set a valid token'}; or pipe it to --token-stdin`,
    });
  throw err;
}

/** The client, with the hints of its errors completed by the flags of the commands. */
export function withFlagHints(client: TasksClient): TasksClient {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(client) as Array<[string, (...a: unknown[]) => unknown]>) {
    wrapped[name] = name.startsWith('list')
      ? async function* (...args: unknown[]) {
          try {
            yield* method(...args) as AsyncIterable<unknown>;
          } catch (err) {
            flagHint(err);
          }
        }
      : async (...args: unknown[]) => {
          try {
            return await method(...args);
          } catch (err) {
            return flagHint(err);
          }
        };
  }
  return wrapped as unknown as TasksClient;
}

/**
 * The form of a task or list id, for `parseId`: any text that is one path segment (empty, `.`, `..`
 * and NUL are refused before any request), kept as given.
 */
export const TASK_ID: TextIdForm = {
  kind: 'segment',
  hint: (what) => `give the ${what} as \`ops tasks list --json\` shows it`,
};

export { parseId };

/** Characters as the service counts them (code points). */
function length(s: string): number {
  return [...s].length;
}

export function checkTitle(title: string, what = 'title'): string {
  if (title.trim() === '') throw new UsageError(`the ${what} is empty`, 'give a title');
  if (length(title) > MAX_TITLE)
    throw new UsageError(
      `the ${what} is ${length(title)} characters long; the service takes at most ${MAX_TITLE}`,
      'shorten it, and put the rest in --notes',
    );
  return title;
}

export function checkNotes(notes: string, flag = '--notes'): string {
  if (length(notes) > MAX_NOTES)
    throw new UsageError(
      `${flag} is ${length(notes)} characters long; the service takes at most ${MAX_NOTES}`,
      'shorten the notes',
    );
  return notes;
}

/** A time flag as RFC 3339: epoch seconds, an ISO date or time, or relative (-2d, +1w). */
export function rfc3339(flag: string, raw: string | undefined, now = clockNow()): string | undefined {
  if (raw === undefined) return undefined;
  return new Date(parseTime(flag, raw, now) * 1000).toISOString();
}

/** `--due`: a date (2026-05-01), a time or a relative time (+3d); the service keeps the date only. */
export function dueDate(flag: string, raw: string, now = clockNow()): string {
  return `${new Date(parseTime(flag, raw, now) * 1000).toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** `--file FILE` (or `-` for stdin) holding one JSON object: read and parsed before any request. */
export async function readJsonObject(
  io: Io,
  file: string,
  flag = '--file',
): Promise<Record<string, unknown>> {
  const text = await readInputFile(io, file, flag);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(notJsonMessage(`${flag} "${file}"`, text));
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(
      `${flag} "${file}" must hold one JSON object`,
      'e.g. the output of `ops tasks get TASK --json`',
    );
  return value as Record<string, unknown>;
}

/**
 * The form of a task list id: base64 of `<digits>:<digits>:<digits>`, as Google's list ids and the
 * sandbox's are. A list given in this form that the account lacks is an id the service has not: exit 3
 * (docs/grammar.md, "Names or ids"); any other unknown text is an unknown title: exit 2.
 */
export function isListId(ref: string): boolean {
  if (!/^[A-Za-z0-9_-]{8,}={0,2}$/.test(ref)) return false;
  return /^\d+:\d+:\d+$/.test(Buffer.from(ref, 'base64url').toString('latin1'));
}

/**
 * Finds task lists named by id, exact title or @default. The lists are read once (every page) for
 * however many names a command resolves; an id wins over a title. An id the account lacks is exit 3;
 * a title no list has, or two lists share, is exit 2 naming the titles or the ids (`resolveByName`,
 * in the words cloud and pipelines use).
 */
export class ListResolver {
  private lists: Promise<TaskListWire[]> | undefined;

  constructor(private readonly client: TasksClient) {}

  private async all(): Promise<TaskListWire[]> {
    // A lookup before the command's own request: --dry-run sends it (see `planning`).
    this.lists ??= planning(async () => {
      const out: TaskListWire[] = [];
      for await (const page of this.client.listTasklists()) out.push(...(page.items as TaskListWire[]));
      return out;
    });
    return this.lists;
  }

  async resolve(ref: string): Promise<string> {
    if (ref === DEFAULT_LIST) return ref;
    const lists = await this.all();
    if (lists.some((l) => l.id === ref)) return ref;
    if (isListId(ref) && !lists.some((l) => l.title === ref))
      throw new NotFoundError(
        {
          kind: 'list',
          id: ref,
          where: 'the task lists of this account',
          hint: '`ops tasks lists list` shows the lists (by id or exact title)',
        },
        { service: 'tasks' },
      );
    return resolveByName<TaskListWire>({
      kind: 'task list',
      given: ref,
      isId: () => false,
      list: async () => lists,
      nameOf: (l) => l.title,
      idOf: (l) => l.id ?? '',
      listCommand: 'ops tasks lists list',
    });
  }
}

/**
 * A task looked for in a list: a 404 says `task X not found in list L`, and the hint names --list (the
 * task may be in another list).
 */
export function taskIn(task: string, list: string): Missing {
  return {
    kind: 'task',
    id: task,
    where: `list ${list}`,
    hint: 'it may be in another list: give --list LIST (`ops tasks lists list` shows them)',
  };
}

/** A list named as an argument: an id, an exact title or @default; never blank. */
export function parseListRef(raw: string, what = 'list'): string {
  if (raw.trim() === '')
    throw new UsageError(`the ${what} is empty`, `give a list id, its exact title or ${DEFAULT_LIST}`);
  return raw;
}
