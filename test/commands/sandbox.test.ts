import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { stubEmulators } from '../helpers/stub-emulators.js';

/** A port nothing listens on: one the system gave and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('ops sandbox env', () => {
  it('prints export lines for every service with the fixed credentials', async () => {
    const r = await runMain(['sandbox', 'env', '--port', '4321']);
    expect(r.stdout).toContain("export OPS_HOSTS_BASE_URL='http://127.0.0.1:4321/hosts'\n");
    expect(r.stdout).toContain("export OPS_HOSTS_API_KEY='sandbox-hosts-api-key'\n");
    expect(r.stdout).toContain("export OPS_SECRETS_TOKEN='sandbox-root-token'\n");
    expect(
      r.stdout.match(/^export OPS_([A-Z]+)_BASE_URL='http:\/\/127\.0\.0\.1:4321\/[a-z]+'$/gm),
    ).toHaveLength(11);
  });

  it('--tls uses https and exports the CA path; overrides come from OPS_SANDBOX_*', async () => {
    const r = await runMain(['sandbox', 'env', '--port', '4322', '--tls'], {
      env: { OPS_SANDBOX_HOSTS_API_KEY: 'mine' },
    });
    expect(r.stdout).toContain("export OPS_HOSTS_BASE_URL='https://127.0.0.1:4322/hosts'");
    expect(r.stdout).toContain("export OPS_HOSTS_API_KEY='mine'");
    expect(r.stdout).toMatch(/export OPS_CA_CERT='.*ops-sandbox-4322\/ca\.pem'/);
  });

  it('a bad port exits 2', async () => {
    expect((await runMain(['sandbox', 'env', '--port', '70000'])).code).toBe(2);
  });
});

describe('ops sandbox env says when no sandbox answers (built CLI)', () => {
  it('nothing on the port: the exports still, exit 0, and one line on stderr saying how to start one', async () => {
    const port = await freePort();
    const r = await runCli(['sandbox', 'env', '--port', String(port)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`export OPS_HOSTS_BASE_URL='http://127.0.0.1:${port}/hosts'\n`);
    expect(r.stderr).toBe(
      `ops: no sandbox answers on 127.0.0.1:${port}; start one with ops sandbox start --port ${port}\n`,
    );
    const tls = await runCli(['sandbox', 'env', '--port', String(port), '--tls']);
    expect(tls.stderr).toBe(
      `ops: no sandbox answers on 127.0.0.1:${port}; start one with ops sandbox start --port ${port} --tls\n`,
    );
    expect((await runCli(['sandbox', 'env', '--port', String(port), '-q'])).stderr).toBe('');
  });

  it('another server on the port, or one that does not answer in 300 ms, is no sandbox', async () => {
    const other = createServer((_req, res) => res.end('{"ok":true}'));
    const silent = createServer(() => undefined);
    for (const server of [other, silent]) {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as AddressInfo;
      const r = await runCli(['sandbox', 'env', '--port', String(port)]);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(
        `ops: no sandbox answers on 127.0.0.1:${port}; start one with ops sandbox start --port ${port}\n`,
      );
    }
  });

  it('a sandbox on the port: nothing on stderr', async () => {
    const sb = await useSandbox({ services: ['hosts'] });
    const port = new URL(sb.url).port;
    const r = await runCli(['sandbox', 'env', '--port', port]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('sandbox over TLS', async () => {
  const sb = await useSandbox({ tls: true, services: ['tasks'], emulators: { tasks: stubEmulators.tasks! } });
  const env = { ...sb.env };

  it('is trusted with --ca-cert (and OPS_CA_CERT)', async () => {
    const r = await runMain(['api', 'tasks', 'GET', '/item/1', '--ca-cert', sb.sandbox.caPath!], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 1, name: 'item-1' });
    expect(
      (
        await runMain(['api', 'tasks', 'GET', '/item/1'], {
          env: { ...env, OPS_CA_CERT: sb.sandbox.caPath! },
        })
      ).code,
    ).toBe(0);
  });

  it('is refused without trust, with a hint; --insecure skips verification', async () => {
    const r = await runMain(['api', 'tasks', 'GET', '/item/1', '--retries', '0'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('not trusted');
    expect(r.stderr).toContain('--ca-cert');
    expect((await runMain(['api', 'tasks', 'GET', '/item/1', '--insecure'], { env })).code).toBe(0);
  });

  it('--insecure warns on a terminal; OPS_INSECURE=no keeps verification on', async () => {
    const tty = await runMain(['api', 'tasks', 'GET', '/item/1', '--insecure', '-o', 'yaml'], {
      env,
      tty: true,
    });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('TLS certificates are not verified');
    const plain = await runMain(['api', 'tasks', 'GET', '/item/1', '--insecure'], { env });
    expect(plain.stderr).toBe('');
    const no = await runMain(['api', 'tasks', 'GET', '/item/1', '--retries', '0'], {
      env: { ...env, OPS_INSECURE: 'no' },
    });
    expect(no.code).toBe(7);
    expect(no.stderr).toContain('not trusted');
  });

  it("the CA is written in a fresh folder inside this user's private folder (0700), never through a link", async () => {
    const { lstatSync, statSync, symlinkSync, rmSync, mkdtempSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const caPath = sb.sandbox.caPath!;
    expect(statSync(dirname(caPath)).mode & 0o777).toBe(0o700);
    const root = dirname(dirname(caPath));
    expect(lstatSync(root).isSymbolicLink()).toBe(false);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    // A private folder that is a link to somewhere else is refused, not written through.
    const { writeSandboxCa } = await import('../../src/sandbox/core/tls.js');
    const base = mkdtempSync(join(tmpdir(), 'ops-tls-base-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'ops-elsewhere-'));
    symlinkSync(elsewhere, join(base, `ops-${process.getuid?.() ?? 'user'}`));
    expect(() => writeSandboxCa(4999, 'CERT', base)).toThrow(/refusing to write the sandbox's files/);
    const fresh = mkdtempSync(join(tmpdir(), 'ops-tls-base-'));
    expect(writeSandboxCa(4999, 'CERT', fresh)).toBe(
      join(fresh, `ops-${process.getuid?.() ?? 'user'}`, 'ops-sandbox-4999', 'ca.pem'),
    );
    rmSync(base, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  });

  it('a stopped sandbox leaves no CA behind: its folder goes with it', async () => {
    const { existsSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    const { startSandbox } = await import('../../src/sandbox/core/server.js');
    const { SERVICES } = await import('../../src/services.js');
    const other = await startSandbox({
      port: 0,
      env: {},
      catalog: SERVICES,
      tls: true,
      services: ['tasks'],
      emulators: { tasks: stubEmulators.tasks! },
    });
    const caPath = other.caPath!;
    expect(readFileSync(caPath, 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
    await other.close();
    expect(existsSync(dirname(caPath))).toBe(false);
  });

  it('an unreadable --ca-cert is a usage error', async () => {
    const r = await runMain(['api', 'tasks', 'GET', '/item/1', '--ca-cert', '/nonexistent.pem'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: invalid --ca-cert "/nonexistent.pem"\nhint: cannot read it (no such file); give a readable PEM file\n',
    );
  });

  describe('a CA file that is not PEM is refused, naming the file and where it was given, before any request', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'ops-ca-'));
    const der = join(dir, 'ca.der');
    writeFileSync(der, Buffer.from([0x30, 0x82, 0x01, 0x0a, 0x02, 0x82]));
    const key = join(dir, 'key.pem');
    writeFileSync(key, '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n');
    const hint =
      'hint: the file holds no PEM certificate (a -----BEGIN CERTIFICATE----- block); give the CA certificate in PEM form\n';

    it.each([
      ['--ca-cert, DER', ['--ca-cert', der], {}, `ops: invalid --ca-cert "${der}"\n${hint}`],
      ['--ca-cert, a private key', ['--ca-cert', key], {}, `ops: invalid --ca-cert "${key}"\n${hint}`],
      ['OPS_CA_CERT', [], { OPS_CA_CERT: der }, `ops: invalid OPS_CA_CERT "${der}"\n${hint}`],
    ])('%s', async (_what, args, extra, stderr) => {
      const r = await runMain(['api', 'tasks', 'GET', '/item/1', ...args], { env: { ...env, ...extra } });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(stderr);
      expect((await sb.counters()).requests).toEqual({});
    });

    it('a profile holding one names the profile; config set refuses to store one', async () => {
      const config = mkdtempSync(join(tmpdir(), 'ops-ca-config-'));
      const withConfig = { ...env, OPS_CONFIG_DIR: config };
      const set = await runMain(['config', 'set', 'ca_cert', der], { env: withConfig });
      expect(set.code).toBe(2);
      expect(set.stderr).toContain(`invalid value "${der}" for ca_cert`);
      // Stored while it was a certificate, then overwritten by something else.
      const later = join(dir, 'later.pem');
      writeFileSync(later, readFileSync(sb.sandbox.caPath!));
      expect((await runMain(['config', 'set', 'ca_cert', later], { env: withConfig })).code).toBe(0);
      writeFileSync(later, 'not a certificate');
      const r = await runMain(['api', 'tasks', 'GET', '/item/1'], { env: withConfig });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`ops: invalid profile default: ca_cert "${later}"\n${hint}`);
      expect((await sb.counters()).requests).toEqual({});
      // `ops config` itself still works, so the setting can be mended.
      expect((await runMain(['config', 'unset', 'ca_cert'], { env: withConfig })).code).toBe(0);
    });
  });
});

describe('ops sandbox start (built CLI)', () => {
  it('prints "listening on <url>" first, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs'), 'sandbox', 'start', '--port', '0'],
      {
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const first = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve(d.toString())),
    );
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n/);
    const url = first.trim().replace('listening on ', '');
    const health = (await (await fetch(`${url}/__sandbox/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('close', r))).toBe(0);
    // stderr is not a terminal here: no banner, no hints.
    expect(stderr).toBe('');
  });

  it('a port another server holds exits 2 with a hint', async () => {
    const server = createServer((_req, res) => res.end('not a sandbox'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const r = await runCli(['sandbox', 'start', '--port', String(port)]);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `ops: port ${port} is already in use\nhint: pick another with --port, or --port 0 for a free one\n`,
    });
  });

  it('a port a sandbox already serves says so, and how to use it', async () => {
    const sb = await import('../../src/sandbox/core/server.js').then((m) =>
      m.startSandbox({ port: 0, services: [] }),
    );
    const r = await runCli(['sandbox', 'start', '--port', String(sb.port)]);
    await sb.close();
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        `ops: a sandbox is already running on port ${sb.port}\n` +
        `hint: eval "$(ops sandbox env --port ${sb.port})" to use it, or pick another --port\n`,
    });
  });
});

describe('methods Node does not parse', async () => {
  const sb = await useSandbox({ services: ['secrets'] });

  it('LIST reaches the secrets emulator (ops api, the real verb)', async () => {
    const r = await runMain(['api', 'secrets', 'LIST', '/v1/secret/metadata/', '--query', 'data.keys'], {
      env: sb.env,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expect.arrayContaining(['app/']));
    expect((await sb.counters()).requests.secrets!['LIST /v1/secret/metadata/']).toBe(1);
    const empty = await runMain(['api', 'secrets', 'LIST', '/v1/secret/metadata/nothing-here/'], {
      env: sb.env,
    });
    expect(empty.code).toBe(3);
  });

  it('any other unknown method is a plain 400', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(sb.url).port);
    const answer = await new Promise<string>((resolve) => {
      const c = connect(port, '127.0.0.1', () =>
        c.write('FROB /secrets/v1/sys/health HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let data = '';
      c.on('data', (d) => (data += d.toString()));
      c.on('close', () => resolve(data));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  });
});
