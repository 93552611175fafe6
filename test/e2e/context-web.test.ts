import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['runs'] });
const requests = async () => (await sb.counters()).requests.runs ?? {};
const WEB = 'https://src.example.com/octo-org/hello-world';

/** A BROWSER that records the address it is given in a file, and exits with `code`. */
function recorder(code = 0): { browser: string; opened: () => string | undefined } {
  const dir = mkdtempSync(join(tmpdir(), 'ops-browser-'));
  const script = join(dir, 'browser.sh');
  writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${dir}/opened'\nexit ${code}\n`);
  chmodSync(script, 0o755);
  const file = join(dir, 'opened');
  return { browser: script, opened: () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined) };
}

// No display: only BROWSER can open a page (xdg-open would start a text browser nobody sees).
const ops = (args: string[], env: Record<string, string | undefined> = {}, tty = false) =>
  runMain(args, { env: { ...sb.env, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, ...env }, tty });

describe('--web opens the page the API names (html_url)', () => {
  it('runs view --web: the run’s page goes to BROWSER, nothing is printed', async () => {
    const b = recorder();
    const r = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: b.browser });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(b.opened()).toBe(`${WEB}/actions/runs/30433643\n`);
    // The run is read once; its jobs are not listed.
    expect(await requests()).toEqual({ 'GET /repos/octo-org/hello-world/actions/runs/30433643': 1 });
  });

  it('--dry-run prints the read it would send and opens no browser', async () => {
    const b = recorder();
    const r = await ops(['runs', 'view', '30433643', '--web', '--dry-run'], { BROWSER: b.browser });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -X GET \S+\/repos\/octo-org\/hello-world\/actions\/runs\/30433643 /);
    expect(b.opened()).toBeUndefined();
    expect(await requests()).toEqual({});
  });

  it('on a terminal it says so on stderr, as gh does', async () => {
    const b = recorder();
    const r = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: b.browser }, true);
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: `Opening ${WEB}/actions/runs/30433643 in your browser.\n`,
    });
  });

  it('runs job view --web: the job’s page; without --web the job itself', async () => {
    const b = recorder();
    const r = await ops(['runs', 'job', 'view', '399444123', '--web'], { BROWSER: b.browser });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(b.opened()).toBe(`${WEB}/actions/runs/30433643/job/399444123\n`);
    const shown = await ops(['runs', 'job', 'view', '399444123']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^id\s+399444123\nname\s+test\nrun\s+30433643\n/);
    expect(shown.stdout).toMatch(/\nstate\s+failure\n/);
    const json = JSON.parse((await ops(['runs', 'job', 'view', '399444123', '--json'])).stdout);
    expect(json).toMatchObject({ id: 399444123, run_id: 30433643, conclusion: 'failure' });
  });

  it('runs workflow view --web: the workflow’s page', async () => {
    const b = recorder();
    const r = await ops(['runs', 'workflow', 'view', 'ci.yml', '--web'], { BROWSER: b.browser });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(b.opened()).toMatch(new RegExp(`^${WEB}/blob/main/\\.github/workflows/ci\\.yml\\n$`));
  });

  it('no browser (no BROWSER, no display): the address on stdout, a line on stderr saying why', async () => {
    const why =
      'ops: could not open a browser (no BROWSER is set and there is no desktop to open it on): open the address above\n';
    const r = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: undefined });
    expect(r).toEqual({ code: 0, stdout: `${WEB}/actions/runs/30433643\n`, stderr: why });
    const tty = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: undefined }, true);
    expect(tty).toEqual({ code: 0, stdout: `${WEB}/actions/runs/30433643\n`, stderr: why });
  });

  it('a BROWSER that fails, or does not exist: the address on stdout, the failure named on stderr', async () => {
    const b = recorder(3);
    const failed = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: b.browser });
    expect(b.opened()).toBe(`${WEB}/actions/runs/30433643\n`);
    expect(failed).toEqual({
      code: 0,
      stdout: `${WEB}/actions/runs/30433643\n`,
      stderr: `ops: could not open a browser (${b.browser} exited with status 3): open the address above\n`,
    });
    const missing = await ops(['runs', 'view', '30433643', '--web'], { BROWSER: '/nonexistent/browser' });
    expect(missing).toEqual({
      code: 0,
      stdout: `${WEB}/actions/runs/30433643\n`,
      stderr: 'ops: could not open a browser (/nonexistent/browser was not found): open the address above\n',
    });
  });

  it('the built CLI waits for an opener that fails at once (BROWSER=false), and says so', async () => {
    const r = await runCli(['runs', 'view', '30433648', '--web'], {
      env: { ...sb.env, BROWSER: 'false' },
    });
    expect(r).toEqual({
      code: 0,
      stdout: `${WEB}/actions/runs/30433648\n`,
      stderr: 'ops: could not open a browser (false exited with status 1): open the address above\n',
    });
  });

  it('a run that does not exist: exit 3, nothing opened', async () => {
    const b = recorder();
    const r = await ops(['runs', 'view', '1', '--web'], { BROWSER: b.browser });
    expect(r).toMatchObject({ code: 3, stdout: '' });
    expect(r.stderr).toMatch(/run 1 not found in repository octo-org\/hello-world/);
    expect(b.opened()).toBeUndefined();
  });
});

describe('runs job view --web, a job without a page of its own', () => {
  it('opens its run’s page (html_url null is allowed by the service)', async () => {
    const { runJobView } = await import('../../src/commands/runs/job/view.js');
    const opened: string[] = [];
    const client = {
      getJobForWorkflowRun: async () => ({ id: 5, run_id: 7, html_url: null }),
      getWorkflowRun: async (_repo: unknown, id: number) => ({ id, html_url: `${WEB}/actions/runs/${id}` }),
    };
    await runJobView({
      repo: { owner: 'octo-org', repo: 'hello-world' },
      jobId: 5,
      printer: {} as never,
      feedback: {} as never,
      client: async () => client as never,
      web: async (url) => void opened.push(url),
    });
    expect(opened).toEqual([`${WEB}/actions/runs/7`]);
  });
});
