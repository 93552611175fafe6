import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Io } from '../../io.js';
import { envNameFor } from '../../config/settings.js';
import { sandboxCredentials } from '../../sandbox/core/credentials.js';
import { sandboxCaPath } from '../../sandbox/core/tls.js';
import { sandboxClockPath } from '../../sandbox/core/clock-file.js';
import type { Factory, ServiceEntry } from '../../app/types.js';
import { parseInteger } from '../shared/parse.js';
import { UsageError } from '../../errors.js';
import { parseBoolean } from '../../config/boolean.js';
import { sandboxAnswers } from './probe.js';

export interface SandboxEnvOptions {
  io: Io;
  services: readonly Pick<ServiceEntry, 'name' | 'sandbox'>[];
  port: number;
  tls: boolean;
  caCert: string | undefined;
  /** -q or OPS_QUIET: no line on stderr when no sandbox answers. */
  quiet: boolean;
  /** Whether a sandbox answers on the port (replaced in tests). */
  answers?: (port: number, tls: boolean) => Promise<boolean>;
}

export function sandboxEnvCommand(factory: Factory, run = runSandboxEnv): Command {
  return verbCommand('env', 'Print the export lines that point every service at a sandbox on this port', [
    'eval "$(ops sandbox env)"',
    'eval "$(ops sandbox env --port 4443 --tls)"',
  ])
    .option('--port <n>', 'the sandbox port', '4010')
    .option('--tls', 'the sandbox serves HTTPS')
    .option(
      '--sandbox-ca <file>',
      'CA file to export as OPS_CA_CERT (default: where `sandbox start --tls` writes it)',
    )
    .action(async (o: { port: string; tls?: boolean; sandboxCa?: string }, c: Command) => {
      const port = parseInteger('--port', o.port, { min: 1, max: 65535 }) ?? 4010;
      // An exported path that does not exist would break every later command, far from its cause.
      if (o.sandboxCa !== undefined && !existsSync(o.sandboxCa))
        throw new UsageError(
          `--sandbox-ca "${o.sandboxCa}" does not exist`,
          'give the CA file that `ops sandbox start --tls` wrote (its path is on its stderr), or leave --sandbox-ca out',
        );
      await run({
        io: factory.io,
        services: factory.services,
        port,
        tls: Boolean(o.tls),
        caCert: o.sandboxCa,
        quiet: Boolean(c.optsWithGlobals().quiet) || parseBoolean(factory.io.env.OPS_QUIET ?? '') === true,
      });
    });
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The export lines, on stdout for `eval`; then, when no sandbox answers on the port within 300 ms, one
 * line on stderr saying how to start one (exit 0 still: the sandbox may be started after the eval), so
 * that the next command does not wait out its retries to say the same.
 */
export async function runSandboxEnv(o: SandboxEnvOptions): Promise<void> {
  // The look runs while the lines are made and written.
  const answers = o.quiet ? undefined : (o.answers ?? sandboxAnswers)(o.port, o.tls);
  const scheme = o.tls ? 'https' : 'http';
  const creds = sandboxCredentials(o.services, o.io.env);
  const lines: string[] = [];
  for (const s of o.services) {
    lines.push(
      `export ${envNameFor(`${s.name}.base_url`)}=${shellQuote(`${scheme}://127.0.0.1:${o.port}/${s.name}`)}`,
    );
    for (const [key, value] of Object.entries(creds[s.name] ?? {}))
      lines.push(`export ${envNameFor(`${s.name}.${key}`)}=${shellQuote(value)}`);
  }
  if (o.tls) lines.push(`export OPS_CA_CERT=${shellQuote(o.caCert ?? sandboxCaPath(o.port))}`);
  // The sandbox's clock, which runs faster than the wall's: relative times are read on it (src/clock.ts).
  lines.push(`export OPS_SANDBOX_CLOCK=${shellQuote(sandboxClockPath(o.port))}`);
  o.io.stdout.write(`${lines.join('\n')}\n`);
  if (answers && !(await answers))
    o.io.stderr.write(
      `ops: no sandbox answers on 127.0.0.1:${o.port}; start one with ops sandbox start --port ${o.port}${o.tls ? ' --tls' : ''}\n`,
    );
}
