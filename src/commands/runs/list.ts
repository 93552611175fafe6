import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import type { ListRunsQuery } from '../../clients/runs/runs.js';
import type { WorkflowRunWire } from '../../clients/runs/types.js';
import { UsageError } from '../../errors.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { RUN_COLUMNS } from './columns.js';
import { RUN_STATUS_VALUES, createdWindow, parseEvent, parseSha, parseStatus } from './filters.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, parseWorkflow, start } from './shared.js';
import { choiceOption } from '../shared/choices.js';
import { clockNow } from '../../clock.js';

export interface RunsListOptions extends RunsBase {
  repo: RepoRef;
  /** Runs of one workflow (listWorkflowRuns), else of the whole repository. */
  workflow: number | string | undefined;
  query: ListRunsQuery;
  limit: number | undefined;
}

interface Flags {
  repo?: string;
  workflow?: string;
  actor?: string;
  branch?: string;
  event?: string;
  status?: string;
  since?: string;
  until?: string;
  headSha?: string;
  checkSuiteId?: string;
  excludePullRequests?: boolean;
  limit?: string;
  all?: boolean;
}

export function parseRunsListFlags(
  o: Flags,
  now = clockNow(),
): Pick<RunsListOptions, 'workflow' | 'query' | 'limit'> {
  const list = parseListFlags(o);
  const nonEmpty = (flag: string, v: string | undefined) => {
    if (v !== undefined && v.trim() === '')
      throw new UsageError(`${flag} is empty`, `give a value, or leave ${flag} out`);
    return v;
  };
  return {
    limit: list.limit,
    workflow: o.workflow === undefined ? undefined : parseWorkflow(o.workflow),
    query: {
      actor: nonEmpty('--actor', o.actor),
      branch: nonEmpty('--branch', o.branch),
      event: o.event === undefined ? undefined : parseEvent(o.event),
      status: o.status === undefined ? undefined : parseStatus(o.status),
      created: createdWindow(o.since, o.until, now),
      head_sha: o.headSha === undefined ? undefined : parseSha(o.headSha),
      check_suite_id:
        o.checkSuiteId === undefined ? undefined : parseId('--check-suite-id', o.checkSuiteId, RUN_ID),
      exclude_pull_requests: o.excludePullRequests || undefined,
    },
  };
}

export function runsListCommand(factory: Factory, run = runRunsList): Command {
  const cmd = verbCommand(
    'list',
    'List workflow runs of the repository, newest first, or of one workflow with --workflow',
    [
      'ops runs list',
      'ops runs list --workflow ci.yml --status failure',
      'ops runs list --branch main --event push --limit 5 --json',
      'ops runs list --since 2026-01-01 --all -o ndjson',
    ],
    { notes: `Filtered lists stop at 1,000 runs (the service's search limit).` },
  )
    .option('--workflow <id|file>', 'runs of this workflow only: its id or file name (ci.yml)')
    .option('--actor <login>', 'runs started by this user')
    .option('--branch <name>', 'runs of this branch')
    .option(
      '--event <event>',
      'runs started by this event (push, pull_request, schedule, workflow_dispatch…)',
    )
    .addOption(
      choiceOption(
        '--status <status>',
        'runs in this state or with this conclusion (queued, in_progress, completed, success, failure…)',
        RUN_STATUS_VALUES,
      ),
    )
    .option('--since <time>', 'runs created at or after: RFC 3339, a date or relative (-7d)')
    .option('--until <time>', 'runs created at or before: RFC 3339, a date or relative')
    .option('--head-sha <sha>', 'runs of this commit (full SHA)')
    .option('--check-suite-id <id>', 'runs of this check suite')
    .option('--exclude-pull-requests', 'leave the pull requests out of each run');
  addListFlags(cmd);
  addRepoOption(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const parsed = parseRunsListFlags(o);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, ...parsed });
  });
}

/** Streams the runs page by page; each next page is the service's Link rel="next". */
export async function runRunsList(o: RunsListOptions): Promise<void> {
  const client = await o.client();
  const opts = { limit: o.limit, raw: o.printer.takesRawJson };
  await printPages<WorkflowRunWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages:
      o.workflow === undefined
        ? client.listWorkflowRunsForRepo(o.repo, o.query, opts)
        : client.listWorkflowRuns(o.repo, o.workflow, o.query, opts),
    columns: RUN_COLUMNS,
    limit: o.limit,
    noun: 'runs',
  });
}
