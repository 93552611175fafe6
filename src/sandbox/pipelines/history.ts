import { seededRandom } from '../core/framework.js';
import { uuidFrom } from './ids.js';

/**
 * One deterministic history of workflow runs, 90 days back from the moment the sandbox starts, from
 * which every insights answer is computed (summary, workflows, runs, jobs, branches, flaky tests and
 * time series), so that they agree with each other. Times are kept relative to the start (ms, ≤ 0).
 */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const HISTORY_DAYS = 90;

export interface TestSpec {
  name: string;
  classname: string;
  file: string;
  source: string;
  /** Chance that the test fails and then passes in one job run. */
  flake: number;
}

export interface JobSpec {
  name: string;
  /** Mean duration, seconds. */
  mean: number;
  /** Chance of failing. */
  fail: number;
  /** An approval step: it waits for a person and uses no credits. */
  approval?: boolean;
  tests?: TestSpec[];
}

export interface WorkflowSpec {
  name: string;
  /** Runs a weekday, on average. */
  perDay: number;
  /** Branch → share of the runs. */
  branches: Record<string, number>;
  jobs: JobSpec[];
}

export type JobStatus = 'success' | 'failed' | 'canceled' | 'error';

export interface Flake {
  test: TestSpec;
  /** Seconds lost to the failed attempt. */
  wasted: number;
}

export interface JobRun {
  name: string;
  number: number;
  start: number;
  stop: number;
  /** Seconds. */
  duration: number;
  status: JobStatus;
  credits: number;
  flakes: Flake[];
}

export interface Run {
  id: string;
  project: string;
  workflow: string;
  branch: string;
  pipelineNumber: number;
  start: number;
  stop: number;
  duration: number;
  credits: number;
  status: JobStatus;
  isApproval: boolean;
  jobs: JobRun[];
}

const CREDITS_PER_MINUTE = 10;

const t = (name: string, classname: string, file: string, source: string, flake: number): TestSpec => ({
  name,
  classname,
  file,
  source,
  flake,
});

/** The workflows of each project that has runs (by project name). */
export const WORKFLOWS: Record<string, WorkflowSpec[]> = {
  'web-app': [
    {
      name: 'build-and-test',
      perDay: 9,
      branches: {
        main: 0.4,
        develop: 0.2,
        'feature/login': 0.15,
        'feature/payments': 0.15,
        'fix/flaky-e2e': 0.1,
      },
      jobs: [
        { name: 'lint', mean: 50, fail: 0.02 },
        {
          name: 'unit-tests',
          mean: 260,
          fail: 0.06,
          tests: [
            t(
              'applies a coupon at checkout',
              'checkout.CouponSpec',
              'src/checkout/coupon.test.ts',
              'jest',
              0.05,
            ),
            t('retries a failed payment', 'payments.RetrySpec', 'src/payments/retry.test.ts', 'jest', 0.03),
            t('renders the cart badge', 'cart.BadgeSpec', 'src/cart/badge.test.tsx', 'jest', 0.015),
          ],
        },
        { name: 'build', mean: 190, fail: 0.02 },
      ],
    },
    {
      name: 'deploy',
      perDay: 2,
      branches: { main: 1 },
      jobs: [
        { name: 'build-image', mean: 300, fail: 0.02 },
        { name: 'deploy-staging', mean: 130, fail: 0.03 },
        { name: 'hold', mean: 2400, fail: 0, approval: true },
        { name: 'deploy-production', mean: 160, fail: 0.02 },
      ],
    },
    {
      name: 'nightly',
      perDay: 1,
      branches: { main: 1 },
      jobs: [
        {
          name: 'e2e-tests',
          mean: 950,
          fail: 0.12,
          tests: [
            t('logs in with SSO', 'e2e.LoginSpec', 'cypress/e2e/login.cy.ts', 'cypress', 0.08),
            t('completes a checkout', 'e2e.CheckoutSpec', 'cypress/e2e/checkout.cy.ts', 'cypress', 0.1),
          ],
        },
      ],
    },
  ],
  'api-server': [
    {
      name: 'ci',
      perDay: 7,
      branches: { main: 0.5, develop: 0.3, 'feature/rate-limits': 0.2 },
      jobs: [
        { name: 'lint', mean: 40, fail: 0.02 },
        {
          name: 'test',
          mean: 320,
          fail: 0.05,
          tests: [
            t(
              'TestLimiter/resets_after_window',
              'ratelimit',
              'internal/ratelimit/limiter_test.go',
              'go-junit',
              0.04,
            ),
          ],
        },
        {
          name: 'integration-tests',
          mean: 540,
          fail: 0.08,
          tests: [
            t('TestOrdersAPI/creates_order', 'integration', 'integration/orders_test.go', 'go-junit', 0.05),
          ],
        },
      ],
    },
    {
      name: 'release',
      perDay: 0.4,
      branches: { main: 1 },
      jobs: [
        { name: 'package', mean: 120, fail: 0.01 },
        { name: 'publish', mean: 60, fail: 0.02 },
      ],
    },
  ],
  mobile: [
    {
      name: 'build',
      perDay: 1.2,
      branches: { develop: 0.7, main: 0.3 },
      jobs: [
        { name: 'build-ios', mean: 900, fail: 0.1 },
        { name: 'build-android', mean: 700, fail: 0.07 },
      ],
    },
  ],
  'data-pipeline': [
    {
      name: 'etl-checks',
      perDay: 3,
      branches: { main: 0.8, 'feature/dbt-upgrade': 0.2 },
      jobs: [
        {
          name: 'dbt-test',
          mean: 420,
          fail: 0.09,
          tests: [t('unique_orders_order_id', 'dbt.schema_test', 'models/orders.yml', 'dbt', 0.03)],
        },
        { name: 'sql-lint', mean: 60, fail: 0.02 },
      ],
    },
  ],
};

function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick(weights: Record<string, number>, r: number): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((n, [, w]) => n + w, 0);
  let x = r * total;
  for (const [k, w] of entries) {
    x -= w;
    if (x < 0) return k;
  }
  return entries[entries.length - 1]![0];
}

/** The runs of one workflow, oldest first, without numbers yet. */
function workflowRuns(project: string, spec: WorkflowSpec): Run[] {
  const rnd = seededRandom(hashSeed(`${project}/${spec.name}`));
  const runs: Run[] = [];
  for (let day = 0; day < HISTORY_DAYS; day++) {
    const dayStart = -(HISTORY_DAYS - day) * DAY;
    const weekend = day % 7 >= 5;
    const expected = spec.perDay * (weekend ? 0.3 : 1);
    let count = Math.floor(expected * (0.6 + 0.8 * rnd()) + rnd());
    if (spec.perDay === 1) count = 1;
    // Three weeks ago a bad stretch: more failures, so the trends have something to show.
    const badStretch = day >= 60 && day < 70;
    for (let i = 0; i < count; i++) {
      const start = dayStart + Math.floor((6 + rnd() * 14) * HOUR);
      const branch = pick(spec.branches, rnd());
      const jobs: JobRun[] = [];
      let at = start + Math.floor((5 + rnd() * 15) * 1000);
      let status: JobStatus = 'success';
      const canceled = rnd() < 0.02;
      const errored = rnd() < 0.005;
      for (const [j, js] of spec.jobs.entries()) {
        const slow = rnd() < 0.04 ? 2.2 : 1;
        let duration = Math.max(5, Math.round(js.mean * (0.75 + 0.5 * rnd()) * slow));
        let jobStatus: JobStatus = 'success';
        if (errored && j === 0) jobStatus = 'error';
        else if (canceled && j === spec.jobs.length - 1) {
          jobStatus = 'canceled';
          duration = Math.round(duration / 2);
        } else if (rnd() < js.fail * (badStretch ? 2.5 : 1)) jobStatus = 'failed';
        const flakes: Flake[] = [];
        if (jobStatus === 'success')
          for (const test of js.tests ?? [])
            if (rnd() < test.flake) flakes.push({ test, wasted: Math.round(5 + rnd() * 55) });
        jobs.push({
          name: js.name,
          number: 0,
          start: at,
          stop: at + duration * 1000,
          duration,
          status: jobStatus,
          credits: js.approval ? 0 : Math.ceil(duration / 60) * CREDITS_PER_MINUTE,
          flakes,
        });
        at += duration * 1000 + Math.floor(rnd() * 4000);
        if (jobStatus !== 'success') {
          status = jobStatus;
          break;
        }
      }
      const stop = jobs[jobs.length - 1]!.stop;
      // A run still going when the sandbox starts is not in the history.
      if (stop > -60_000) continue;
      runs.push({
        id: '',
        project,
        workflow: spec.name,
        branch,
        pipelineNumber: 0,
        start,
        stop,
        duration: Math.round((stop - start) / 1000),
        credits: jobs.reduce((n, j) => n + j.credits, 0),
        status,
        isApproval: spec.jobs.some((j) => j.approval),
        jobs,
      });
    }
  }
  return runs;
}

let cached: Map<string, Run[]> | undefined;

/** Every project's runs, oldest first, with pipeline and job numbers in the order they ran. */
export function history(): Map<string, Run[]> {
  if (cached) return cached;
  cached = new Map();
  for (const [project, specs] of Object.entries(WORKFLOWS)) {
    const runs = specs.flatMap((s) => workflowRuns(project, s)).sort((a, b) => a.start - b.start);
    let job = 1000;
    runs.forEach((r, i) => {
      r.pipelineNumber = 2000 + i;
      r.id = uuidFrom(`run:${project}:${r.workflow}:${r.pipelineNumber}`);
      for (const j of r.jobs) j.number = job++;
    });
    cached.set(project, runs);
  }
  return cached;
}
