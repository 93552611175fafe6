import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every lazily loaded package, loaded through the built bundle (dist/), where esbuild's chunks and
 * CommonJS interop differ from the source the other tests import: a named export that the bundle
 * lacks fails only here.
 */
const sb = await useSandbox({ services: ['hosts', 'meter'] });
const cli = (args: string[], o: { env?: Record<string, string>; input?: string } = {}) =>
  runCli(args, { env: { ...sb.env, ...o.env }, ...(o.input === undefined ? {} : { input: o.input }) });

describe('lazily loaded packages through the bundle', () => {
  it('undici and yaml: a request printed as YAML (flag and env)', async () => {
    const flag = await cli(['hosts', 'totals', '-o', 'yaml']);
    expect(flag.stderr).toBe('');
    expect(flag.code).toBe(0);
    expect(flag.stdout).toMatch(/^total_active: \d+\ntotal_up: \d+\n$/);
    const env = await cli(['hosts', 'totals'], { env: { OPS_OUTPUT: 'yaml' } });
    expect(env.stdout).toBe(flag.stdout);
  });

  it('JMESPath: --query', async () => {
    const r = await cli(['hosts', 'list', '--limit', '2', '--query', '[].name', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['api-001', 'api-002']);
  });

  it('cli-table3 and CSV output', async () => {
    const table = await cli(['hosts', 'list', '--limit', '2']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+ID\s+UP/);
    const csv = await cli(['hosts', 'list', '--limit', '2', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toMatch(/^name,id,up,/);
  });

  it('csv-parse: meter events from a CSV file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-bundle-'));
    const file = join(dir, 'events.csv');
    writeFileSync(file, 'event_name,customer,value\napi_requests,cus_3,7\n');
    const r = await cli(['meter', 'send', file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 1 });
  });

  it('conf: a setting stored and read back', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    expect((await cli(['config', 'set', 'timeout', '12'], { env })).code).toBe(0);
    const r = await cli(['config', 'get', 'timeout'], { env });
    expect(r.stdout).toBe('12\n');
  });

  it('--debug stack traces keep the names of the source (the bundle keeps names)', async () => {
    const r = await runCli(['hosts', 'totals', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ConfigError: hosts: no service address is set\n\s+at baseUrlOf /m);
  });

  it('selfsigned: the sandbox serves HTTPS', async () => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '../../bin/ops.js'), 'sandbox', 'start', '--tls', '--port', '0'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const first = await new Promise<string>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('close', () => resolve(out));
    });
    child.kill('SIGTERM');
    expect(err).not.toMatch(/unexpected error/);
    expect(first).toMatch(/^listening on https:\/\/127\.0\.0\.1:\d+$/);
  });
});
