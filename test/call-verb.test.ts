import { setTimeout as delay } from 'node:timers/promises';
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Factory, VerbCall } from '../src/app/types.js';
import { callVerb } from '../src/call-verb.js';
import { servicesOf } from '../src/commands/mcp/server.js';
import { addVerbs, buildVerbs, destructive, freshVerb, read } from '../src/commands/shared/verbs.js';
import { NotFoundError } from '../src/errors.js';
import { testFactory } from './helpers/factory.js';
import { memoryIo } from './helpers/io.js';

/** A tree with a verb that prints what it was given, after `--pause` ms, and one that is destructive. */
function tree(): Command {
  const root = new Command('ops');
  const svc = root.command('svc');
  const shown = (f: Factory) =>
    new Command('show')
      .argument('<id>', 'the id')
      .addOption(new Option('--format <f>', 'how').choices(['short', 'long']))
      .option('--count <n>', 'how many', (v) => Number.parseInt(v, 10))
      .option('--tag <t...>', 'tags')
      .option('--no-wait', 'do not wait')
      .option('--pause <ms>', 'ms before printing', (v) => Number(v))
      .action(async (id: string, o: { pause?: number }, cmd: Command) => {
        if (o.pause) await delay(o.pause);
        if (id === 'gone') throw new NotFoundError({ kind: 'thing', id }, { service: 'svc' });
        f.io.stdout.write(JSON.stringify({ id, o, g: cmd.optsWithGlobals(), path: pathWords(cmd) }));
      });
  const drop = (f: Factory) =>
    new Command('drop')
      .argument('<id>')
      .action(async (id: string) => void f.io.stdout.write(`dropped ${id}`));
  addVerbs(svc, { show: read(shown), drop: destructive(drop) }, testFactory(memoryIo()));
  buildVerbs(root);
  return root;
}

const pathWords = (cmd: Command) => {
  const words: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
};

const verbOf = (root: Command, name: string) => root.commands[0]!.commands.find((c) => c.name() === name)!;

async function call(verb: Command, o: Partial<Omit<VerbCall, 'verb'>> = {}) {
  const io = memoryIo();
  const code = await callVerb(testFactory(io), {
    verb,
    args: o.args ?? ['1'],
    options: o.options ?? new Map(),
    globals: o.globals ?? {},
  });
  return { code, out: io.out(), err: io.err() };
}

describe('callVerb: a verb run with values, no command line', () => {
  it("gives options through their parsers, repeats and negations, under its path, with the root's flags", async () => {
    const root = tree();
    const r = await call(verbOf(root, 'show'), {
      args: ['-x'],
      options: new Map<string, string | string[] | true>([
        ['--count', '7'],
        ['--tag', ['a', 'b']],
        ['--no-wait', true],
        ['--format', ['long']],
      ]),
      globals: { output: 'json', profile: 'work' },
    });
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(r.out)).toEqual({
      id: '-x',
      o: { count: 7, tag: ['a', 'b'], wait: false, format: 'long' },
      g: { count: 7, tag: ['a', 'b'], wait: false, format: 'long', output: 'json', profile: 'work' },
      path: 'ops svc show',
    });
  });

  it("refuses a value outside an option's choices with exit 2, as a JSON envelope under -o json", async () => {
    const verb = verbOf(tree(), 'show');
    const line = await call(verb, { options: new Map([['--format', 'wide']]) });
    expect(line.code).toBe(2);
    expect(line.out).toBe('');
    expect(line.err).toBe('ops: invalid --format "wide"\nhint: give one of: short, long\n');
    const json = await call(verb, { options: new Map([['--format', 'wide']]), globals: { output: 'json' } });
    expect(JSON.parse(json.err)).toMatchObject({
      error: { code: 'usage', message: 'invalid --format "wide"' },
    });
  });

  it('ends an error of the action in its exit code (a 404 is 3)', async () => {
    const r = await call(verbOf(tree(), 'show'), { args: ['gone'] });
    expect(r).toEqual({ code: 3, out: '', err: 'ops: svc: thing gone not found\n' });
  });

  it("runs the verb's hooks: a destructive verb without --yes off a terminal is refused, with it runs", async () => {
    const verb = verbOf(tree(), 'drop');
    const refused = await call(verb, { args: ['9'] });
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^ops: svc drop 9: needs confirmation\nhint: pass --yes/);
    expect(await call(verb, { args: ['9'], globals: { yes: true } })).toEqual({
      code: 0,
      out: 'dropped 9',
      err: '',
    });
  });

  it('calls that run at once share nothing: each sees its own options and arguments', async () => {
    const verb = verbOf(tree(), 'show');
    const [slow, fast] = await Promise.all([
      call(verb, {
        args: ['slow'],
        options: new Map([
          ['--pause', '40'],
          ['--count', '1'],
        ]),
      }),
      call(verb, {
        args: ['fast'],
        options: new Map<string, string | string[]>([
          ['--pause', '5'],
          ['--tag', ['z']],
        ]),
      }),
    ]);
    expect(JSON.parse(slow.out)).toMatchObject({ id: 'slow', o: { pause: 40, count: 1 } });
    expect(JSON.parse(slow.out).o.tag).toBeUndefined();
    expect(JSON.parse(fast.out)).toMatchObject({ id: 'fast', o: { pause: 5, tag: ['z'] } });
    expect(JSON.parse(fast.out).o.count).toBeUndefined();
    // The verb of the tree itself was never parsed.
    expect(verb.opts()).toEqual({ wait: true });
  });

  it('every verb an MCP tool offers can be built afresh, the same as in the tree', async () => {
    const factory = testFactory(memoryIo());
    const services = await servicesOf(await factory.tree(), factory.services);
    const verbs = services.flatMap((s) => s.verbs);
    expect(verbs.length).toBeGreaterThan(150);
    for (const v of verbs) {
      const fresh = freshVerb(v.cmd, factory);
      expect(fresh?.name(), v.path).toBe(v.cmd.name());
      expect(fresh!.options.map((o) => o.flags)).toEqual(v.cmd.options.map((o) => o.flags));
      expect(fresh!.registeredArguments.map((a) => a.name())).toEqual(
        v.cmd.registeredArguments.map((a) => a.name()),
      );
    }
  });
});
