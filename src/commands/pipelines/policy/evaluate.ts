import { required } from '../../shared/required.js';
import { type Command, Option } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { PolicyScope } from '../../../clients/pipelines/client.js';
import type { DecisionWire } from '../../../clients/pipelines/types.js';
import { ExitStatusError, UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { readInputFile } from '../../shared/secret-input.js';
import type { Column } from '../../../output/printer.js';
import type { PipelinesBase } from '../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from './shared.js';

export interface PolicyEvaluateOptions extends PipelinesBase {
  scope: PolicyScope;
  /** Reads the configuration to evaluate and the metadata, before the request. */
  input: () => Promise<{ input: string; metadata: Record<string, unknown> | undefined }>;
  exitStatus: boolean;
}

const COLUMNS: Column<DecisionWire>[] = [
  {
    header: 'status',
    get: (d) => d.status,
    color: (v, s) => (v === 'PASS' ? s.green : v === 'SOFT_FAIL' ? s.yellow : s.red),
  },
  { header: 'reason', get: (d) => d.reason, kind: 'text' },
  { header: 'enabled rules', get: (d) => d.enabled_rules, kind: 'text' },
  {
    header: 'hard failures',
    get: (d) => (d.hard_failures ?? []).map((f) => `${f.rule}: ${f.reason}`),
    kind: 'text',
  },
  {
    header: 'soft failures',
    get: (d) => (d.soft_failures ?? []).map((f) => `${f.rule}: ${f.reason}`),
    kind: 'text',
  },
];

/** The configuration (any text: the service reads it as YAML) and the metadata (a JSON or YAML object). */
export function evaluationInput(io: Io, o: { file?: string; metadataFile?: string }) {
  if (o.file === undefined)
    throw new UsageError(
      '--file is required',
      'give the pipeline config to evaluate, e.g. --file .circleci/config.yml',
    );
  if (o.file === '-' && o.metadataFile === '-')
    throw new UsageError('--file and --metadata-file cannot both read stdin');
  const file = o.file;
  return async () => {
    const input = await readInputFile(io, file, '--file');
    if (input.trim() === '') throw new UsageError(`--file "${file}" is empty`);
    if (o.metadataFile === undefined) return { input, metadata: undefined };
    const text = await readInputFile(io, o.metadataFile, '--metadata-file');
    let metadata: unknown;
    try {
      metadata = (await import('yaml')).parse(text);
    } catch (err) {
      throw new UsageError(
        `--metadata-file "${o.metadataFile}" is not JSON or YAML: ${(err as Error).message.split('\n')[0]}`,
      );
    }
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
      throw new UsageError(
        `--metadata-file "${o.metadataFile}" must hold an object`,
        'e.g. {"project_id": "…", "branch": "main"}',
      );
    return { input, metadata: metadata as Record<string, unknown> };
  };
}

export function policyEvaluateCommand(factory: Factory, run = runPolicyEvaluate): Command {
  return addPolicyScope(
    verbCommand(
      'evaluate',
      "Evaluate a pipeline config against the organization's policies and print the decision (PASS, SOFT_FAIL, HARD_FAIL)",
      [
        `printf 'version: 2.1\\njobs:\\n  security-scan: {}\\n  notify: {}\\n' | \\\n` +
          '    ops pipelines policy evaluate --file -',
        `printf 'version: 2.1\\njobs:\\n  build: {}\\n' | \\\n` +
          '    ops pipelines policy evaluate --file - --exit-status || echo "blocked: $?"',
      ],
    )
      .addOption(required(new Option('--file <path>', 'the config to evaluate (YAML); - for stdin')))
      .option(
        '--metadata-file <file>',
        'metadata for the decision: a JSON or YAML object (project_id, branch, build_number…)',
      )
      .option('--exit-status', 'exit 8 when the decision is HARD_FAIL (for CI gates)'),
  ).action(
    async (o: PolicyFlags & { file?: string; metadataFile?: string; exitStatus?: boolean }, c: Command) => {
      const input = evaluationInput(factory.io, o);
      const stdin = o.file === '-' || o.metadataFile === '-';
      const { base, scope } = await policyStart(factory, c, o, {
        stdinUsed: stdin ? 'a file on stdin (-)' : undefined,
      });
      await run({ ...base, scope, input, exitStatus: Boolean(o.exitStatus) });
    },
  );
}

export async function runPolicyEvaluate(o: PolicyEvaluateOptions): Promise<void> {
  const { input, metadata } = await o.input();
  const decision = await (await o.client()).makeDecision(o.scope, input, metadata);
  await o.printer.print(decision, { columns: COLUMNS });
  if (o.exitStatus && decision.status === 'HARD_FAIL') {
    const rules = (decision.hard_failures ?? []).map((f) => f.rule).join(', ');
    throw new ExitStatusError(`policy decision: HARD_FAIL${rules ? ` (${rules})` : ''}`);
  }
}
