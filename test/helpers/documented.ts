import { join } from 'node:path';
import { expect } from 'vitest';
import { type Example, type LineSkip, ROOT, type Rewrite, type RunOptions, runExample } from './examples.js';
import type { TestSandbox } from './sandbox.js';

/**
 * How the documentation's examples are run: where the run departs from the text, and why. The README
 * test and the help-example test use these lists; nothing else is left out or changed.
 */

const SHARES = [
  '3f1c9a6be0d24e7f8a91b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f601',
  '7a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b',
];

/** Where the run departs from the text, and why. */
export const rewrites: Rewrite[] = [
  {
    why: "the documentation's sandbox is on port 4010, the test's on a free one",
    apply: (t, port) =>
      t
        .replace(/127\.0\.0\.1:4010\b/g, `127.0.0.1:${port}`)
        .replace(/\bops sandbox env(?![^|)]*--port)/g, `ops sandbox env --port ${port}`),
  },
  {
    why: '`ops <service> login --no-browser` prints an address for its user to open, and `--device` a code to enter: a browser without a screen does it',
    apply: (t) =>
      /^ops (db|tasks|docgen) login (--no-browser|--device)\b/.test(t)
        ? `${t} 2> >(tee /dev/stderr | '${process.execPath}' '${join(ROOT, 'test', 'db', 'visit-printed-url.mjs')}')`
        : t,
  },
  {
    why: "`--web` opens the sandbox's page, on a host that does not exist: a browser that takes it and ends",
    apply: (t) => (/^ops .*--web\b/.test(t) ? `BROWSER=true ${t}` : t),
  },
  {
    why: '`ops sandbox env` sets OPS_<SERVICE>_TOKEN, which `ops <service> login` refuses to shadow: its examples run with it unset, as its help says',
    apply: (t) => {
      const m = /\bops (db|tasks|docgen) login\b/.exec(t);
      return m ? `unset OPS_${m[1]!.toUpperCase()}_TOKEN; ${t}` : t;
    },
  },
];

/** The commands that are not run, and why. */
export const skips: LineSkip[] = [
  {
    why: "the test's sandbox already serves (the same server, in this process, on a free port)",
    test: (t) => /^ops sandbox start\b/.test(t),
  },
  {
    why: 'watches until Ctrl-C',
    test: (t) => /--watch\b/.test(t) && !/--count\b/.test(t),
  },
  {
    why: "looks once every 10 s or more of real time (the README's `--watch 1s --count 1` is run)",
    test: (t) => /--watch (\d{2,}s|\d+[mh])\b/.test(t),
  },
  {
    why: 'serves Streamable HTTP until Ctrl-C (test/e2e/mcp-http.test.ts starts and checks it)',
    test: (t) => /\bops mcp (serve )?--http\b/.test(t),
  },
  { why: 'an auth method the sandbox does not serve', test: (t) => /--method ldap\b/.test(t) },
  { why: 'fish syntax; the examples run in bash', test: (t) => /\| source$/.test(t) },
];

/** Input files the examples name, as a user following them would have them. */
const files: Record<string, string> = {
  'usage.ndjson':
    '{"event_name":"api_requests","customer":"cus_1","value":3}\n{"event_name":"api_requests","customer":"cus_2","value":5}\n',
  'usage.csv': 'event_name,customer,value\napi_requests,cus_3,7\n',
  'accounts.txt': 'test@example.com\nclean@example.com\n',
  'password.txt': 'alice-sandbox-password',
  'new-password.txt': 'n3w-pass',
  'key.txt': 'rotated-key',
  'keys.txt': `${SHARES.join('\n')}\n`,
  'cert.pem': '-----BEGIN CERTIFICATE-----\nMIIBsandbox\n-----END CERTIFICATE-----\n',
};

/** Values the help examples leave to the user, as variables: the sandbox's. */
const placeholders: Record<string, string> = {
  KEY: 'sandbox-hosts-api-key',
  TOKEN: 'sandbox-root-token',
  SECRET_ID: 'sandbox-ci-secret-id',
  PASSWORD: 'n3w-pass',
  KEY1: SHARES[0]!,
  KEY2: SHARES[1]!,
};

/** Commands that wait on the sandbox clock: `--wait`, `watch`, and the actions that wait by default. */
export const WAITS =
  /--wait\b|\bwatch\b|\bcloud instance (launch|start|stop|reboot|terminate|snapshot create)\b|\bcloud asg (create|delete)\b|\bcloud (lb|load-balancer) (start|stop|reboot)\b/;

/** The run options of a documented example on `sandbox`. */
export function documented(sandbox: TestSandbox): RunOptions {
  return {
    sandbox,
    rewrites,
    skips,
    files,
    // Waits (every asynchronous action, by default) and `watch` follow the sandbox clock: it moves on
    // while they run.
    clock: WAITS,
    env: {
      ...placeholders,
      // A browser without a screen that follows a login's sign-in, as the login tests use.
      BROWSER: `${process.execPath} ${join(ROOT, 'test', 'db', 'fake-browser.mjs')}`,
    },
    timeoutMs: 100_000,
  };
}

/** A test body: the example runs, and every command exits as documented. */
export function runsAsDocumented(example: Example, o: RunOptions & { alone?: boolean }) {
  return async () => {
    const r = await runExample(example, o);
    expect(r.failures, r.stderr).toEqual([]);
  };
}
