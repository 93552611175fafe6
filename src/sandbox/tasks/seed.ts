import {
  type AssignmentInfo,
  type ListRec,
  POSITION_STEP,
  type TaskRec,
  type UserRec,
  dateOnly,
  makeId,
} from './store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface SeedTask {
  title: string;
  notes?: string;
  /** Days from the sandbox's start. */
  dueInDays?: number;
  /** Completed this many hours before the start. */
  completedHoursAgo?: number;
  hidden?: boolean;
  deleted?: boolean;
  assignment?: AssignmentInfo;
  subtasks?: SeedTask[];
}

interface SeedList {
  title: string;
  tasks: SeedTask[];
}

/**
 * The sandbox user's data. The first list is the default one (`@default`). Completed, hidden (cleared),
 * deleted and assigned tasks are there so that every `show*` filter has something to show.
 */
const SANDBOX_LISTS: SeedList[] = [
  {
    title: 'My Tasks',
    tasks: [
      { title: 'Renew passport', notes: 'Photos are in the top drawer', dueInDays: 14 },
      { title: 'Book dentist appointment', dueInDays: 3 },
      {
        title: 'Plan team offsite',
        notes: 'Budget approved for 12 people',
        dueInDays: 30,
        subtasks: [
          { title: 'Pick a venue', dueInDays: 10 },
          { title: 'Send invitations', completedHoursAgo: 20 },
          { title: 'Draft the agenda' },
        ],
      },
      { title: 'Pay electricity bill', completedHoursAgo: 50 },
      { title: 'Return library books', completedHoursAgo: 24 * 9, hidden: true },
      { title: 'Call the plumber', deleted: true },
      {
        title: 'Review the design doc',
        notes: 'Assigned from a document',
        dueInDays: 2,
        assignment: {
          linkToTask: 'https://docs.example.com/document/d/1sandboxdesigndoc/edit',
          surfaceType: 'DOCUMENT',
          driveResourceInfo: { driveFileId: '1sandboxdesigndoc', resourceKey: '0-sandboxkey' },
        },
      },
    ],
  },
  {
    title: 'Groceries',
    tasks: [
      { title: 'Milk' },
      { title: 'Eggs', notes: 'A dozen, free range' },
      { title: 'Coffee beans', completedHoursAgo: 2 },
    ],
  },
  {
    title: 'Work',
    tasks: [
      { title: 'Quarterly report', dueInDays: 7, notes: 'Numbers from finance by Friday' },
      {
        title: 'Code review backlog',
        subtasks: [{ title: 'Review the retry change' }, { title: 'Review the pager fix' }],
      },
    ],
  },
  { title: 'Reading list', tasks: [] },
];

/** A second user, whose token sees only this. */
const OTHER_LISTS: SeedList[] = [{ title: 'My Tasks', tasks: [{ title: 'Water the plants' }] }];

export const SEED_USERS: Array<{ name: string; lists: SeedList[] }> = [
  { name: 'sandbox', lists: SANDBOX_LISTS },
  { name: 'other', lists: OTHER_LISTS },
];

/** Builds a user's lists as they are at `t0` (epoch ms); `next` hands out ids. */
export function seedUser(index: number, lists: SeedList[], t0: number, next: () => number): UserRec {
  const user: UserRec = { name: SEED_USERS[index]?.name ?? `user${index}`, lists: [] };
  lists.forEach((seed, li) => {
    const list: ListRec = {
      id: makeId('list', index, next()),
      title: seed.title,
      updated: t0 - (li + 1) * DAY,
      version: 1,
      tasks: new Map(),
    };
    let age = 0;
    const add = (tasks: SeedTask[], parent: string | undefined) => {
      tasks.forEach((s, i) => {
        age++;
        const completed = s.completedHoursAgo === undefined ? undefined : t0 - s.completedHoursAgo * HOUR;
        const task: TaskRec = {
          id: makeId('task', index, next()),
          title: s.title,
          notes: s.notes,
          status: completed === undefined ? 'needsAction' : 'completed',
          due: s.dueInDays === undefined ? undefined : dateOnly(t0 + s.dueInDays * DAY),
          completed,
          deleted: s.deleted ?? false,
          hidden: s.hidden ?? false,
          parent,
          pos: (i + 1) * POSITION_STEP,
          updated: completed ?? t0 - (li * 10 + age) * HOUR,
          version: 1,
          assignment: s.assignment,
        };
        list.tasks.set(task.id, task);
        if (s.subtasks) add(s.subtasks, task.id);
      });
    };
    add(seed.tasks, undefined);
    user.lists.push(list);
  });
  return user;
}

/** A documented token of the sandbox user that may only read (the tasks.readonly scope). */
export const READONLY_TOKEN = 'sandbox-tasks-readonly-token';
/** A documented token of a second user, who sees only their own lists. */
export const OTHER_USER_TOKEN = 'sandbox-tasks-other-token';
