import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { namedExports } from '../lazy.js';

export interface SandboxTls {
  key: string;
  cert: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made at start. */
export async function makeSandboxTls(): Promise<SandboxTls> {
  const { generate } = namedExports(await import('selfsigned'));
  const pems = await generate([{ name: 'commonName', value: 'ops sandbox' }], {
    keySize: 2048,
    days: 30,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  return { key: pems.private, cert: pems.cert };
}

/** Where `sandbox start --tls` writes its certificate, so `sandbox env --tls` can name it. */
export function sandboxCaPath(port: number): string {
  return join(tmpdir(), `ops-sandbox-${port}`, 'ca.pem');
}

export function writeSandboxCa(port: number, cert: string): string {
  const path = sandboxCaPath(port);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, cert, { mode: 0o644 });
  return path;
}
