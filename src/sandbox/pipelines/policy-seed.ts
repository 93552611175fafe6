import { DAY, HOUR } from './history.js';
import { uuidFrom } from './ids.js';
import { ACME } from './seed.js';
import {
  type DecisionRecord,
  type PolicyContext,
  type PolicyDoc,
  type ProjectState,
  SANDBOX_USER_ID,
  policyKey,
} from './model.js';

export const CI_SECURITY = `package org

import future.keywords

policy_name["ci_security"]

enable_hard["require_security_scan"]

require_security_scan = "every config must run the security-scan job" {
	not input.jobs["security-scan"]
}
`;

export const TEAM_HYGIENE = `package org

policy_name["team_hygiene"]

enable_rule["require_notify_job"]

enable_rule["require_version"]

require_notify_job = reason {
	not input.jobs.notify
	reason := "add a notify job so that failures reach the team"
}

require_version = "declare the config version" {
	not input.version
}
`;

/** The seed bundle of `gh/acme`'s `config` context, and 25 decisions of the past ten days. */
export function seedPolicies(t0: number, projects: ProjectState[]): Map<string, PolicyContext> {
  const docs = new Map<string, PolicyDoc>([
    ['ci_security', { content: CI_SECURITY, created: t0 - 20 * DAY, createdBy: SANDBOX_USER_ID }],
    ['team_hygiene', { content: TEAM_HYGIENE, created: t0 - 20 * DAY, createdBy: SANDBOX_USER_ID }],
  ]);
  const decisions: DecisionRecord[] = [];
  const notify = { rule: 'require_notify_job', reason: 'add a notify job so that failures reach the team' };
  const scan = { rule: 'require_security_scan', reason: 'every config must run the security-scan job' };
  for (let i = 0; i < 25; i++) {
    const project = projects[i % projects.length]!;
    const hardFail = i % 7 === 3;
    const softFail = !hardFail && i % 5 === 1;
    decisions.push({
      id: uuidFrom(`decision:${i}`),
      created: t0 - (i * 9 + 2) * HOUR,
      decision: {
        status: hardFail ? 'HARD_FAIL' : softFail ? 'SOFT_FAIL' : 'PASS',
        enabled_rules: ['require_notify_job', 'require_security_scan', 'require_version'],
        hard_failures: hardFail ? [scan] : [],
        soft_failures: softFail || hardFail ? [notify] : [],
      },
      metadata: {
        build_number: 2400 - i,
        project_id: project.id,
        ssh_rerun: i === 10,
        vcs: {
          branch: i % 3 === 0 ? 'main' : 'feature/login',
          origin_repository_url: `https://github.com/${project.repo}`,
          target_repository_url: `https://github.com/${project.repo}`,
        },
      },
      bundle: docs,
      timeTakenMs: 3 + (i % 5),
    });
  }
  return new Map([[policyKey(ACME.id, 'config'), { enabled: true, docs, decisions }]]);
}
