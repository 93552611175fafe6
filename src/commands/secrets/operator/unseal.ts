import type { Command } from 'commander';
import type { SealStatusWire } from '../../../clients/secrets/types.js';
import { UsageError } from '../../../errors.js';
import { type Io, readAllText } from '../../../io.js';
import type { Factory } from '../../../app/types.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { printView } from '../shared/print.js';
import { secretsCommand } from '../shared/command.js';

export interface OperatorUnsealOptions extends SecretsRunBase {
  reset: boolean;
  /** Gives the next key share: a line of stdin, or a hidden prompt; undefined when there is none. */
  nextKey: () => Promise<string | undefined>;
}

export function operatorUnsealCommand(factory: Factory, run = runOperatorUnseal): Command {
  return secretsCommand(
    'unseal',
    'Give unseal key shares until the store is unsealed; keys come from stdin (one a line) or a prompt',
    [
      'ops secrets operator unseal    # asks for each share on a terminal',
      'printf \'%s\\n\' "$KEY1" "$KEY2" | ops secrets operator unseal',
      'ops secrets operator unseal --reset',
    ],
    { notes: `Key shares are never taken from the command line.`, namespaced: false },
  )
    .option('--reset', 'forget the shares given so far')
    .action(async (o: { reset?: boolean }, cmd: Command) => {
      const { ctx, base, view } = await start(factory, cmd, {}, { client: { auth: false } });
      await run({
        ...base,
        ...view,
        reset: Boolean(o.reset),
        nextKey: keySource(ctx.io),
      });
    });
}

function keySource(io: Io): () => Promise<string | undefined> {
  if (io.stdinIsTty && io.prompt)
    return async () => (await io.prompt!('Unseal key share: ', true)).trim() || undefined;
  let lines: string[] | undefined;
  return async () => {
    lines ??= (await readAllText(io.stdin))
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    return lines.shift();
  };
}

export async function runOperatorUnseal(o: OperatorUnsealOptions): Promise<void> {
  const client = await o.client();
  let status: SealStatusWire;
  if (o.reset) {
    status = await client.unseal({ reset: true });
  } else {
    status = await client.sealStatus();
    while (status.sealed) {
      const key = await o.nextKey();
      if (key === undefined) {
        if (status.progress === 0)
          throw new UsageError(
            'no unseal key share given',
            'pipe the shares on stdin, one a line, or run on a terminal',
          );
        break;
      }
      status = await client.unseal({ key });
    }
  }
  if (o.whole || o.printer.format !== 'table') return o.printer.print(status);
  await printView(
    o.printer,
    {
      sealed: status.sealed,
      total_shares: status.n,
      threshold: status.t,
      unseal_progress: `${status.progress}/${status.t}`,
      version: status.version,
    },
    'fields',
  );
}
