import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/clients/http/paginate.js';
import { printPages, singularOf } from '../../../src/commands/shared/list.js';
import { output } from '../../helpers/verbs.js';

/** One page of these items; more after it, and the total where given. */
async function* page<T>(items: T[], more: boolean, total?: number): AsyncGenerator<Page<T>> {
  yield { items, more, total, response: {} as Page<T>['response'] };
}

const columns = [{ header: 'name', get: (i: { name: string }) => i.name }];

async function listed(
  items: { name: string }[],
  o: { noun: string; more?: boolean; total?: number; limit?: number },
) {
  const out = output({ tty: true });
  await printPages({
    printer: out.printer,
    feedback: out.feedback,
    pages: page(items, o.more ?? false, o.total),
    columns,
    limit: o.limit ?? 30,
    noun: o.noun,
  });
  return { stdout: out.io.out(), stderr: out.io.err() };
}

describe("the list hint's words", () => {
  // It said `the first 1 points shown`.
  it('one item is said in the singular, more in the plural (counted)', async () => {
    const tail = ', and there are more; --all or --limit N for more\n';
    expect((await listed([{ name: 'a' }], { noun: 'points', more: true, limit: 1 })).stderr).toBe(
      `the first 1 point shown${tail}`,
    );
    expect(
      (await listed([{ name: 'a' }], { noun: 'instance types in fra1', more: true, limit: 1 })).stderr,
    ).toBe(`the first 1 instance type in fra1 shown${tail}`);
    expect(
      (await listed([{ name: 'a' }, { name: 'b' }], { noun: 'points', more: true, limit: 2 })).stderr,
    ).toBe(`the first 2 points shown${tail}`);
    expect((await listed([{ name: 'a' }], { noun: 'runs', total: 312, limit: 1 })).stderr).toBe(
      '1 of 312 runs shown; --all or --limit N for more\n',
    );
  });

  it('singularOf: the head word before a tail, ies as y, else without its s', () => {
    expect(
      [
        'runs',
        'repositories',
        'caches',
        'matching hosts',
        'auto scaling groups',
        'failed keyword tasks',
        'jobs in status queued or running',
      ].map(singularOf),
    ).toEqual([
      'run',
      'repository',
      'cache',
      'matching host',
      'auto scaling group',
      'failed keyword task',
      'job in status queued or running',
    ]);
  });
});
