import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../app/types.js';
import { parseInteger } from '../../shared/parse.js';
import { KV_COLUMNS } from '../shared/print.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { secretsCommand } from '../shared/command.js';

export interface OperatorInitOptions extends SecretsRunBase {
  shares: number;
  threshold: number;
}

export function operatorInitCommand(factory: Factory, run = runOperatorInit): Command {
  return secretsCommand(
    'init',
    'Initialize a new store: prints the unseal key shares and the root token (once, keep them safe)',
    [
      'ops secrets operator init --key-shares 3 --key-threshold 2',
      'ops secrets operator init --json > init.json',
    ],
    { namespaced: false },
  )
    .option('--key-shares <n>', 'number of unseal key shares', '5')
    .option('--key-threshold <n>', 'shares needed to unseal', '3')
    .action(async (o: { keyShares: string; keyThreshold: string }, cmd: Command) => {
      const shares = parseInteger('--key-shares', o.keyShares, { min: 1, max: 255 })!;
      const threshold = parseInteger('--key-threshold', o.keyThreshold, { min: 1 })!;
      if (threshold > shares) throw new UsageError('--key-threshold cannot exceed --key-shares');
      if (shares > 1 && threshold === 1)
        throw new UsageError('--key-threshold must be at least 2 when there are several shares');
      const { base, view } = await start(factory, cmd, {}, { client: { auth: false } });
      await run({ ...base, ...view, shares, threshold });
    });
}

export async function runOperatorInit(o: OperatorInitOptions): Promise<void> {
  const client = await o.client();
  const answer = await client.initialize({ secret_shares: o.shares, secret_threshold: o.threshold });
  if (o.whole || o.printer.format !== 'table') return o.printer.print(answer);
  // The purpose of this command is to reveal these values: a table shows them in full.
  const rows = answer.keys.map((k, i) => ({ key: `Unseal Key ${i + 1}`, value: k }));
  rows.push({ key: 'Root Token', value: answer.root_token });
  await o.printer.print(rows, { columns: KV_COLUMNS });
  o.feedback.info(
    `Initialized with ${o.shares} key shares and a threshold of ${o.threshold}; the store is sealed: unseal it with \`ops secrets operator unseal\`.`,
  );
}
