import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { DecisionLogWire, DecisionLogsQuery } from '../../../../clients/pipelines/types.js';
import { printPages } from '../../../shared/list.js';
import { addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { isoSeconds, parseInteger, parseTimeWindow } from '../../../shared/parse.js';
import { DECISION_COLUMNS } from '../../columns.js';
import { parseProjectArg } from '../../project-ref.js';
import { type PipelinesBase, parseChoice } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import { choiceOption } from '../../../shared/choices.js';
import { clockNow } from '../../../../clock.js';

const STATUSES = ['PASS', 'SOFT_FAIL', 'HARD_FAIL', 'ERROR'] as const;

export interface PolicyDecisionsListOptions extends PipelinesBase {
  scope: PolicyScope;
  query: DecisionLogsQuery;
  limit: number | undefined;
}

interface Flags extends PolicyFlags {
  status?: string;
  since?: string;
  until?: string;
  branch?: string;
  project?: string;
  buildNumber?: string;
  offset?: string;
  limit?: string;
  all?: boolean;
}

const isoOf = (s: number | undefined) => (s === undefined ? undefined : isoSeconds(s));

export function parseDecisionQuery(o: Flags, now = clockNow()): DecisionLogsQuery {
  const build = parseInteger('--build-number', o.buildNumber, { min: 0 });
  const window = parseTimeWindow(o, now);
  return {
    status:
      o.status === undefined ? undefined : parseChoice('--status', o.status.replace('-', '_'), STATUSES),
    after: isoOf(window.since),
    before: isoOf(window.until),
    branch: o.branch,
    // A project given by slug or name becomes its id once the owner is known (runPolicyDecisionsList).
    project_id: undefined,
    build_number: build === undefined ? undefined : String(build),
    offset: parseInteger('--offset', o.offset, { min: 0 }),
  };
}

export function policyDecisionsListCommand(factory: Factory, run = runPolicyDecisionsList): Command {
  const cmd = addPolicyScope(
    verbCommand('list', 'List policy decisions, newest first, paged by offset', [
      'ops pipelines policy decisions list',
      'ops pipelines policy decisions list --status HARD_FAIL --since -7d',
      'ops pipelines policy decisions list --offset 10 --limit 5 --json',
      'ops pipelines policy decisions list --project web-app --status HARD_FAIL',
    ])
      .addOption(choiceOption('--status <status>', 'PASS, SOFT_FAIL, HARD_FAIL or ERROR', STATUSES))
      .option('--since <time>', "made after: RFC 3339, a date or relative (-7d) (the API's after)")
      .option('--until <time>', "made before: RFC 3339, a date or relative (the API's before)")
      .option('--branch <name>', 'of pipelines on this branch')
      .option('--project <project>', 'of this project: its id, slug, or name in --org')
      .option('--build-number <n>', 'of this build')
      .option('--offset <n>', 'skip this many decisions first'),
  );
  addListFlags(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const list = parseListFlags(o);
    const query = parseDecisionQuery(o);
    const project = o.project === undefined ? undefined : parseProjectArg(o.project, o);
    const { base, scope, projectId } = await policyStart(factory, c, o, { project });
    if (projectId !== undefined) query.project_id = projectId;
    await run({ ...base, scope, query, limit: list.limit });
  });
}

export async function runPolicyDecisionsList(o: PolicyDecisionsListOptions): Promise<void> {
  const client = await o.client();
  await printPages<DecisionLogWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.getDecisionLogs(o.scope, o.query, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: DECISION_COLUMNS,
    limit: o.limit,
    noun: 'decisions',
    offset: o.query.offset,
  });
}
