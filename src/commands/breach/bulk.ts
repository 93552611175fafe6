import { readFile } from 'node:fs/promises';
import type { BreachNameWire, BreachWire } from '../../clients/breach/types.js';
import {
  ApiError,
  DryRunStop,
  ExitCode,
  ExitStatusError,
  InterruptedError,
  OpsError,
  UsageError,
} from '../../errors.js';
import { type Io, readAllText } from '../../io.js';
import { bar } from '../../output/feedback.js';
import type { Column } from '../../output/printer.js';
import { Pacer, pacedMap } from './paced.js';
import { type BreachAccountOptions, FOUND_EXIT_CODE, accountSearch, parseAccount } from './shared.js';
import { type Shard, inShard } from '../shared/shard.js';

/** One line of a bulk search: the account and its breaches, or why it could not be searched. */
export interface AccountResult {
  account: string;
  breaches?: Array<BreachWire | BreachNameWire>;
  error?: { status: number; message: string };
}

const COLUMNS: Column<AccountResult>[] = [
  { header: 'account', get: (r) => r.account },
  { header: 'count', get: (r) => r.breaches?.length },
  {
    header: 'breaches',
    kind: 'text',
    get: (r) => (r.error ? `error: ${r.error.message}` : r.breaches?.map((b) => b.Name)),
  },
];

/** Reads the accounts of --file: one a line, blank lines skipped, each distinct account (case-insensitively) once. */
export async function readAccounts(io: Io, file: string, shard?: Shard): Promise<string[]> {
  let text: string;
  if (file === '-') {
    text = await readAllText(io.stdin);
  } else {
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(
        `cannot read --file ${file}${code ? ` (${code})` : ''}`,
        'give a readable file with one account a line, or - for stdin',
      );
    }
  }
  const seen = new Set<string>();
  const accounts: string[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    // Shard K/N takes the lines whose number (1-based) modulo N is K - 1: N machines share one file.
    if (line.trim() === '' || !inShard(shard, i + 1)) continue;
    const account = parseAccount(line);
    // The service matches accounts case-insensitively: a second spelling would spend a request for the same answer.
    const key = account.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    accounts.push(account);
  }
  return accounts;
}

/**
 * Searches many accounts, paced to the subscription's requests per minute, and prints one result
 * per account in file order as each completes. A 429 is retried by the core after `retry-after`;
 * a 400 (an account the service does not accept) is reported on that account's line; any other
 * failure stops the run after printing what was done.
 */
export async function runBreachAccountBulk(o: BreachAccountOptions & { file: string }): Promise<void> {
  const accounts = await readAccounts(o.io, o.file, o.shard);
  const client = await o.client();
  const total = accounts.length;
  const rate = Number(o.ratePerMinute.toFixed(2));
  const shared = o.shard ? `, shard ${o.shard.k}/${o.shard.n} of the key's ${rate * o.shard.n}` : '';
  if (total > 1) {
    const minutes = (total - 1) / o.ratePerMinute;
    o.feedback.info(
      `searching ${total} accounts at ${rate} per minute${shared}${minutes >= 1 ? ` (about ${Math.ceil(minutes)} min)` : ''}`,
    );
  }
  let done = 0;
  let found = 0;
  let failed = 0;
  const progress = o.feedback.progress(
    () => `${bar(total ? done / total : 1)} ${done}/${total} accounts, ${found} found`,
  );
  const query = accountSearch(o);
  const search = async (account: string, signal: AbortSignal): Promise<AccountResult> => {
    try {
      return { account, breaches: await client.breachedAccount(account, query, { signal }) };
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        return { account, error: { status: err.status, message: err.message } };
      throw err;
    }
  };

  let fatal: unknown;
  const results = (async function* () {
    try {
      const pacer = new Pacer(o.ratePerMinute, o.clock);
      for await (const r of pacedMap(accounts, search, {
        pacer,
        concurrency: o.concurrency,
        signal: o.io.signal,
      })) {
        done++;
        if (r.breaches?.length) found++;
        if (r.error) failed++;
        progress.update('');
        yield r;
      }
    } catch (err) {
      // --dry-run prints the first request and stops: nothing else is printed.
      if (err instanceof DryRunStop) throw err;
      // Stop the list cleanly (a JSON array stays valid) and report the failure after it.
      fatal = err;
    }
  })();
  try {
    await o.printer.printList(results, { columns: COLUMNS });
  } finally {
    progress.stop(
      `${done}/${total} accounts searched at ${rate} per minute${shared}, ${found} found${failed ? `, ${failed} failed` : ''}`,
    );
  }

  if (fatal !== undefined) {
    if (fatal instanceof InterruptedError || o.io.signal.aborted) {
      throw new InterruptedError(`interrupted after ${done} of ${total} accounts`);
    }
    throw fatal;
  }
  if (o.exitStatus && found > 0)
    throw new ExitStatusError(`${found} of ${total} accounts found in breaches`, FOUND_EXIT_CODE);
  if (failed > 0) {
    throw new OpsError(`${failed} of ${total} accounts could not be searched (see their error on stdout)`, {
      exitCode: ExitCode.failure,
    });
  }
}
