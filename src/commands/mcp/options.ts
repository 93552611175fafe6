import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { choiceOption } from '../shared/choices.js';
import type { Allowed } from './tools.js';

export interface AllowFlags {
  services?: string;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  allowSecrets?: boolean;
}

function serviceNames(factory: Factory): string[] {
  return factory.services.filter((s) => s.commands).map((s) => s.name);
}

/** The flags that say what the server exposes: `ops mcp serve` and `ops mcp tools` share them. */
export function addAllowOptions(cmd: Command, factory: Factory): Command {
  return cmd
    .addOption(
      choiceOption(
        '--services <list>',
        'only the tools of these services, comma-separated',
        serviceNames(factory),
      ),
    )
    .option('--allow-writes', 'also expose verbs that create or change things')
    .option('--allow-destructive', 'also expose verbs that lose things for good (with --allow-writes)')
    .option('--allow-secrets', 'also expose verbs whose purpose is to reveal a secret value');
}

/** The permissions, services and global flags a command line gives; bad ones are usage errors. */
export function allowedBy(
  factory: Factory,
  o: AllowFlags,
  cmd: Command,
): { allowed: Allowed; only: string[] | undefined; globals: string[] } {
  const g = cmd.optsWithGlobals() as Record<string, unknown>;
  if (o.allowDestructive && !o.allowWrites)
    throw new UsageError('--allow-destructive needs --allow-writes', 'give both flags');
  return {
    allowed: {
      writes: Boolean(o.allowWrites),
      destructive: Boolean(o.allowDestructive),
      secrets: Boolean(o.allowSecrets),
      dryRun: Boolean(g.dryRun),
    },
    only: only(factory, o.services),
    globals: globals(g),
  };
}

function only(factory: Factory, list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = serviceNames(factory);
  if (names.length === 0 || names.some((n) => !known.includes(n)))
    throw new UsageError(`invalid --services "${list}"`, `give some of: ${known.join(', ')}`);
  return names;
}

/** Global flags given to `ops mcp` that every command it runs should see. */
function globals(g: Record<string, unknown>): string[] {
  const out: string[] = [];
  const valued = [
    ['profile', '--profile'],
    ['timeout', '--timeout'],
    ['retries', '--retries'],
    ['maxWait', '--max-wait'],
    ['caCert', '--ca-cert'],
  ] as const;
  for (const [key, flag] of valued) if (typeof g[key] === 'string') out.push(flag, g[key] as string);
  if (g.insecure) out.push('--insecure');
  return out;
}
