import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll } from 'vitest';
import { SERVICES } from '../../src/services.js';

/** Where the vendor spec subsets live: ../shared/specs beside the checkout. Never copied into the project. */
export const SPECS_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'specs');

export interface Violation {
  method: string;
  path: string;
  status: number;
  location: string[];
  severity: string;
  code: string;
  message: string;
}

export type Conformance =
  | { skipped: true; reason: string }
  | {
      skipped: false;
      /** Point the CLI's OPS_<SERVICE>_BASE_URL here. */
      baseUrl: string;
      /** Violations of the spec (request and response) seen so far, errors only unless `all`. */
      violations(all?: boolean): Violation[];
      /** Requests that passed through, for asserting that the check saw traffic. */
      seen(): number;
      clear(): void;
    };

/** Each service's description file in ../shared/specs, as the service table names it (breach has none). */
function specPath(service: string): string {
  const entry = SERVICES.find((s) => s.name === service);
  if (!entry) throw new Error(`conformance: no service "${service}" in src/services.ts`);
  return join(SPECS_DIR, entry.spec ?? `(no published description of ${service})`);
}

/**
 * Puts Prism (proxy mode, validating) between the CLI and the emulator: CLI → recorder → Prism →
 * sandbox. Prism checks every request the CLI sends and every response the emulator gives against the
 * service's spec and reports breaches in `sl-violations`; the recorder collects them. When the spec
 * folder is absent the harness says so and reports `skipped`.
 */
export async function useConformance(service: string, upstream: string): Promise<Conformance> {
  const spec = specPath(service);
  if (!existsSync(spec)) {
    const reason = `conformance for ${service} skipped: no spec at ${spec}`;
    console.warn(reason);
    return { skipped: true, reason };
  }
  const prismPort = await freePort();
  const prismMain = join(
    import.meta.dirname,
    '..',
    '..',
    'node_modules',
    '@stoplight',
    'prism-cli',
    'dist',
    'index.js',
  );
  const prism: ChildProcess = spawn(
    process.execPath,
    [prismMain, 'proxy', spec, upstream, '-h', '127.0.0.1', '-p', String(prismPort)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let prismLog = '';
  prism.stdout?.on('data', (d: Buffer) => (prismLog += d.toString()));
  prism.stderr?.on('data', (d: Buffer) => (prismLog += d.toString()));
  await waitForPort(prismPort, () => prismLog);

  const violations: Violation[] = [];
  let seen = 0;
  const recorder: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const headers = { ...req.headers };
        delete headers.host;
        const up = await request(`http://127.0.0.1:${prismPort}${req.url}`, {
          method: req.method as 'GET',
          headers: headers as Record<string, string>,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        seen++;
        const raw = up.headers['sl-violations'];
        if (raw) {
          for (const v of JSON.parse(String(raw)) as Array<Omit<Violation, 'method' | 'path' | 'status'>>) {
            violations.push({ method: req.method ?? '', path: req.url ?? '', status: up.statusCode, ...v });
          }
        }
        const body = Buffer.from(await up.body.arrayBuffer());
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(up.headers)) {
          if (
            v === undefined ||
            k === 'sl-violations' ||
            k === 'transfer-encoding' ||
            k === 'connection' ||
            k === 'keep-alive'
          )
            continue;
          out[k] = Array.isArray(v) ? v.join(', ') : v;
        }
        out['content-length'] = String(body.length);
        res.writeHead(up.statusCode, out);
        res.end(body);
      } catch (err) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [`conformance proxy: ${(err as Error).message}`] }));
      }
    });
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', () => r()));
  afterAll(async () => {
    prism.kill();
    await new Promise<void>((r) => recorder.close(() => r()));
  });
  return {
    skipped: false,
    baseUrl: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    violations: (all = false) => violations.filter((v) => all || v.severity === 'Error'),
    seen: () => seen,
    clear: () => {
      violations.length = 0;
      seen = 0;
    },
  };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function waitForPort(port: number, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await request(`http://127.0.0.1:${port}/`, { method: 'GET' });
      await res.body.dump();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`prism did not start on port ${port}: ${log().slice(-500)}`);
}
