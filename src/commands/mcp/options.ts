import type { Command } from 'commander';
import type { Factory, GlobalFlags } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { choiceOption } from '../shared/choices.js';
import type { Allowed, VerbChoice } from './tools.js';

export interface AllowFlags {
  services?: string;
  maxBytes?: string;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  allowSecrets?: boolean;
  tools?: string;
  excludeTools?: string;
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
        'only the tools of these services, comma-separated; auto: those with a credential',
        [...serviceNames(factory), 'auto'],
      ),
    )
    .option('--max-bytes <n>', `at most n bytes of text in a tool result (default ${DEFAULT_MAX_BYTES})`)
    .option('--allow-writes', 'also expose verbs that create or change things')
    .option('--allow-destructive', 'also expose verbs that lose things for good (with --allow-writes)')
    .option('--allow-secrets', 'also expose verbs whose purpose is to reveal a secret value')
    .option('--tools <verbs>', 'only these verbs, comma-separated paths as ops help names them (hosts list)')
    .option('--exclude-tools <verbs>', 'not these verbs, comma-separated (wins over --tools)');
}

/** The permissions, services and global flags a command line gives; bad ones are usage errors. */
export function allowedBy(
  factory: Factory,
  o: AllowFlags,
  cmd: Command,
): {
  allowed: Allowed;
  only: string[] | 'auto' | undefined;
  globals: GlobalFlags;
  maxBytes: number;
  verbs: VerbChoice;
} {
  const g = cmd.optsWithGlobals() as GlobalFlags;
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
    maxBytes: maxBytes(o.maxBytes),
    verbs: { tools: paths('--tools', o.tools), excludeTools: paths('--exclude-tools', o.excludeTools) },
  };
}

/** `hosts list, runs watch`: each path's words single-spaced; checked against the tree when it is built. */
function paths(flag: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((p) => p.trim().split(/\s+/).join(' '))
    .filter(Boolean);
  if (names.length === 0)
    throw new UsageError(`${flag} is empty`, 'give verb paths as ops help names them, e.g. "hosts list"');
  return names;
}

/** 64 KiB: about 16k tokens, a large share of a context window for one result. */
export const DEFAULT_MAX_BYTES = 65536;

function maxBytes(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1024)
    throw new UsageError(`invalid --max-bytes "${raw}"`, 'give a whole number of bytes, at least 1024');
  return n;
}

function only(factory: Factory, list: string | undefined): string[] | 'auto' | undefined {
  if (list === undefined) return undefined;
  if (list.trim() === 'auto') return 'auto';
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = serviceNames(factory);
  if (names.length === 0 || names.some((n) => !known.includes(n)))
    throw new UsageError(`invalid --services "${list}"`, `give some of: ${known.join(', ')}; or auto`);
  return names;
}

/** Global flags given to `ops mcp` that every verb it runs should see. */
function globals(g: GlobalFlags): GlobalFlags {
  const out: GlobalFlags = {};
  for (const key of ['profile', 'timeout', 'retries', 'maxWait', 'caCert'] as const)
    if (typeof g[key] === 'string') out[key] = g[key];
  if (g.insecure) out.insecure = true;
  return out;
}

/** `--http [HOST:]PORT`: the address Streamable HTTP is served on, 127.0.0.1 unless a host is given. */
export function httpAddress(raw: string): { host: string; port: number } {
  const m = /^(?:(\[[0-9a-f:]+\]|[a-z0-9.-]+):)?(\d{1,5})$/i.exec(raw.trim());
  const port = Number(m?.[2]);
  if (!m || port > 65535)
    throw new UsageError(`invalid --http "${raw}"`, 'give a port (8808) or HOST:PORT (127.0.0.1:8808)');
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** 30 minutes: a host that went away leaves nothing behind for long. */
export const DEFAULT_SESSION_IDLE = 1800;
export const DEFAULT_MAX_SESSIONS = 64;

export interface HttpFlags {
  allowedHost?: string;
  sessionIdle?: string;
  maxSessions?: string;
}

/** The bounds of `--http`, checked; each flag needs `--http`. */
export function httpBounds(o: HttpFlags & { http?: string }): {
  allowedHosts: string[];
  sessionIdle: number;
  maxSessions: number;
} {
  for (const [flag, value] of [
    ['--allowed-host', o.allowedHost],
    ['--session-idle', o.sessionIdle],
    ['--max-sessions', o.maxSessions],
  ] as const)
    if (value !== undefined && o.http === undefined)
      throw new UsageError(`${flag} needs --http`, `give --http [HOST:]PORT, or leave ${flag} out`);
  const allowedHosts = (o.allowedHost ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (const h of allowedHosts)
    if (!/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(h))
      throw new UsageError(
        `invalid --allowed-host "${h}"`,
        'give host names or addresses as a Host header carries them, comma-separated: ops.example.com,10.0.0.5:8808',
      );
  const maxSessions = o.maxSessions === undefined ? DEFAULT_MAX_SESSIONS : Number(o.maxSessions);
  if (!/^\d+$/.test(o.maxSessions ?? '1') || maxSessions < 1)
    throw new UsageError(`invalid --max-sessions "${o.maxSessions}"`, 'give a whole number, at least 1');
  return { allowedHosts, sessionIdle: idleSeconds(o.sessionIdle), maxSessions };
}

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** `--session-idle 30m`: seconds; 90s, 30m, 2h, or 1h30m. */
function idleSeconds(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_SESSION_IDLE;
  const parts = [...raw.trim().matchAll(/(\d+)([smh])/g)];
  const seconds = parts.reduce((n, m) => n + Number(m[1]) * UNIT[m[2]!]!, 0);
  if (parts.map((m) => m[0]).join('') !== raw.trim() || seconds < 1)
    throw new UsageError(`invalid --session-idle "${raw}"`, 'give a duration such as 90s, 30m or 1h30m');
  return seconds;
}
