import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// The update notice end to end: the built CLI on a real terminal (`script`), a local server serving a
// release's version.json, the state in a cache folder of the test's own. The version running is the
// package's (the bundle is built from package.json).
const current = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const NEWER = '9.9.9';
const PAGE = `https://example.invalid/releases/tag/v${NEWER}`;
const LINE = `A new release of ops is available: ${current} → ${NEWER}; to upgrade: npm install -g ops-cli; ${PAGE}`;

let server: Server;
let base = '';
const requests: string[] = [];
/** Connections to the silent address that were closed (by the check giving up). */
let silentClosed = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    // Accepts and never answers: the background check must give up on it alone.
    if (req.url === '/silent/version.json') return void req.socket.on('close', () => silentClosed++);
    if (req.url === '/version.json')
      return void res
        .setHeader('content-type', 'application/json')
        .end(JSON.stringify({ version: NEWER, date: '2026-12-01', url: PAGE }));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A home of its own: HOME, the cache folder (XDG_CACHE_HOME) and the config folder. */
function home(url = `${base}/version.json`) {
  const dir = mkdtempSync(join(tmpdir(), 'ops-update-'));
  const cache = join(dir, 'cache');
  return {
    state: join(cache, 'ops', 'update.json'),
    env: {
      HOME: dir,
      XDG_CACHE_HOME: cache,
      OPS_CONFIG_DIR: tempConfigDir(),
      OPS_UPDATE_URL: url,
      OPS_NO_UPDATE_NOTIFIER: '',
    },
  };
}

const readState = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { checkedAt: string; latest?: { version: string } };

/** Waits for what a process in the background does (the check ends when the server has answered). */
async function eventually(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

/** A record of a check a day and a minute ago that found the newer release. */
function staleState(file: string): string {
  mkdirSync(join(file, '..'), { recursive: true });
  const text = JSON.stringify({
    checkedAt: new Date(Date.now() - 86_460_000).toISOString(),
    latest: { version: NEWER, date: '2026-12-01', url: PAGE },
  });
  writeFileSync(file, text);
  return text;
}

describe.skipIf(!SCRIPT)('the update notice (needs util-linux script)', () => {
  it('a first run on a terminal checks in the background; a later run prints one line', async () => {
    const h = home();
    const before = requests.length;
    const first = onTerminal(['config', 'path'], h.env);
    expect(await first.exit).toBe(0);
    expect(first.screen()).not.toContain('A new release');
    await eventually(
      () => existsSync(h.state) && readState(h.state).latest?.version === NEWER,
      'the check recorded the release',
    );
    expect(requests.slice(before)).toEqual(['/version.json']);
    expect(statSync(h.state).mode & 0o777).toBe(0o600);

    const second = onTerminal(['config', 'path'], h.env);
    expect(await second.exit).toBe(0);
    const lines = second.screen().split(/\r?\n/).filter(Boolean);
    expect(lines).toEqual([join(h.env.OPS_CONFIG_DIR, 'config.json'), LINE]);
    // Checked less than a day ago: no second check.
    expect(requests.slice(before)).toEqual(['/version.json']);
  });

  it('a check a day old is made again, and the notice still shows meanwhile', async () => {
    const h = home();
    staleState(h.state);
    const before = requests.length;
    const run = onTerminal(['config', 'path'], h.env);
    expect(await run.exit).toBe(0);
    expect(run.screen()).toContain(LINE);
    await eventually(() => requests.length > before, 'a check');
    expect(requests.slice(before)).toEqual(['/version.json']);
  });

  it.each([
    ['in CI', { CI: 'true' }, ['config', 'path']],
    ['with -q', {}, ['config', 'path', '-q']],
    ['with OPS_QUIET=1', { OPS_QUIET: '1' }, ['config', 'path']],
    ['with OPS_NO_UPDATE_NOTIFIER=1', { OPS_NO_UPDATE_NOTIFIER: '1' }, ['config', 'path']],
    // JSON is read by a program, stderr too (an error's envelope is the last thing it reads there).
    ['with --json', {}, ['config', 'list', '--json']],
    ['with -o json', {}, ['config', 'list', '-o', 'json']],
    ['with OPS_OUTPUT=json', { OPS_OUTPUT: 'json' }, ['config', 'list']],
  ])('says nothing and checks nothing %s', async (_, env, args) => {
    const h = home();
    const text = staleState(h.state);
    const before = requests.length;
    const run = onTerminal(args, { ...h.env, ...env });
    expect(await run.exit).toBe(0);
    expect(run.screen()).not.toContain('A new release');
    // Left as it was: nothing recorded, so no check was started.
    expect(readFileSync(h.state, 'utf8')).toBe(text);
    expect(requests.length).toBe(before);
  });

  it('says nothing and checks nothing for `ops upgrade`, which tells of releases itself', async () => {
    const h = home();
    const text = staleState(h.state);
    const run = onTerminal(['upgrade', '--version', current], {
      ...h.env,
      OPS_UPGRADE_EXECUTABLE: '/nonexistent/ops',
    });
    expect(await run.exit).toBe(0);
    expect(run.screen()).not.toContain('A new release');
    expect(readFileSync(h.state, 'utf8')).toBe(text);
  });

  it('a server that never answers does not hold the command: it ends, and nothing newer is recorded', async () => {
    const h = home(`${base}/silent/version.json`);
    const before = requests.length;
    const closed = silentClosed;
    const run = onTerminal(['config', 'path'], h.env);
    expect(await run.exit).toBe(0);
    expect(run.screen()).not.toContain('A new release');
    // The check started (the server took its request) and is still waiting when the command is over.
    await eventually(() => requests.slice(before).includes('/silent/version.json'), 'the check asked');
    expect(readState(h.state).latest).toBeUndefined();
    // A second run meanwhile starts no other check.
    expect(await onTerminal(['config', 'path'], h.env).exit).toBe(0);
    expect(requests.slice(before)).toEqual(['/silent/version.json']);
    // And the check gives up on its own after a few seconds, recording nothing.
    await eventually(() => silentClosed > closed, 'the check gave up');
    expect(readState(h.state).latest).toBeUndefined();
  });
});

describe('the update notice off a terminal', () => {
  it('piped, a run reads and writes nothing for it, and asks nothing', async () => {
    const h = home();
    const text = staleState(h.state);
    const before = requests.length;
    const r = await runCli(['config', 'path'], { env: h.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(readFileSync(h.state, 'utf8')).toBe(text);
    expect(requests.length).toBe(before);
  });
});
