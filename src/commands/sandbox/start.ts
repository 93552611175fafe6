import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { UsageError } from '../../errors.js';
import { type Io, isCi } from '../../io.js';
import type { Factory, ServiceEntry } from '../../app/types.js';
import {
  checkSandboxServices,
  checkSandboxSettings,
  sandboxClockSpeed,
} from '../../sandbox/core/settings.js';
import { choiceOption } from '../shared/choices.js';
import { parseInteger, parseKeyValue } from '../shared/parse.js';

export interface SandboxStartOptions {
  io: Io;
  port: number;
  tls: boolean;
  settings: Record<string, string>;
  services: string[] | undefined;
  /** The service table, for the emulators and their credentials. */
  catalog: readonly ServiceEntry[];
}

export function sandboxStartCommand(factory: Factory, run = runSandboxStart): Command {
  return verbCommand(
    'start',
    'Serve the emulators on 127.0.0.1 until interrupted; the first line on stdout is "listening on <url>"',
    ['ops sandbox start --port 4010 &', 'ops sandbox start --port 0 --tls --set hosts.count=100000'],
  )
    .option('--port <n>', 'port to listen on (0 picks a free one)', '4010')
    .option('--tls', 'serve HTTPS with a self-signed certificate made at start (its path is printed)')
    .option(
      '--set <key=value...>',
      'settings, e.g. hosts.count=100000, clock.speed=1 (real time; default 30 times as fast)',
    )
    .addOption(
      choiceOption(
        '--services <list>',
        'only these services, comma-separated',
        factory.services.map((s) => s.name),
      ),
    )
    .action(async (o: { port: string; tls?: boolean; set?: string[]; services?: string }) => {
      const port = parseInteger('--port', o.port, { min: 0, max: 65535 }) ?? 4010;
      const settings = Object.fromEntries((o.set ?? []).map((kv) => parseKeyValue('--set', kv)));
      const services = o.services
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      // Unknown services, unknown keys and bad values are exit 2 here, not a crash or a silent default.
      if (services) checkSandboxServices(services, factory.services);
      checkSandboxSettings(settings, factory.services, services);
      await run({ io: factory.io, port, tls: Boolean(o.tls), settings, services, catalog: factory.services });
    });
}

/**
 * The refusal of a port that is taken: where a sandbox answers on it (over HTTP or HTTPS), it says so
 * and how to use that one; otherwise the port is another server's.
 */
async function portInUse(port: number): Promise<UsageError> {
  const { sandboxAnswers } = await import('./probe.js');
  const [http, https] = await Promise.all([sandboxAnswers(port, false), sandboxAnswers(port, true)]);
  if (http || https)
    return new UsageError(
      `a sandbox is already running on port ${port}`,
      `eval "$(ops sandbox env --port ${port}${https ? ' --tls' : ''})" to use it, or pick another --port`,
    );
  return new UsageError(
    `port ${port} is already in use`,
    'pick another with --port, or --port 0 for a free one',
  );
}

export async function runSandboxStart(o: SandboxStartOptions): Promise<void> {
  const { startSandbox } = await import('../../sandbox/core/server.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({
      port: o.port,
      tls: o.tls,
      env: o.io.env,
      settings: o.settings,
      // Durations (a 60 s launch) pass faster than real time unless `--set clock.speed=1`.
      clockSpeed: sandboxClockSpeed(o.settings),
      services: o.services,
      catalog: o.catalog,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw await portInUse(o.port);
    throw err;
  }
  // The clock the CLI reads relative times on (OPS_SANDBOX_CLOCK), kept while the sandbox serves.
  const { keepClockFile } = await import('../../sandbox/core/clock-file.js');
  let dropClock = () => undefined as void;
  try {
    dropClock = keepClockFile(sandbox.port, sandbox.clock);
  } catch (err) {
    // Without it the sandbox still serves; relative times are then read on the machine's clock.
    o.io.stderr.write(`ops: the sandbox's clock file was not written (${(err as Error).message})\n`);
  }
  o.io.stdout.write(`listening on ${sandbox.url}\n`);
  if (sandbox.caPath) o.io.stdout.write(`ca-cert ${sandbox.caPath}\n`);
  // Hints for a person (the credentials are also in the README): only on a terminal, outside CI.
  if (o.io.stderrIsTty && !isCi(o.io.env))
    for (const line of sandbox.banner()) o.io.stderr.write(`${line}\n`);
  await new Promise<void>((resolve) => {
    if (o.io.signal.aborted) return resolve();
    o.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  dropClock();
  await sandbox.close();
}
