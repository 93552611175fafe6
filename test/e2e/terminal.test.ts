import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text.js';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { screen } from '../helpers/terminal.js';

/**
 * The built CLI on a real terminal of a fixed width (util-linux `script` gives it a pseudo-terminal,
 * `stty` sets its size), read back as the screen a person would see.
 */
const sb = await useSandbox({ services: ['hosts', 'breach', 'cloud', 'secrets'] });
const script = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim();
const bin = join(import.meta.dirname, '../../bin/ops.cjs');

function onTerminal(args: string, columns: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      script,
      ['-qec', `stty cols ${columns} rows 50; exec ${process.execPath} ${bin} ${args}`, '/dev/null'],
      {
        env: {
          ...sb.env,
          PATH: process.env.PATH ?? '',
          HOME: tmpdir(),
          OPS_CONFIG_DIR: tempConfigDir(),
          // A terminal run would otherwise check for a release in the background.
          OPS_NO_UPDATE_NOTIFIER: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(screen(out, columns)));
  });
}

describe.skipIf(!script)('on a terminal (needs util-linux script)', () => {
  it('hosts list fits 80 columns, its lowest-priority columns dropped, with every host id whole', async () => {
    const lines = await onTerminal('hosts list --limit 5 --no-color', 80);
    expect(lines[0]).toMatch(/^NAME +ID +UP +MUTED +APPS +CPU +LOAD +LAST REPORTED$/);
    expect(lines.slice(1, 6).map((l) => l.split(/ +/)[1])).toEqual([
      '3000000000',
      '3000000001',
      '3000000002',
      '3000000003',
      '3000000004',
    ]);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    expect(lines[6]).toBe('5 of 115 matching hosts shown; --all or --limit N for more');
  });

  it('breach account --file: the progress bar is gone when the table starts', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ops-terminal-')), 'accounts.txt');
    writeFileSync(file, 'alice@example.com\nbob@example.com\njane@example.com\ntest@example.com\n');
    const lines = await onTerminal(`breach account --file ${file} --no-color`, 60);
    expect(lines[0]).toBe('searching 4 accounts at 1000 per minute');
    expect(lines[1]).toMatch(/^ACCOUNT +COUNT +BREACHES$/);
    expect(lines.at(-1)).toBe('4/4 accounts searched at 1000 per minute, 2 found');
    expect(lines).toHaveLength(7);
  });

  it('a server warning is one line, its escape and newline shown as error lines show them', async () => {
    await sb.fault({
      service: 'secrets',
      kind: 'status',
      status: 200,
      body: { request_id: 'r', data: { a: 1 }, warnings: ['careful\u001b[31m red\nnext'], auth: null },
    });
    const lines = await onTerminal('secrets read secret/data/app/db --no-color', 60);
    expect(lines[0]).toBe('! careful\\e[31m red\\nnext');
    expect(lines[1]).toMatch(/^KEY +VALUE$/);
  });

  it('a right-to-left override in a name is shown escaped, the line left in its order', async () => {
    await sb.fault({
      service: 'hosts',
      kind: 'status',
      status: 200,
      body: {
        host_list: [{ name: 'web-\u202e10-bew', id: 7, up: true }],
        total_returned: 1,
        total_matching: 1,
      },
    });
    const lines = await onTerminal('hosts list --limit 1 --no-color', 80);
    expect(lines[1]).toMatch(/^web-\\u202e10-bew +7 +UP +no$/);
  });

  it('--wait: the spinner is gone before the resource is printed', async () => {
    const id = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b07';
    const running = onTerminal(`cloud instance start ${id} --wait --interval 0.2 --no-color`, 60);
    await new Promise((r) => setTimeout(r, 1500));
    await sb.advance(120);
    const lines = await running;
    expect(lines[0]).toBe(`id                  ${id}`);
    expect(lines).toContain('state               RUNNING');
    expect(lines.join('\n')).not.toMatch(/waiting|STARTING/);
  });
});
