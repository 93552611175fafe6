import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tasksAddCommand } from '../../src/commands/tasks/add.js';
import { tasksClearCommand } from '../../src/commands/tasks/clear.js';
import { tasksCompleteCommand } from '../../src/commands/tasks/complete.js';
import { tasksDeleteCommand } from '../../src/commands/tasks/delete.js';
import { tasksGetCommand } from '../../src/commands/tasks/get.js';
import { tasksListCommand } from '../../src/commands/tasks/list.js';
import { listsCreateCommand } from '../../src/commands/tasks/lists/create.js';
import { listsDeleteCommand } from '../../src/commands/tasks/lists/delete.js';
import { listsGetCommand } from '../../src/commands/tasks/lists/get.js';
import { listsListCommand } from '../../src/commands/tasks/lists/list.js';
import { listsRenameCommand } from '../../src/commands/tasks/lists/rename.js';
import { listsReplaceCommand } from '../../src/commands/tasks/lists/replace.js';
import { tasksMoveCommand } from '../../src/commands/tasks/move.js';
import { tasksReopenCommand } from '../../src/commands/tasks/reopen.js';
import { tasksReplaceCommand } from '../../src/commands/tasks/replace.js';
import { tasksUpdateCommand } from '../../src/commands/tasks/update.js';
import { ConfigError, UsageError } from '../../src/errors.js';
import { parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const dir = mkdtempSync(join(tmpdir(), 'ops-tasks-parse-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const listFile = file('list.json', '{"kind":"tasks#taskList","id":"L2","title":"Errands"}');
const taskFile = file(
  'task.json',
  '{"id":"T1","title":"Renew passport","status":"completed","deleted":false}',
);
const L = ['lists'];
const noFilters = {
  completedMin: undefined,
  completedMax: undefined,
  dueMin: undefined,
  dueMax: undefined,
  updatedMin: undefined,
  showCompleted: undefined,
  showHidden: undefined,
  showDeleted: undefined,
  showAssigned: undefined,
};
const listed = { list: '@default', query: noFilters, limit: 30, pageSize: undefined, tree: false };
const added = {
  list: '@default',
  many: false,
  notes: undefined,
  due: undefined,
  parent: undefined,
  previous: undefined,
};

const ok: Array<
  [
    string,
    Make,
    string[],
    Record<string, unknown>,
    { groups?: string[]; input?: string; env?: Record<string, string> }?,
  ]
> = [
  ['lists list', listsListCommand, ['list'], { limit: 30, pageSize: undefined }, { groups: L }],
  [
    'lists list --all --page-size 5',
    listsListCommand,
    ['list', '--all', '--page-size', '5'],
    { limit: undefined, pageSize: 5 },
    { groups: L },
  ],
  [
    'lists list --limit 3',
    listsListCommand,
    ['list', '--limit', '3'],
    { limit: 3, pageSize: undefined },
    { groups: L },
  ],
  ['lists get by title', listsGetCommand, ['get', 'Groceries'], { list: 'Groceries' }, { groups: L }],
  ['lists create', listsCreateCommand, ['create', 'Chores'], { title: 'Chores' }, { groups: L }],
  [
    'lists rename',
    listsRenameCommand,
    ['rename', '@default', 'Inbox'],
    { list: '@default', title: 'Inbox' },
    { groups: L },
  ],
  [
    'lists replace --file',
    listsReplaceCommand,
    ['replace', 'L2', '--file', listFile],
    { list: 'L2', body: { kind: 'tasks#taskList', id: 'L2', title: 'Errands' } },
    { groups: L },
  ],
  [
    'lists replace --file - (stdin)',
    listsReplaceCommand,
    ['replace', 'Groceries', '--file', '-'],
    { list: 'Groceries', body: { title: 'Errands' } },
    { groups: L, input: '{"title": "Errands"}' },
  ],
  [
    'lists delete',
    listsDeleteCommand,
    ['delete', 'Reading list', '--yes'],
    { list: 'Reading list' },
    { groups: L },
  ],
  ['list: the default list, 30 tasks', tasksListCommand, ['list'], listed],
  [
    'list: OPS_TASKS_LIST',
    tasksListCommand,
    ['list'],
    { ...listed, list: 'Work' },
    { env: { OPS_TASKS_LIST: 'Work' } },
  ],
  [
    'list: --list over OPS_TASKS_LIST',
    tasksListCommand,
    ['list', '--list', 'Groceries'],
    { ...listed, list: 'Groceries' },
    { env: { OPS_TASKS_LIST: 'Work' } },
  ],
  [
    'list with every filter',
    tasksListCommand,
    [
      'list',
      '--completed-since',
      '2026-01-01T00:00:00Z',
      '--completed-until',
      '1767312000',
      '--due-since',
      '2026-02-01',
      '--due-until',
      '2026-03-01T12:00:00+01:00',
      '--since',
      '2026-01-15T10:00:00Z',
      '--no-show-completed',
      '--show-hidden',
      '--show-deleted',
      '--show-assigned',
      '--all',
      '--page-size',
      '50',
    ],
    {
      ...listed,
      limit: undefined,
      pageSize: 50,
      query: {
        completedMin: '2026-01-01T00:00:00.000Z',
        completedMax: '2026-01-02T00:00:00.000Z',
        dueMin: '2026-02-01T00:00:00.000Z',
        dueMax: '2026-03-01T11:00:00.000Z',
        updatedMin: '2026-01-15T10:00:00.000Z',
        showCompleted: false,
        showHidden: true,
        showDeleted: true,
        showAssigned: true,
      },
    },
  ],
  [
    'list --show-completed',
    tasksListCommand,
    ['list', '--show-completed'],
    { ...listed, query: { ...noFilters, showCompleted: true } },
  ],
  ['get', tasksGetCommand, ['get', 'T1'], { list: '@default', task: 'T1' }],
  ['get --list', tasksGetCommand, ['get', 'T1', '--list', 'Work'], { list: 'Work', task: 'T1' }],
  ['add', tasksAddCommand, ['add', 'Buy stamps'], { ...added, titles: ['Buy stamps'] }],
  [
    'add with every flag',
    tasksAddCommand,
    [
      'add',
      'Book flights',
      '--list',
      'Work',
      '--notes',
      'Aisle',
      '--due',
      '2026-05-01T18:30:00Z',
      '--parent',
      'P1',
      '--previous',
      'S1',
    ],
    {
      list: 'Work',
      many: false,
      titles: ['Book flights'],
      notes: 'Aisle',
      due: '2026-05-01T00:00:00.000Z',
      parent: 'P1',
      previous: 'S1',
    },
  ],
  [
    'add - : one title a line, blank lines skipped',
    tasksAddCommand,
    ['add', '-'],
    { ...added, many: true, titles: ['Bread', 'Butter', 'Jam'] },
    { input: 'Bread\r\n\n  Butter \nJam' },
  ],
  [
    'update: only what is given; "" clears',
    tasksUpdateCommand,
    ['update', 'T1', '--title', 'New', '--notes', '', '--due', '2026-05-01', '--status', 'completed'],
    {
      list: '@default',
      task: 'T1',
      patch: { title: 'New', notes: null, due: '2026-05-01T00:00:00.000Z', status: 'completed' },
    },
  ],
  [
    'update --due ""',
    tasksUpdateCommand,
    ['update', 'T1', '--due', ''],
    { list: '@default', task: 'T1', patch: { due: null } },
  ],
  [
    'replace --file',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', taskFile, '--list', 'Work'],
    {
      list: 'Work',
      task: 'T1',
      body: { id: 'T1', title: 'Renew passport', status: 'completed', deleted: false },
    },
  ],
  ['complete', tasksCompleteCommand, ['complete', 'T1'], { list: '@default', task: 'T1' }],
  ['reopen', tasksReopenCommand, ['reopen', 'T1', '--list', 'L2'], { list: 'L2', task: 'T1' }],
  ['delete', tasksDeleteCommand, ['delete', 'T1', '-y'], { list: '@default', task: 'T1' }],
  [
    'move: to the top, first',
    tasksMoveCommand,
    ['move', 'T1'],
    { list: '@default', task: 'T1', parent: undefined, previous: undefined, toList: undefined },
  ],
  [
    'move with every flag',
    tasksMoveCommand,
    ['move', 'T1', '--parent', 'P1', '--previous', 'S1', '--to-list', 'Work', '--list', 'Groceries'],
    { list: 'Groceries', task: 'T1', parent: 'P1', previous: 'S1', toList: 'Work' },
  ],
  ['clear', tasksClearCommand, ['clear', '--yes'], { list: '@default' }],
  ['clear --list', tasksClearCommand, ['clear', '--list', 'Groceries', '--yes'], { list: 'Groceries' }],
  [
    '--token-stdin: the token is read, not kept in the options',
    tasksGetCommand,
    ['get', 'T1', '--token-stdin'],
    { list: '@default', task: 'T1' },
    { input: 'tok\n', env: { OPS_TASKS_TOKEN: '' } },
  ],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected, o = {}) => {
    const { values, calls } = await parseVerb(make, args, o);
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it('relative due dates count from today', async () => {
    const { values } = await parseVerb(tasksAddCommand, ['add', 'x', '--due', '+2d']);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(values.due).toBe(`${day}T00:00:00.000Z`);
  });
});

const long = (n: number) => 'x'.repeat(n);
const bad: Array<
  [string, Make, string[], RegExp, { groups?: string[]; input?: string; env?: Record<string, string> }?]
> = [
  [
    'a title of 1,025 characters',
    tasksAddCommand,
    ['add', long(1025)],
    /title is 1025 characters long; the service takes at most 1024/,
  ],
  ['1,025 characters counted as code points', tasksAddCommand, ['add', '😀'.repeat(1025)], /1025 characters/],
  ['an empty title', tasksAddCommand, ['add', '  '], /the title is empty/],
  [
    'notes of 8,193 characters',
    tasksAddCommand,
    ['add', 'x', '--notes', long(8193)],
    /--notes is 8193 characters long/,
  ],
  [
    'a long title on stdin',
    tasksAddCommand,
    ['add', '-'],
    /title on line 2 is 1030 characters/,
    { input: `ok\n${long(1030)}\n` },
  ],
  ['no titles on stdin', tasksAddCommand, ['add', '-'], /no titles on stdin/, { input: '\n  \n' }],
  [
    'titles and the token both on stdin',
    tasksAddCommand,
    ['add', '-', '--token-stdin'],
    /cannot both read stdin/,
    { input: 'a\n' },
  ],
  ['--due nonsense', tasksAddCommand, ['add', 'x', '--due', 'soonish'], /invalid --due "soonish"/],
  [
    'a parent id of ..',
    tasksAddCommand,
    ['add', 'x', '--parent', '..'],
    /parent task id ".." would leave the intended path/,
  ],
  ['a task id of ..', tasksGetCommand, ['get', '..'], /task id ".." would leave the intended path/],
  ['a blank task id', tasksCompleteCommand, ['complete', ' '], /task id is blank/],
  ['an empty --list', tasksListCommand, ['list', '--list', ''], /--list is empty/],
  [
    '--completed-since nonsense',
    tasksListCommand,
    ['list', '--completed-since', 'last week'],
    /invalid --completed-since "last week"/,
  ],
  [
    '--until: the service filters by update time from a start only',
    tasksListCommand,
    ['list', '--until', 'now'],
    /--until is not available here: the service filters by update time from a start only \(updatedMin\)/,
  ],
  [
    '--due-until 2025-02-30',
    tasksListCommand,
    ['list', '--due-until', '2025-02-30'],
    /invalid --due-until "2025-02-30": no such date or time/,
  ],
  [
    'add --due 2025-02-30 is refused, not rolled over to 2 March',
    tasksAddCommand,
    ['add', 'x', '--due', '2025-02-30'],
    /invalid --due "2025-02-30": no such date or time/,
  ],
  ['--page-size 1e2', tasksListCommand, ['list', '--page-size', '1e2'], /^invalid --page-size "1e2"$/],
  ['--page-size 101', tasksListCommand, ['list', '--page-size', '101'], /--page-size must be at most 100/],
  [
    '--limit with --all',
    tasksListCommand,
    ['list', '--limit', '5', '--all'],
    /--limit and --all cannot be combined/,
  ],
  ['update with nothing to change', tasksUpdateCommand, ['update', 'T1'], /nothing to update/],
  [
    'update --status done',
    tasksUpdateCommand,
    ['update', 'T1', '--status', 'done'],
    /invalid --status "done"/,
  ],
  [
    'update --title too long',
    tasksUpdateCommand,
    ['update', 'T1', '--title', long(2000)],
    /--title is 2000 characters/,
  ],
  [
    'replace: no such file',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', join(dir, 'nope.json')],
    /cannot read --file .*ENOENT/,
  ],
  [
    'replace: not JSON',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', file('bad.json', '{"title":')],
    /is not valid JSON/,
  ],
  [
    'replace: an array',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', file('array.json', '[]')],
    /must hold one JSON object/,
  ],
  [
    'replace: a bad status',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', file('status.json', '{"status":"done"}')],
    /invalid "status" "done"/,
  ],
  [
    'replace: notes too long',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', '-'],
    /"notes" in --file "-" is 9000 characters/,
    { input: JSON.stringify({ notes: long(9000) }) },
  ],
  ['replace: another task', tasksReplaceCommand, ['replace', 'T2', '--file', taskFile], /is task T1, not T2/],
  [
    'replace: --file - and --token-stdin',
    tasksReplaceCommand,
    ['replace', 'T1', '--file', '-', '--token-stdin'],
    /cannot both read stdin/,
    { input: '{}' },
  ],
  [
    'lists replace without a title',
    listsReplaceCommand,
    ['replace', 'L1', '--file', file('notitle.json', '{"id":"L1"}')],
    /has no "title" string/,
    { groups: L },
  ],
  ['lists create: an empty title', listsCreateCommand, ['create', ''], /the title is empty/, { groups: L }],
  [
    'lists rename: an empty list',
    listsRenameCommand,
    ['rename', ' ', 'x'],
    /the list is empty/,
    { groups: L },
  ],
  ['move --to-list ""', tasksMoveCommand, ['move', 'T1', '--to-list', ''], /--to-list is empty/],
  [
    '--token-stdin with nothing on stdin',
    tasksGetCommand,
    ['get', 'T1', '--token-stdin'],
    /stdin is empty/,
    { input: '' },
  ],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message, o = {}) => {
    const err = await parseVerb(make, args, o).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('no token anywhere: exit 4 before the run function, naming --token-stdin', async () => {
    const err = await parseVerb(tasksListCommand, ['list'], { env: { OPS_TASKS_TOKEN: '' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).exitCode).toBe(4);
    expect((err as ConfigError).hint).toBe(
      'set OPS_TASKS_TOKEN, or run: ops config set tasks.token -   (reads the value from stdin); or pipe it to --token-stdin',
    );
  });

  it('a missing argument is commander’s usage error', async () => {
    const err = (await parseVerb(tasksGetCommand, ['get']).catch((e: unknown) => e)) as { code?: string };
    expect(err.code).toBe('commander.missingArgument');
    const file = (await parseVerb(tasksReplaceCommand, ['replace', 'T1']).catch((e: unknown) => e)) as {
      code?: string;
    };
    expect(file.code).toBe('commander.missingMandatoryOptionValue');
  });
});
