import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Example,
  helpExamples,
  helpPages,
  type LineSkip,
  markdownExamples,
  ROOT,
  type Rewrite,
  type RunOptions,
  runExample,
  splitCommands,
} from '../helpers/examples.js';
import { type TestSandbox, useSandbox } from '../helpers/sandbox.js';

/**
 * Every example of the README, and of the help pages of the first four services and the built-in
 * commands, runs as written through the built CLI against the sandbox and exits as documented. The
 * README's markup (`# exit N`, `<!-- not run: … -->`, fence languages) is described in
 * test/helpers/examples.ts; where the test departs from the text, the lists below say so and why.
 */

const sb = await useSandbox();
/** `ops secrets operator init` is for a store that is not initialized yet. */
const uninitialized = await useSandbox({
  services: ['secrets'],
  settings: { 'secrets.state': 'uninitialized' },
});

const SHARES = [
  '3f1c9a6be0d24e7f8a91b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f601',
  '7a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b',
];

/** Where the run departs from the text, and why. */
const rewrites: Rewrite[] = [
  {
    why: "the documentation's sandbox is on port 4010, the test's on a free one",
    apply: (t, port) =>
      t
        .replace(/127\.0\.0\.1:4010\b/g, `127.0.0.1:${port}`)
        .replace(/\bops sandbox env(?![^|)]*--port)/g, `ops sandbox env --port ${port}`),
  },
];

/** The commands that are not run, and why. */
const skips: LineSkip[] = [
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

function options(sandbox: TestSandbox): RunOptions {
  return {
    sandbox,
    rewrites,
    skips,
    files,
    // `--wait` and `watch` follow the sandbox clock: it moves on while they run.
    clock: /--wait\b|\bwatch\b/,
    env: {
      ...placeholders,
      // A browser without a screen that follows `ops db login`'s sign-in, as the db tests use.
      BROWSER: `${process.execPath} ${join(ROOT, 'test', 'db', 'fake-browser.mjs')}`,
    },
    timeoutMs: 100_000,
  };
}

function check(example: Example, o: RunOptions & { alone?: boolean }) {
  return async () => {
    const r = await runExample(example, o);
    expect(r.failures, r.stderr).toEqual([]);
  };
}

describe('every example of the README runs as written against the sandbox', () => {
  for (const example of markdownExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'))) {
    if (example.skip) it.skip(`${example.name}: not run: ${example.skip}`, () => undefined);
    else it(example.name, check(example, options(sb)), 120_000);
  }
});

describe('every help example of the first services and the built-in commands runs as written', () => {
  const pages = helpPages(['secrets', 'meter', 'hosts', 'breach', 'config', 'api', 'sandbox', 'completion']);
  for (const page of pages) {
    const sandbox = page === 'ops secrets operator init' ? uninitialized : sb;
    // Help examples are alternatives: each runs alone, on a sandbox reset again.
    it(page, check(helpExamples(page), { ...options(sandbox), alone: true }), 120_000);
  }
});

describe('the example runner', () => {
  it('splits commands: continued lines and here-documents are one, comments and blank lines none', () => {
    const lines = [
      'cat > f <<EOF',
      'a # not a comment',
      'EOF',
      'ops x \\',
      '  --y',
      '# note',
      '',
      'ops z   # exit 3: why',
    ];
    expect(splitCommands(lines, 10)).toEqual([
      { text: 'cat > f <<EOF\na # not a comment\nEOF', exit: 0, line: 10 },
      { text: 'ops x \\\n  --y', exit: 0, line: 13 },
      { text: 'ops z   # exit 3: why', exit: 3, line: 17 },
    ]);
    expect(splitCommands(["echo '# exit 3'", 'ops y --exit-status || echo "exit $?"'])).toMatchObject([
      { exit: 0 },
      { exit: 0 },
    ]);
  });

  it('reads the markup: sh blocks with their place and skip marker; other languages are no examples', () => {
    const md = [
      '# T',
      '<!-- not run: why not -->',
      '```sh',
      'ops a',
      '```',
      '```yaml',
      'k: v',
      '```',
      '## H',
      '```sh',
      'ops b # exit 2',
      '```',
    ].join('\n');
    expect(markdownExamples(md)).toEqual([
      { name: 'README.md:3 (# T)', skip: 'why not', commands: [{ text: 'ops a', exit: 0, line: 4 }] },
      {
        name: 'README.md:10 (## H)',
        skip: undefined,
        commands: [{ text: 'ops b # exit 2', exit: 2, line: 11 }],
      },
    ]);
    expect(() => markdownExamples('```bash\nls\n```')).toThrow(/README.md:1 \(\): a ```bash block/);
    expect(() => markdownExamples('```sh\nls\n')).toThrow(/never closed/);
  });

  const run = (lines: string[], o: Partial<RunOptions> & { alone?: boolean } = {}) =>
    runExample({ name: 'test', commands: splitCommands(lines) }, { sandbox: sb, ...o });

  it('fails a command that exits otherwise than documented, and passes one that exits as marked', async () => {
    expect((await run(['ops hosts unmute web-001'])).failures).toEqual([
      'line 1: ops hosts unmute web-001 → exit 1, not 0',
    ]);
    const marked = await run(['ops hosts unmute web-001   # exit 1: not muted', 'ops hosts unmute db-001']);
    expect(marked.failures).toEqual([]);
    const wrong = await run(['ops hosts unmute web-001   # exit 4']);
    expect(wrong.failures).toEqual(['line 1: ops hosts unmute web-001   # exit 4 → exit 1, not 4']);
    expect(wrong.stderr).toContain('ops: hosts: Host web-001 is not muted');
  });

  it('runs a block as one script, and help examples each alone on a reset sandbox', async () => {
    const steps = ['ops hosts unmute db-001', 'ops hosts unmute db-001   # exit 1: already unmuted'];
    expect((await run(steps)).failures).toEqual([]);
    expect((await run(steps, { alone: true })).failures).toEqual([
      'line 2: ops hosts unmute db-001   # exit 1: already unmuted → exit 0, not 1',
    ]);
    expect((await run(['N=$(ops hosts totals --field total_up)', 'test "$N" -gt 0'])).failures).toEqual([]);
  });

  it('skips, rewrites and moves the clock only as its lists say', async () => {
    const r = await run(
      [
        'ops sandbox start --port 4010 &',
        'curl -sf http://127.0.0.1:4010/__sandbox/health',
        'ops cloud instance start 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04 --wait --interval 0.2 --wait-timeout 20',
      ],
      { skips, rewrites, clock: /--wait\b/ },
    );
    expect(r).toMatchObject({
      failures: [],
      skipped: [`ops sandbox start --port 4010 &: ${skips[0]!.why}`],
    });
  });
});
