import { requiredContextArgument } from '../pick.js';
import { CONTEXT_ORG, parseContextRef, resolveContext } from '../ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { Io } from '../../../../io.js';
import { readSecretInput } from '../../../shared/secret-input.js';
import { CONTEXT_ENV_COLUMNS } from '../../columns.js';
import { type PipelinesBase, parseEnvName, start } from '../../shared.js';

export interface ContextEnvSetOptions extends PipelinesBase {
  contextId: string;
  name: string;
  /** Reads the value: from --file, else stdin, else a hidden prompt. Never from argv. */
  value: () => Promise<string>;
}

/** The value of a variable, never from argv: `--file FILE`, stdin, or a prompt that does not echo. */
export function secretValue(io: Io, file: string | undefined): () => Promise<string> {
  return () => readSecretInput({ io, label: 'variable value', file, fileFlag: '--file' });
}

export function contextEnvSetCommand(factory: Factory, run = runContextEnvSet): Command {
  return verbCommand(
    'set',
    'Create or replace a context variable; the value is read from stdin (or --file, or a hidden prompt), never echoed',
    [
      'printf %s eu-west-1 | ops pipelines context env set \\\n' +
        '    a0c17523-e4af-46ab-965f-4a57cbc4a90f AWS_REGION',
      'date +%s | ops pipelines context env set \\\n' +
        '    a0c17523-e4af-46ab-965f-4a57cbc4a90f ROTATED_AT --json',
    ],
  )
    .addArgument(requiredContextArgument())
    .option('--org <org>', CONTEXT_ORG)
    .argument('<name>', 'variable name, e.g. AWS_REGION')
    .option('--file <path>', 'read the value from this file (- for stdin)')
    .action(async (id: string, name: string, o: { file?: string }, c: Command) => {
      const ref = parseContextRef(id, c.opts());
      const variable = parseEnvName(name);
      const { ctx, base } = await start(
        factory,
        c,
        {},
        {
          stdinUsed: o.file === undefined || o.file === '-' ? 'the variable value' : undefined,
        },
      );
      const contextId = await resolveContext(ctx, base, ref, c.opts());
      await run({ ...base, contextId, name: variable, value: secretValue(factory.io, o.file) });
    });
}

export async function runContextEnvSet(o: ContextEnvSetOptions): Promise<void> {
  const value = await o.value();
  const record = await (await o.client()).addEnvironmentVariableToContext(o.contextId, o.name, value);
  await o.printer.print(record, { columns: CONTEXT_ENV_COLUMNS });
}
