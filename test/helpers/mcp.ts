import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { tempConfigDir } from './cli.js';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

export interface McpSession {
  client: Client;
  /** Every byte the server wrote so far, stdout and stderr. */
  bytes(): string;
  close(): Promise<void>;
}

/**
 * The built `ops mcp` with these flags, under the SDK's own stdio client. Its stdout and stderr are
 * also copied to files (through `tee`), so that a test can read every byte the server wrote.
 */
export async function mcpSession(flags: string[], env: Record<string, string>): Promise<McpSession> {
  const dir = tempConfigDir();
  const out = join(dir, 'mcp.out');
  const err = join(dir, 'mcp.err');
  writeFileSync(out, '');
  writeFileSync(err, '');
  const transport = new StdioClientTransport({
    command: 'sh',
    args: [
      '-c',
      'f=$1; shift; "$@" 2>>"$f.err" | tee -a "$f.out"',
      'sh',
      join(dir, 'mcp'),
      process.execPath,
      BIN,
      'mcp',
      ...flags,
    ],
    env: { PATH: process.env.PATH ?? '', HOME: dir, OPS_CONFIG_DIR: dir, ...env },
  });
  const client = new Client({ name: 'ops-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    bytes: () => readFileSync(out, 'utf8') + readFileSync(err, 'utf8'),
    close: () => client.close(),
  };
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return content[0]?.text ?? '';
}

interface FlatSchema {
  properties: {
    command: { enum: string[] };
    params: { properties: Record<string, { description: string }> };
  };
}

/** The verbs a tool offers: its `command` enum. */
export const verbsOf = (tool: { inputSchema: object }): string[] =>
  (tool.inputSchema as FlatSchema).properties.command?.enum ?? [];

/**
 * The parameters a verb takes, read from its tool's flat schema as a host's model reads them: each
 * parameter's description starts with the verbs that take it (`view (required), rerun`).
 */
export function paramsOf(
  tool: { inputSchema: object },
  verb: string,
): Array<{ name: string; required: boolean }> {
  const schema = tool.inputSchema as FlatSchema;
  return Object.entries(schema.properties.params.properties).flatMap(
    ([name, p]): Array<{ name: string; required: boolean }> => {
      const takers = p.description.split('; ')[0]!.split(', ');
      if (takers.includes('every verb (required)')) return [{ name, required: true }];
      if (takers.includes(`${verb} (required)`)) return [{ name, required: true }];
      return takers.includes(verb) ? [{ name, required: false }] : [];
    },
  );
}

/** A value a schema takes: its first choice, else one of its type. */
export function sample(schema: { type?: string; enum?: string[]; items?: object }): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return [sample(schema.items as object)];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return 'x1';
}

/** What the server refuses before it runs a verb because the call does not fit the verb. */
export const NOT_FITTED =
  /^exit 2 \(usage or input error, nothing was sent\): ("|ops \S+ .* (takes no|needs in params)|a call takes no|\S+ must be)/;

export interface VerbCall {
  tool: string;
  verb: string;
  arguments: Record<string, unknown>;
}

/**
 * A call of every verb of these tools (`help` left out), with the verb's required parameters and a
 * value of each, as a model reads them from the schema; a wait or a watch is given 2 s.
 */
export function everyVerbCall(tools: Array<{ name: string; inputSchema: object }>): VerbCall[] {
  return tools
    .filter((t) => t.name !== 'help')
    .flatMap((t) => {
      const top = (t.inputSchema as FlatSchema).properties;
      const props = top.params.properties as Record<string, object>;
      return verbsOf(t).map((verb) => {
        const params = Object.fromEntries(
          paramsOf(t, verb)
            .filter((p) => p.required)
            .map((p) => [p.name, sample(props[p.name]!)]),
        );
        const waits = 'wait_timeout' in top && /watch|wait/.test(verb);
        return {
          tool: t.name,
          verb,
          arguments: {
            command: verb,
            ...(Object.keys(params).length ? { params } : {}),
            ...(waits ? { wait_timeout: 2 } : {}),
          },
        };
      });
    });
}

/** Where an outside client is installed, or undefined (its tests are then skipped, and say so). */
export function installed(specifier: string): string | undefined {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    return undefined;
  }
}
