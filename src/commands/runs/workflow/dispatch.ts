import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { readInputFile } from '../../shared/secret-input.js';
import { parseKeyValue } from '../../shared/parse.js';
import { type RunsBase, addRepoOption, parseWorkflow, start, inRepo } from '../shared.js';
import { notJsonMessage } from '../../../config/json-position.js';

/** The seed's limit on dispatch inputs. */
export const MAX_INPUTS = 10;

export interface WorkflowDispatchOptions extends RunsBase {
  repo: RepoRef;
  workflow: number | string;
  ref: string;
  inputs: Record<string, string>;
}

interface Flags {
  repo?: string;
  ref?: string;
  rawField?: string[];
  file?: string;
}

/** Inputs from `--file` (a JSON object; `-` reads stdin), then `-f key=value` over them. */
export async function parseInputs(o: Flags, io: Io): Promise<Record<string, string>> {
  const inputs: Record<string, string> = {};
  if (o.file !== undefined) {
    const text = await readInputFile(io, o.file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UsageError(notJsonMessage('--file', text), 'give a JSON object, e.g. {"version":"1.2.0"}');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UsageError('--file must hold a JSON object', 'e.g. {"version":"1.2.0","dry_run":"true"}');
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
        throw new UsageError(`input "${k}" in --file is not a string, number or boolean`);
      inputs[k] = String(v);
    }
  }
  for (const raw of o.rawField ?? []) {
    const [k, v] = parseKeyValue('-f', raw);
    inputs[k] = v;
  }
  const n = Object.keys(inputs).length;
  if (n > MAX_INPUTS)
    throw new UsageError(
      `${n} inputs given; a dispatch takes at most ${MAX_INPUTS}`,
      'leave out the inputs whose defaults from the workflow file will do',
    );
  return inputs;
}

export function workflowDispatchCommand(factory: Factory, run = runWorkflowDispatch): Command {
  return addRepoOption(
    verbCommand(
      'dispatch',
      'Start a workflow that has a workflow_dispatch trigger, on a branch or tag, with inputs',
      [
        'ops runs workflow dispatch release.yml --ref main -f version=1.2.0 \\\n' +
          '    -f environment=production',
        'ops runs workflow dispatch ci.yml --ref develop --field workflow_run_id',
        'echo \'{"version":"1.2.1"}\' | ops runs workflow dispatch release.yml \\\n' +
          '    --ref v1.1.0 --file -',
      ],
      {
        notes: `Inputs left out take their defaults from the workflow file. Prints the new run's id and address.`,
      },
    )
      .alias('run')
      .argument('<workflow>', 'its id or file name (release.yml)')
      .requiredOption('--ref <ref>', 'the branch or tag to run on (main, v1.1.0, refs/heads/main)')
      .option(
        '-f, --raw-field <key=value>',
        'an input; repeat for more (at most 10 in all)',
        (v: string, prev: string[] = []) => [...prev, v],
      )
      .option('--file <path>', 'inputs as a JSON object from a file (- reads stdin); -f overrides its keys'),
  ).action(async (raw: string, o: Flags, c: Command) => {
    const workflow = parseWorkflow(raw);
    const ref = (o.ref ?? '').trim();
    if (ref === '') throw new UsageError('--ref is empty', 'give a branch or tag, e.g. --ref main');
    const inputs = await parseInputs(o, factory.io);
    const { base, repo } = await start(factory, c, o, {
      stdinUsed: o.file === '-' ? '--file -' : undefined,
      scope: inRepo,
    });
    await run({ ...base, repo, workflow, ref, inputs });
  });
}

export async function runWorkflowDispatch(o: WorkflowDispatchOptions): Promise<void> {
  const client = await o.client();
  const res = await client.createWorkflowDispatch(o.repo, o.workflow, {
    ref: o.ref,
    inputs: Object.keys(o.inputs).length ? o.inputs : undefined,
  });
  if (!res)
    o.feedback.info(
      `dispatched; the service did not say which run: see \`ops runs list --workflow ${o.workflow}\``,
    );
  await o.printer.print({ workflow: o.workflow, ref: o.ref, inputs: o.inputs, ...res });
}
