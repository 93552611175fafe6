import type { Page } from '../../clients/http/paginate.js';
import type { RawJson } from '../../clients/http/raw-json.js';
import { materialize } from '../../clients/http/raw-json.js';
import type { TaskWire } from '../../clients/tasks/types.js';

/**
 * Tasks as a tree: each parent followed by its subtasks, siblings by `position` (text order is the
 * service's order). A subtask whose parent is not among the tasks (hidden, or past the limit) stays
 * at the top level. Returns the tasks in that order with their depth.
 */
export function treeOrder(tasks: TaskWire[]): { tasks: TaskWire[]; depth: Map<TaskWire, number> } {
  const ids = new Set(tasks.map((t) => t.id));
  const children = new Map<string | undefined, TaskWire[]>();
  for (const t of tasks) {
    const key = t.parent !== undefined && ids.has(t.parent) ? t.parent : undefined;
    children.set(key, [...(children.get(key) ?? []), t]);
  }
  const out: TaskWire[] = [];
  const depth = new Map<TaskWire, number>();
  const seen = new Set<string | undefined>();
  const walk = (parent: string | undefined, level: number) => {
    if (seen.has(parent)) return;
    seen.add(parent);
    const group = (children.get(parent) ?? []).sort((a, b) =>
      (a.position ?? '') < (b.position ?? '') ? -1 : (a.position ?? '') > (b.position ?? '') ? 1 : 0,
    );
    for (const t of group) {
      out.push(t);
      depth.set(t, level);
      walk(t.id, level + 1);
    }
  };
  walk(undefined, 0);
  return { tasks: out, depth };
}

/**
 * The pages gathered into one page in tree order, for a table on a terminal (a table is printed
 * whole in any case). `more` and `total` of the last page are kept for the "N of M shown" hint.
 */
export async function* asTree(
  pages: AsyncIterable<Page<TaskWire | RawJson>>,
  depth: Map<TaskWire, number>,
): AsyncGenerator<Page<TaskWire>> {
  const all: TaskWire[] = [];
  let last: Page<TaskWire | RawJson> | undefined;
  for await (const page of pages) {
    all.push(...page.items.map((t) => materialize(t)));
    last = page;
  }
  if (!last) return;
  const tree = treeOrder(all);
  for (const [t, d] of tree.depth) depth.set(t, d);
  yield { ...last, items: tree.tasks };
}
