import { describe, expect, it } from 'vitest';
import { inPlanning } from '../../src/clients/http/planning.js';
import { candidates, resolveByName } from '../../src/commands/shared/resolve.js';
import { UsageError } from '../../src/errors.js';

interface Item {
  id: string;
  name: string | null;
}

const spec = (given: string, items: Item[], seen: { lists: number; planned?: boolean }) => ({
  kind: 'widget',
  given,
  isId: (s: string) => /^w-\d+$/.test(s),
  list: async () => {
    seen.lists++;
    seen.planned = inPlanning();
    return (async function* () {
      yield* items;
    })();
  },
  nameOf: (i: Item) => i.name,
  idOf: (i: Item) => i.id,
  listCommand: 'ops x widget list',
});

const ITEMS: Item[] = [
  { id: 'w-1', name: 'alpha' },
  { id: 'w-2', name: 'beta' },
  { id: 'w-3', name: 'beta' },
  { id: 'w-4', name: null },
];

describe('resolveByName', () => {
  it('an id form is used as is, with no list read', async () => {
    const seen = { lists: 0 };
    expect(await resolveByName(spec('w-9', ITEMS, seen))).toBe('w-9');
    expect(seen.lists).toBe(0);
  });

  it('a unique name: one list read, made as a planning read (sent and named under --dry-run)', async () => {
    const seen: { lists: number; planned?: boolean } = { lists: 0 };
    expect(await resolveByName(spec(' alpha ', ITEMS, seen))).toBe('w-1');
    expect(seen).toEqual({ lists: 1, planned: true });
  });

  it('an unknown name: exit 2, the hint names the candidates once each', async () => {
    const err = await resolveByName(spec('gamma', ITEMS, { lists: 0 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).exitCode).toBe(2);
    expect((err as UsageError).message).toBe('no widget is named "gamma"');
    expect((err as UsageError).hint).toBe(
      'give an id or one of the names: alpha, beta (`ops x widget list` lists them)',
    );
  });

  it('an ambiguous name: exit 2 naming the ids of the matches', async () => {
    const err = (await resolveByName(spec('beta', ITEMS, { lists: 0 })).catch(
      (e: unknown) => e,
    )) as UsageError;
    expect([err.message, err.hint]).toEqual([
      '2 widgets are named "beta"',
      'give the id of one: w-2, w-3 (`ops x widget list` lists them)',
    ]);
  });

  it('at most ten candidates, then how many more', () => {
    const names = Array.from({ length: 14 }, (_, i) => `n${i}`);
    expect(candidates(names)).toBe('n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, …and 4 more');
    expect(candidates([])).toBe('none');
  });
});
