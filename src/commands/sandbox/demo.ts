import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { ExitStatusError } from '../../errors.js';
import { type Io, withIo } from '../../io.js';
import type { Factory, ServiceEntry } from '../../app/types.js';
import { checkSandboxServices } from '../../sandbox/core/settings.js';
import { choiceOption } from '../shared/choices.js';

export interface SandboxDemoOptions {
  io: Io;
  services: readonly ServiceEntry[];
  runArgv(argv: string[], io: Io): Promise<number>;
  only: string[] | undefined;
}

export function sandboxDemoCommand(factory: Factory, run = runSandboxDemo): Command {
  return verbCommand('demo', 'Start the sandbox in this process and run a short tour of every service', [
    'ops sandbox demo',
    'ops sandbox demo --services hosts,breach',
  ])
    .addOption(
      choiceOption(
        '--services <list>',
        'only these services, comma-separated',
        factory.services.map((s) => s.name),
      ),
    )
    .action(async (o: { services?: string }) => {
      const only = o.services
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (only) checkSandboxServices(only, factory.services);
      await run({ io: factory.io, services: factory.services, runArgv: factory.runArgv, only });
    });
}

/** Runs each service's tour steps with the real CLI against an in-process sandbox on a free port. */
export async function runSandboxDemo(o: SandboxDemoOptions): Promise<void> {
  const [{ startSandbox }, { runSandboxEnv }] = await Promise.all([
    import('../../sandbox/core/server.js'),
    import('./env.js'),
  ]);
  const sandbox = await startSandbox({ port: 0, env: o.io.env, catalog: o.services });
  const failures: string[] = [];
  try {
    let exports = '';
    await runSandboxEnv({
      io: withIo(o.io, { stdout: { write: (s: string) => void (exports += s) } }),
      services: o.services,
      port: sandbox.port,
      tls: false,
      caCert: undefined,
      // Its own sandbox, started above: nothing to look for.
      quiet: true,
    });
    const env: Record<string, string | undefined> = { ...o.io.env };
    for (const m of exports.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]!] = m[2];
    const out = (s: string) => o.io.stdout.write(s);
    out(`sandbox on ${sandbox.url}\n`);
    const steps = [
      {
        title:
          'Where each credential comes from (here the environment `ops sandbox env` set), proven by one read',
        argv: ['auth', 'status', ...(o.only ?? []), '--check'],
      },
    ];
    for (const step of steps) {
      out(`\n# ${step.title}\n$ ops ${step.argv.join(' ')}\n`);
      const code = await o.runArgv(['node', 'ops', ...step.argv], withIo(o.io, { env }));
      if (code !== 0) failures.push(`ops ${step.argv.join(' ')} (exit ${code})`);
    }
    for (const service of o.services) {
      if (!service.commands || (o.only && !o.only.includes(service.name))) continue;
      const steps = (await service.commands()).demo ?? [];
      for (const step of steps) {
        out(`\n# ${step.title}\n$ ops ${step.argv.join(' ')}\n`);
        const code = await o.runArgv(['node', 'ops', ...step.argv], withIo(o.io, { env }));
        if (code !== 0) failures.push(`ops ${step.argv.join(' ')} (exit ${code})`);
      }
    }
  } finally {
    await sandbox.close();
  }
  if (failures.length) throw new ExitStatusError(`demo steps failed: ${failures.join('; ')}`, 1);
}
