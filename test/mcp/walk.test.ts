import { describe, expect, it } from 'vitest';
import { servicesOf } from '../../src/commands/mcp/server.js';
import { inputSchema, type ParamSpec, type VerbSpec } from '../../src/commands/mcp/tools.js';
import { main } from '../../src/main.js';
import { SERVICES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { testFactory } from '../helpers/factory.js';
import { paramsOf } from '../helpers/mcp.js';
import { memoryIo } from '../helpers/io.js';

/**
 * Every verb of every service, run in this process as the CLI runs it, against what its tool schema
 * says: what the CLI refuses as missing is required in the schema, and every value list the CLI
 * checks is an enum. Nothing reaches a service: each address is a closed port, with no retry.
 */
const root = await testFactory(memoryIo()).tree();
const services = await servicesOf(root, SERVICES);
const ENV: Record<string, string> = { OPS_CONFIG_DIR: '/nonexistent/ops-walk' };
for (const [service, keys] of Object.entries(SANDBOX_CREDENTIALS)) {
  const prefix = `OPS_${service.toUpperCase()}_`;
  ENV[`${prefix}BASE_URL`] = 'http://127.0.0.1:9';
  for (const [key, value] of Object.entries(keys)) ENV[`${prefix}${key.toUpperCase()}`] = value;
}

/** The CLI's first line on stderr, its hint and its exit code for this command line. */
async function cli(words: string[]): Promise<{ code: number; first: string; hint: string }> {
  const io = memoryIo({ env: ENV, signal: AbortSignal.timeout(5000) });
  const code = await main(['node', 'ops', '--retries', '0', ...words], io);
  const [first = '', hint = ''] = io.err().split('\n');
  return { code, first, hint };
}

/** A value the flag takes: its first choice, a number, or a word. */
const sample = (p: ParamSpec) => p.choices?.[0] ?? (p.type ? '1' : 'x1');
const MISSING =
  /^ops: (--[a-z-]+) is required|^ops: required option '(--[a-z-]+)|^ops: missing required argument '([a-z-]+)'/;

/** What the CLI refuses as missing for a verb, filling each in turn until it asks for nothing more. */
async function refusedAsMissing(service: string, v: VerbSpec): Promise<string[]> {
  const given = new Map<ParamSpec, string>();
  const missing: string[] = [];
  for (let round = 0; round < 8; round++) {
    const args = v.params.filter((p) => p.kind === 'argument' && (p.required || given.has(p)));
    const flags = [...given].filter(([p]) => p.kind !== 'argument').map(([p, x]) => `${p.flag}=${x}`);
    const words = [
      service,
      ...v.path.split(' '),
      ...flags,
      '--yes',
      '--',
      ...args.map((p) => given.get(p) ?? 'x1'),
    ];
    const { code, first } = await cli(words);
    const m = MISSING.exec(first);
    if (code !== 2 || !m) break;
    const name = (m[1] ?? m[2] ?? `--${m[3]}`).replace(/^--/, '');
    const p = v.params.find((q) => q.name === name);
    if (!p || given.has(p)) break;
    missing.push(name);
    given.set(p, sample(p));
  }
  return missing;
}

/** A service's one schema of all its verbs, as the read, write and destructive tools merge them. */
const schemaOf = (verbs: VerbSpec[]) => ({ inputSchema: inputSchema(verbs) });
type Flat = { properties: { params: { properties: Record<string, object> } } };

describe('every verb: its tool schema is as strict as the CLI', () => {
  const verbs = services.flatMap((s) => {
    const tool = schemaOf(s.verbs);
    return s.verbs.map((v) => ({ service: s.service, v, tool }));
  });

  it('walks every verb of every service', () => {
    expect(services).toHaveLength(11);
    expect(verbs.length).toBeGreaterThan(190);
  });

  it('what the CLI refuses as missing is required in the verb’s schema', async () => {
    const found: string[] = [];
    const notRequired: string[] = [];
    for (const { service, v, tool } of verbs) {
      const missing = await refusedAsMissing(service, v);
      const required = paramsOf(tool, v.path).filter((p) => p.required);
      for (const name of missing) {
        found.push(`${service} ${v.path} ${name}`);
        if (!required.some((p) => p.name === name)) notRequired.push(`${service} ${v.path} ${name}`);
      }
    }
    expect(notRequired).toEqual([]);
    // The walk found what the issue named (cloud instance-types needs --region), and more.
    expect(found).toContain('cloud instance-types region');
    expect(found.length).toBeGreaterThan(20);
  }, 300_000);

  it('every value list the CLI checks is an enum of the schema, or said in its description', async () => {
    let enums = 0;
    for (const { service, v, tool } of verbs) {
      const properties = (tool.inputSchema as Flat).properties.params.properties;
      for (const p of v.params.filter((q) => q.choices)) {
        const schema = properties[p.name] as {
          enum?: string[];
          items?: { enum?: string[] };
          description: string;
        };
        const what = `${service} ${v.path} ${p.name}`;
        // Another verb of the service takes any value under this name: the choices are in the text.
        const free = services
          .find((s) => s.service === service)!
          .verbs.some((w) => w.params.some((q) => q.name === p.name && !q.choices));
        const listed = schema.enum ?? schema.items?.enum;
        if (free) {
          expect(listed, what).toBeUndefined();
          expect(schema.description, what).toContain(`${v.path}: ${p.choices!.join(', ')}`);
        } else {
          for (const choice of p.choices!) expect(listed, what).toContain(choice);
          enums++;
        }
      }
    }
    expect(enums).toBeGreaterThan(40);
  });

  it('a flag the CLI refuses with "give one of …" for a value outside a list is an enum', async () => {
    const notEnum: string[] = [];
    for (const { service, v } of verbs) {
      const args = v.params.filter((p) => p.kind === 'argument' && p.required).map(() => '1');
      const needed = v.params.filter((p) => p.kind === 'flag' && p.required);
      for (const p of v.params.filter((q) => q.kind === 'flag' && !q.choices)) {
        const others = needed.filter((q) => q !== p).map((q) => `${q.flag}=${sample(q)}`);
        const words = [
          service,
          ...v.path.split(' '),
          ...others,
          `${p.flag}=zz-not-a-choice`,
          '--yes',
          '--',
          ...args,
        ];
        const { code, first, hint } = await cli(words);
        if (code === 2 && first.includes('zz-not-a-choice') && /^hint: give one of /.test(hint))
          notEnum.push(`${service} ${v.path} ${p.flag}`);
      }
    }
    expect(notEnum).toEqual([]);
  }, 300_000);
});
