import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { SERVICES } from '../../src/services.js';
import { testFactory } from './factory.js';
import { memoryIo } from './io.js';

/** Every command of the built tree by its path (`cloud lb metrics`), groups and leaves. */
export async function commandTree(): Promise<Map<string, Command>> {
  const out = new Map<string, Command>();
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      const p = [...path, sub.name()];
      out.set(p.join(' '), sub);
      walk(sub, p);
    }
  };
  walk(await testFactory(memoryIo()).tree(), []);
  return out;
}

/** The verbs of the tree (commands without subcommands). */
export async function leafCommands(): Promise<[string, Command][]> {
  return [...(await commandTree())].filter(([, c]) => c.commands.length === 0);
}

export interface CountingServer {
  url: string;
  /** Each request as `METHOD /path?query`, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A loopback server that records every request and answers with `answer`. */
export async function countingServer(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<CountingServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Every service pointed at `url` with a credential, so that a verb that goes on sends something. */
export function everyServiceAt(url: string): Record<string, string> {
  const env: Record<string, string> = { OPS_CONFIG_DIR: '/nonexistent' };
  for (const s of SERVICES) {
    const up = s.name.toUpperCase();
    env[`OPS_${up}_BASE_URL`] = url;
    for (const k of ['TOKEN', 'API_KEY', 'APP_KEY', 'LOGIN', 'PASSWORD']) env[`OPS_${up}_${k}`] = 'x';
  }
  return env;
}
