import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { displayWidth } from '../../src/output/text.js';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { screen, terminalIo } from '../helpers/terminal.js';

/**
 * Real commands of several services, run in this process on a fake terminal of a fixed width (one
 * transcript for stdout and stderr, both terminals), against the sandbox.
 */
const sb = await useSandbox({ services: ['hosts', 'tasks', 'breach', 'runs', 'pipelines', 'db', 'cloud'] });

async function onTerminal(args: string[], columns: number) {
  const io = terminalIo({ columns, env: { ...sb.env, OPS_CONFIG_DIR: tempConfigDir() } });
  const code = await main(['node', 'ops', ...args], io);
  return { code, out: io.out(), screen: screen(io.transcript(), columns) };
}

/** The items as JSON, to find each id and number whole in the table. */
async function items(args: string[]): Promise<Array<Record<string, unknown>>> {
  const r = await runMain([...args, '--json'], { env: sb.env });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const whole = (line: string, value: unknown) =>
  new RegExp(`(^|\\s)${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(line);

describe('list tables fit the terminal, ids and numbers whole', () => {
  // [command, the fields never cut, whether it fits 80 columns, and 60]
  const cases: Array<[string[], string[], boolean, boolean]> = [
    [['hosts', 'list', '--limit', '5'], ['id', 'name'], true, true],
    [['tasks', 'list'], ['id'], true, true],
    [['breach', 'list'], ['Name', 'PwnCount', 'BreachDate'], true, false],
    [['pipelines', 'context', 'list'], ['id'], true, true],
    [['db', 'role-definition', 'list'], ['name'], true, false],
    // Their lowest-priority columns (event and attempt; image, contract, type, region) go first.
    [['runs', 'list', '--limit', '5'], ['id'], true, true],
    [['cloud', 'instance', 'list'], ['id'], true, false],
  ];
  for (const [args, fields, fits80, fits60] of cases) {
    for (const [columns, fits] of [
      [80, fits80],
      [60, fits60],
    ] as const) {
      it(`${args.join(' ')} at ${columns} columns: ${fits ? 'fits' : 'wider, as narrow as it can be without cutting an id'}`, async () => {
        const list = await items(args);
        const r = await onTerminal(args, columns);
        expect(r.code).toBe(0);
        const lines = r.out.trimEnd().split('\n');
        expect(lines).toHaveLength(list.length + 1);
        list.forEach((item, i) => {
          for (const f of fields)
            expect(whole(lines[i + 1]!, item[f]), `${f} ${item[f]} in ${lines[i + 1]}`).toBe(true);
        });
        const widest = Math.max(...lines.map((l) => displayWidth(l)));
        if (fits) expect(widest).toBeLessThanOrEqual(columns);
        else expect(widest).toBeGreaterThan(columns);
      });
    }
  }

  it('hosts list: the lowest-priority columns are dropped before any text is cut', async () => {
    const r = await onTerminal(['hosts', 'list', '--limit', '5', '--no-color'], 80);
    const [header, first] = r.out.split('\n');
    expect(header).toMatch(/^NAME +ID +UP +MUTED +APPS +CPU +LOAD +LAST REPORTED$/);
    expect(first).toMatch(/^api-001 +3000000000 +UP +no +agent, .*… +38\.1 +1\.59 +\d+ \w+ ago$/);
    const wide = await onTerminal(['hosts', 'list', '--limit', '5', '--no-color'], 120);
    expect(wide.out.split('\n')[0]).toMatch(
      /^NAME +ID +UP +MUTED +APPS +SOURCES +CPU +IOWAIT +LOAD +LAST REPORTED$/,
    );
  });
});

describe('a progress line on the terminal ends before the data that follows', () => {
  const accounts = () => {
    const file = join(tempConfigDir(), 'accounts.txt');
    writeFileSync(file, 'alice@example.com\nbob@example.com\njane@example.com\ntest@example.com\n');
    return file;
  };

  it('breach account --file: the progress bar is gone when the table starts, the summary after it', async () => {
    const r = await onTerminal(['breach', 'account', '--file', accounts(), '--no-color'], 80);
    expect(r.code).toBe(0);
    expect(r.screen[0]).toBe('searching 4 accounts at 1000 per minute');
    expect(r.screen[1]).toMatch(/^ACCOUNT +COUNT +BREACHES$/);
    expect(r.screen.slice(2, 6).map((l) => l.split(' ')[0])).toEqual([
      'alice@example.com',
      'bob@example.com',
      'jane@example.com',
      'test@example.com',
    ]);
    expect(r.screen.slice(6)).toEqual(['4/4 accounts searched at 1000 per minute, 2 found']);
  });

  it('breach account --file -o csv: rows streamed between redraws each start a clean line', async () => {
    const r = await onTerminal(['breach', 'account', '--file', accounts(), '-o', 'csv'], 80);
    expect(r.screen).toEqual([
      'searching 4 accounts at 1000 per minute',
      'account,count,breaches',
      'alice@example.com,0,',
      'bob@example.com,0,',
      expect.stringMatching(/^jane@example\.com,\d,"/),
      expect.stringMatching(/^test@example\.com,\d,"/),
      '4/4 accounts searched at 1000 per minute, 2 found',
    ]);
  });

  it('--wait: the spinner is redrawn in place and gone before the resource is printed', async () => {
    const id = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b07';
    const running = onTerminal(
      ['cloud', 'instance', 'start', id, '--wait', '--interval', '0.1', '--no-color'],
      60,
    );
    await new Promise((r) => setTimeout(r, 400));
    await sb.advance(120);
    const r = await running;
    expect(r.code).toBe(0);
    expect(r.screen[0]).toBe(`id                  ${id}`);
    expect(r.screen.join('\n')).not.toMatch(/waiting|STARTING/);
    expect(r.screen).toContain('state               RUNNING');
  });
});
