import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';
import { bashScript, completionNodes, fishScript, zshScript } from './script.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export interface CompletionOptions {
  io: Io;
  shell: (typeof SHELLS)[number];
  tree: () => Promise<Command>;
}

export function completionCommand(factory: Factory, run = runCompletion): Command {
  return verbCommand('completion', 'Print a shell completion script generated from the command tree', [
    'eval "$(ops completion bash)"',
    'mkdir -p ~/.zfunc && ops completion zsh > ~/.zfunc/_ops',
    'ops completion fish | source',
  ])
    .argument('<shell>', SHELLS.join(', '))
    .action(async (shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new UsageError(`unsupported shell "${shell}"`, `use one of: ${SHELLS.join(', ')}`);
      await run({
        io: factory.io,
        shell: shell as CompletionOptions['shell'],
        tree: () => factory.tree(),
      });
    });
}

export async function runCompletion(o: CompletionOptions): Promise<void> {
  const nodes = completionNodes(await o.tree());
  const script =
    o.shell === 'bash' ? bashScript(nodes) : o.shell === 'zsh' ? zshScript(nodes) : fishScript(nodes);
  o.io.stdout.write(script);
}
