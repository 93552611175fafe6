import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpoint, LineRanges } from '../../src/commands/meter/send/checkpoint.js';
import { UsageError } from '../../src/errors.js';

const dir = () => mkdtempSync(join(tmpdir(), 'ops-meter-ckpt-'));

describe('LineRanges', () => {
  it('merges ranges that touch, in any order', () => {
    const r = new LineRanges();
    r.add(201, 300);
    r.add(1, 100);
    r.add(401, 500);
    expect(r.ranges).toEqual([
      [1, 100],
      [201, 300],
      [401, 500],
    ]);
    r.add(101, 200);
    expect(r.ranges).toEqual([
      [1, 300],
      [401, 500],
    ]);
    r.add(250, 450);
    expect(r.ranges).toEqual([[1, 500]]);
    expect(r.count()).toBe(500);
  });

  it('answers membership for increasing lines from a snapshot', () => {
    const r = new LineRanges([
      [1, 3],
      [7, 7],
    ]);
    const has = r.cursor();
    r.add(4, 6);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(has)).toEqual([true, true, true, false, false, false, true, false]);
  });

  it('describes the ranges shortly', () => {
    expect(new LineRanges().describe()).toBe('none');
    expect(
      new LineRanges([
        [1, 5],
        [7, 7],
      ]).describe(),
    ).toBe('1-5, 7');
    const many = new LineRanges(
      Array.from({ length: 8 }, (_, i) => [i * 10, i * 10 + 1] as [number, number]),
    );
    expect(many.describe(2)).toBe('0-1, 10-11 and 6 more ranges');
  });
});

describe('Checkpoint', () => {
  it('starts empty when the file does not exist, and writes what was confirmed', async () => {
    const path = join(dir(), 'c.json');
    const c = await Checkpoint.load(path, 'in.ndjson');
    expect(c.confirmed.ranges).toEqual([]);
    c.checkFirstLine('{"a":1}');
    c.confirmed.add(1, 100);
    c.eventsConfirmed = 100;
    await c.flush();
    const data = JSON.parse(readFileSync(path, 'utf8'));
    expect(data).toMatchObject({
      version: 1,
      input: 'in.ndjson',
      confirmed: [[1, 100]],
      events_confirmed: 100,
    });
    expect(data.first_line_sha1).toMatch(/^[0-9a-f]{40}$/);

    const again = await Checkpoint.load(path, 'in.ndjson');
    expect(again.confirmed.ranges).toEqual([[1, 100]]);
    expect(again.eventsConfirmed).toBe(100);
    expect(() => again.checkFirstLine('{"a":1}')).not.toThrow();
    expect(() => again.checkFirstLine('{"b":2}')).toThrow(/written for another input/);
  });

  it('refuses a file that is not a checkpoint', async () => {
    const path = join(dir(), 'c.json');
    writeFileSync(path, '{"hello":1}');
    await expect(Checkpoint.load(path, 'x')).rejects.toThrow(UsageError);
    writeFileSync(path, 'not json');
    await expect(Checkpoint.load(path, 'x')).rejects.toThrow(/is not a checkpoint/);
  });

  it('reports a write that fails', async () => {
    const c = await Checkpoint.load(join(dir(), 'missing-dir', 'c.json'), 'x');
    await expect(c.flush()).rejects.toThrow(/cannot write checkpoint/);
  });
});
