import type { Kit } from '../core/anatomy.js';
import type { Clock } from '../core/framework.js';
import { fail, invalid, notFound } from './errors.js';
import { SEED_USERS, seedUser } from './seed.js';
import { type ListRec, type TaskRec, type UserRec, makeId } from './store.js';

/** Per-user limits of the service (reference §B.5). */
export const LIMITS = { lists: 2000, openTasksPerList: 20_000, tasks: 100_000, subtasks: 2000 };

/** The alias of the default task list. */
export const DEFAULT_ALIAS = '@default';

/** Every user's lists and tasks, with the lookups the routes share. */
export class TasksState {
  users = new Map<string, UserRec>();
  private counter = 0;

  constructor(private readonly clock: Clock) {
    this.reset();
  }

  reset(): void {
    this.counter = 0;
    const t0 = this.clock.now();
    this.users = new Map(
      SEED_USERS.map((u, i) => [u.name, seedUser(i, u.lists, t0, () => ++this.counter)] as const),
    );
  }

  now(): number {
    return this.clock.now();
  }

  newId(kind: 'list' | 'task', user: UserRec): string {
    return makeId(kind, [...this.users.keys()].indexOf(user.name), ++this.counter);
  }

  user(name: string): UserRec {
    const u = this.users.get(name);
    if (!u) throw notFound();
    return u;
  }

  /** A list by id or `@default`; another user's list is not found. */
  list(user: UserRec, ref: string): ListRec {
    const list = ref === DEFAULT_ALIAS ? user.lists[0] : user.lists.find((l) => l.id === ref);
    if (!list) throw notFound();
    return list;
  }

  task(list: ListRec, id: string): TaskRec {
    const t = list.tasks.get(id);
    if (!t) throw notFound();
    return t;
  }

  /** A task named as `parent` or `previous` of an insert or move: it must exist and not be hidden. */
  anchor(list: ListRec, id: string, role: 'parent' | 'previous'): TaskRec {
    const t = list.tasks.get(id);
    if (!t || t.deleted) throw invalid(`Invalid value for ${role}: no task "${id}" in this task list`);
    if (t.hidden) throw invalid(`Invalid value for ${role}: task "${id}" is hidden`);
    return t;
  }

  taskCount(user: UserRec): number {
    return user.lists.reduce((n, l) => n + l.tasks.size, 0);
  }

  /**
   * Room by the service's limits for `added` new tasks of the user, `intoList` more tasks in `list`
   * and one more subtask under `parent` (when given).
   */
  checkRoom(
    user: UserRec,
    list: ListRec,
    parent: string | undefined,
    o: { added: number; intoList: number },
  ): void {
    const limit = (what: string) => fail(400, 'limitExceeded', `Limit exceeded: ${what}`);
    if (this.taskCount(user) + o.added > LIMITS.tasks)
      throw limit(`a user can have at most ${LIMITS.tasks} tasks`);
    const open = [...list.tasks.values()].filter((t) => !t.hidden && !t.deleted).length;
    if (o.intoList > 0 && open + o.intoList > LIMITS.openTasksPerList)
      throw limit(`a task list can have at most ${LIMITS.openTasksPerList} tasks that are not hidden`);
    if (parent !== undefined) {
      const subs = [...list.tasks.values()].filter((t) => t.parent === parent).length;
      if (subs + 1 > LIMITS.subtasks) throw limit(`a task can have at most ${LIMITS.subtasks} subtasks`);
    }
  }
}

export type TasksKit = Kit<TasksState>;

/** The seed's users, their lists and tasks, on the sandbox clock. */
export function makeTasksState(k: Omit<TasksKit, 'state'>): TasksState {
  return new TasksState(k.clock);
}
