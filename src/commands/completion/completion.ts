import { Argument, type Command } from 'commander';
import { completing, localWords } from '../shared/complete.js';
import { verbCommand } from '../shared/verbs.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';
import { SCRIPTS } from './script.js';

const SHELLS = Object.keys(SCRIPTS) as Array<keyof typeof SCRIPTS>;

export interface CompletionOptions {
  io: Io;
  shell: keyof typeof SCRIPTS;
}

export function completionCommand(factory: Factory, run = runCompletion): Command {
  return verbCommand(
    'completion',
    'Print a shell completion script: subcommands, flags, their values and names from the API',
    [
      'eval "$(ops completion bash)"',
      'mkdir -p ~/.zfunc && ops completion zsh > ~/.zfunc/_ops',
      'ops completion fish | source',
      'ops completion powershell > ~/ops.ps1',
    ],
    {
      notes: `Each TAB asks \`ops __complete\` what can go there. Names and ids from a service (instances, runs,
hosts…) are read with the profile's settings and credentials, one request cut at one page, answered
within a second or not at all, and kept 30 s in the cache folder. docs/completion.md says more.`,
    },
  )
    .addArgument(
      completing(
        new Argument('<shell>', SHELLS.join(', ')),
        localWords(() => SHELLS),
      ),
    )
    .action(async (shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new UsageError(`unsupported shell "${shell}"`, `use one of: ${SHELLS.join(', ')}`);
      await run({ io: factory.io, shell: shell as CompletionOptions['shell'] });
    });
}

export async function runCompletion(o: CompletionOptions): Promise<void> {
  o.io.stdout.write(SCRIPTS[o.shell]());
}
