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

export interface SandboxEnvOptions {
  io: Io;
  services: readonly Pick<ServiceEntry, 'name' | 'sandbox'>[];
  port: number;
  tls: boolean;
  caCert: string | undefined;
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
    .action(async (o: { port: string; tls?: boolean; sandboxCa?: string }) => {
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
      });
    });
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export async function runSandboxEnv(o: SandboxEnvOptions): Promise<void> {
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
}
