import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/clients/http/paginate.js';
import { printPages, singularOf } from '../../../src/commands/shared/list.js';
import { Feedback } from '../../../src/output/feedback.js';
import { makeStyle } from '../../../src/output/color.js';
import { Printer } from '../../../src/output/printer.js';
import { memoryIo } from '../../helpers/io.js';
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

describe('an empty list at a terminal says so on stderr, as gh does (`no runs found`)', () => {
  // It printed nothing at all, so that a person could not tell an empty answer from a stuck command.
  async function empty(o: {
    tty: boolean;
    feedback?: boolean;
    noun?: string;
    format?: 'table' | 'json' | 'csv';
    field?: string;
  }) {
    const io = memoryIo({ tty: o.tty });
    const printer = new Printer({ io, format: o.format ?? 'table', color: false, field: o.field });
    const feedback = new Feedback(io, o.feedback ?? o.tty, makeStyle(false));
    const count = await printPages({
      printer,
      feedback,
      pages: page([], false),
      columns,
      limit: 30,
      noun: o.noun ?? 'runs',
    });
    return { count, stdout: io.out(), stderr: io.err() };
  }

  it('a table at a terminal: `no <items> found` on stderr, nothing on stdout', async () => {
    expect(await empty({ tty: true })).toEqual({ count: 0, stdout: '', stderr: 'no runs found\n' });
    expect((await empty({ tty: true, noun: 'instance types in fra1' })).stderr).toBe(
      'no instance types found in fra1\n',
    );
    expect((await empty({ tty: true, noun: 'matching hosts' })).stderr).toBe('no matching hosts found\n');
  });

  it('never off a terminal, with feedback off (CI, -q), in another format, or with --field', async () => {
    expect(await empty({ tty: false })).toEqual({ count: 0, stdout: '', stderr: '' });
    expect((await empty({ tty: true, feedback: false })).stderr).toBe('');
    expect(await empty({ tty: true, format: 'json' })).toEqual({ count: 0, stdout: '[]\n', stderr: '' });
    expect(await empty({ tty: true, format: 'csv' })).toEqual({ count: 0, stdout: 'name\n', stderr: '' });
    expect((await empty({ tty: true, field: 'name' })).stderr).toBe('');
  });

  it('a list with items says nothing of the kind', async () => {
    expect((await listed([{ name: 'a' }], { noun: 'runs' })).stderr).toBe('');
  });
});
