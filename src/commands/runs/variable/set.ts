import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { Scope } from '../../../clients/runs/client.js';
import { ApiError, UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { readInputFile, stdinValue } from '../../shared/secret-input.js';
import { VARIABLE_COLUMNS } from '../columns.js';
import { createVariable, getVariable, updateVariable } from '../scoped.js';
import { type RunsBase, addScopeOptions, parseName, start, inScope } from '../shared.js';
import {
  type Visibility,
  type VisibilityFlags,
  addVisibilityOptions,
  parseVisibility,
} from '../visibility.js';

export interface VariableSetOptions extends RunsBase {
  scope: Scope;
  name: string;
  value: string;
  visibility: Visibility | undefined;
  repositoryIds: number[] | undefined;
  /** --visibility or --repos given; else an update leaves the visibility as it is. */
  explicitVisibility: boolean;
}

interface Flags extends VisibilityFlags {
  body?: string;
  file?: string;
}

/** The value: `--body`, `--file FILE` (`-` stdin), or stdin; one trailing newline is dropped, as a shell adds it. */
export async function variableValue(o: Flags, io: Io): Promise<string> {
  if (o.body !== undefined && o.file !== undefined)
    throw new UsageError('--body and --file cannot be combined', 'give one of them');
  if (o.body !== undefined) return o.body;
  if (o.file === undefined && io.stdinIsTty)
    throw new UsageError('no value given', 'give --body VALUE, --file FILE, or pipe the value on stdin');
  return stdinValue(await readInputFile(io, o.file ?? '-'), 'the variable value');
}

export function variableSetCommand(factory: Factory, run = runVariableSet): Command {
  const cmd = verbCommand(
    'set',
    'Create a variable, or update it when it exists; prints it as it now is',
    [
      'ops runs variable set NODE_VERSION --body 24',
      'ops runs variable set APP_URL --env staging --body https://staging.example.com',
      'ops runs variable set REGION --org octo-org --visibility all --body eu-west-1',
      'echo "--strict" | ops runs variable set FLAGS --org octo-org --repos 1296269',
    ],
    { notes: `Without --body or --file the value is read from stdin.` },
  )
    .argument('<name>', 'the variable name (letters, digits, underscores)')
    .option('--body <value>', 'the value')
    .option('--file <path>', 'read the value from this file (- is stdin)');
  addScopeOptions(cmd);
  addVisibilityOptions(cmd);
  return cmd.action(async (rawName: string, o: Flags, c: Command) => {
    const name = parseName('variable name', rawName);
    const { visibility, repositoryIds, explicit } = parseVisibility(o);
    const value = await variableValue(o, factory.io);
    const fromStdin = o.body === undefined && (o.file === undefined || o.file === '-');
    const { base, scope } = await start(factory, c, o, {
      stdinUsed: fromStdin ? 'the variable value' : undefined,
      scope: inScope(o),
    });
    await run({
      ...base,
      scope,
      name,
      value,
      visibility,
      repositoryIds,
      explicitVisibility: explicit,
    });
  });
}

/** Create first; a 409 (it exists) makes it an update, as `gh variable set` does. */
export async function runVariableSet(o: VariableSetOptions): Promise<void> {
  const client = await o.client();
  const extra = {
    ...(o.visibility ? { visibility: o.visibility } : {}),
    ...(o.repositoryIds ? { selected_repository_ids: o.repositoryIds } : {}),
  };
  try {
    await createVariable(client, o.scope, { name: o.name, value: o.value, ...extra });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    await updateVariable(client, o.scope, o.name, { value: o.value, ...(o.explicitVisibility ? extra : {}) });
  }
  const v = await getVariable(client, o.scope, o.name);
  await o.printer.print(v, {
    columns: VARIABLE_COLUMNS.filter((c) => c.header !== 'visibility' || o.scope.kind === 'org'),
  });
}
