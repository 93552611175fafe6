import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A folder of a release's files served on loopback, as a mirror; `requests` holds each path asked for. */
export async function serveFolder(
  folder: string,
): Promise<{ base: string; requests: string[]; close: () => void }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = join(folder, decodeURIComponent(req.url ?? '/'));
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, close: () => server.close() };
}

/** Runs a script asynchronously (the server answering it is in this process), with `env` alone. */
export function runScript(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
