import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * The built CLI against a real Secret Service: Debian's gnome-keyring in a D-Bus session of the
 * test's own (`dbus-run-session`), unlocked with a password on stdin. `.ci/run` installs both.
 */
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon', 'secret-tool'].filter((c) => !has(c));
if (missing.length)
  console.warn(
    `keyring tests skipped: ${missing.join(', ')} not installed (apt-get install gnome-keyring dbus-user-session libsecret-tools)`,
  );

const sb = await useSandbox({ services: ['hosts'] });
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

/** Runs a command, without blocking this process (the sandbox answers from it); gives its output. */
function run(
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(args[0]!, args.slice(1), { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

/** Runs a shell script inside a fresh session bus with an unlocked keyring; gives its output. */
async function inSession(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  const dir = tempConfigDir();
  const file = join(dir, 'steps.sh');
  writeFileSync(
    file,
    `set -u\nprintf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null\nops() { "${process.execPath}" "${BIN}" "$@"; }\n${script}\n`,
  );
  const r = await run(['dbus-run-session', '--', 'sh', file], { HOME: dir, XDG_RUNTIME_DIR: dir, ...env });
  // dbus-daemon's own lines (fd limits, activation) are not the CLI's.
  const err = r.stderr
    .split('\n')
    .filter((l) => l && !/^dbus-daemon\[/.test(l))
    .join('\n');
  return { code: r.code, out: `${r.stdout}${err ? `\n[stderr]\n${err}` : ''}` };
}

describe.skipIf(missing.length > 0)('the OS keyring (Secret Service)', () => {
  it('config set keeps a secret there, not in the file; commands use it; status says keyring; logout removes it', async () => {
    const dir = tempConfigDir();
    const env = {
      OPS_CONFIG_DIR: dir,
      OPS_HOSTS_BASE_URL: `${sb.url}/hosts`,
      OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
    };
    const r = await inSession(
      `
printf 'sandbox-hosts-api-key\\n' | ops config set hosts.api_key - || echo "set failed $?"
echo "lookup: $(secret-tool lookup service ops username default:hosts.api_key)"
cp "$OPS_CONFIG_DIR/config.json" "$OPS_CONFIG_DIR/after-set.json"
ops hosts totals -o json | tr -d ' \\n'; echo
ops auth status hosts --check
ops config list hosts --show-origin
ops auth logout hosts --yes -o json | tr -d ' \\n'; echo
echo "after logout: [$(secret-tool lookup service ops username default:hosts.api_key)]"
ops auth status hosts; echo "status exit $?"
`,
      env,
    );
    // The app key comes from the environment: logout says it cannot forget that one.
    expect(r.out).toMatch(
      /\n\[stderr\]\nops: OPS_HOSTS_APP_KEY is set and still gives hosts's app key: unset it too\nops: a credential is missing or refused$/,
    );
    expect(r.out).toContain('lookup: sandbox-hosts-api-key\n');
    const afterSet = readFileSync(join(dir, 'after-set.json'), 'utf8');
    expect(afterSet).not.toContain('sandbox-hosts-api-key');
    expect(JSON.parse(afterSet)).toEqual({ keyring: { default: ['hosts.api_key'] } });
    expect(r.out).toMatch(/\{"total_active":\d+,"total_up":\d+\}\n/);
    expect(r.out).toMatch(/^hosts +keyring +sand\*{4} +ok$/m);
    expect(r.out).toMatch(/^hosts\.api_key +\*\*\* +keyring$/m);
    expect(r.out).toContain(
      '{"logged_out":true,"service":"hosts","profile":"default","forgot":["api_key"]}\n',
    );
    expect(r.out).toContain('after logout: []\n');
    expect(r.out).toMatch(/^hosts +none *\nstatus exit 4$/m);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({});
  });

  it('--insecure-storage keeps the file even here, and moving a key takes it out of the keyring', async () => {
    const dir = tempConfigDir();
    const r = await inSession(
      `
printf 'first-value-123456\\n' | ops config set tasks.token -
echo "kept: $(secret-tool lookup service ops username default:tasks.token)"
printf 'second-value-12345\\n' | ops config set tasks.token - --insecure-storage
echo "moved: [$(secret-tool lookup service ops username default:tasks.token)]"
ops auth token tasks
`,
      { OPS_CONFIG_DIR: dir },
    );
    expect(r.out).toBe('kept: first-value-123456\nmoved: []\nsecond-value-12345\n');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { tasks: { token: 'second-value-12345' } } },
    });
  });

  it('a session bus without a Secret Service: the file, and the one line naming why', async () => {
    const dir = tempConfigDir();
    // No unlocked keyring: gnome-keyring is activated locked and no prompt can show.
    const r = await run(
      ['dbus-run-session', '--', process.execPath, BIN, 'config', 'set', 'hosts.api_key', '-'],
      { HOME: dir, OPS_CONFIG_DIR: dir },
      'k-0123456789abc\n',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^ops: no OS keyring answered \(.+\); kept hosts\.api_key in .+config\.json \(0600\)$/m,
    );
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('k-0123456789abc');
  });
});
