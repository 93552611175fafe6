import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import type { Factory } from '../../src/app/types.js';
import { addVerbs, buildVerbs, read } from '../../src/commands/shared/verbs.js';
import { commandWords } from '../../src/command-word.js';
import { buildProgram } from '../../src/program.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';

const factory = { io: {}, services: [] } as unknown as Factory;

/** A tree like a service's: verbs before, between and after groups, one group with an alias. */
function tree() {
  const made: string[] = [];
  const verb = (name: string) =>
    read(() => {
      made.push(name);
      return new Command(name).argument('[x]').action(() => undefined);
    });
  const root = new Command('ops');
  const svc = root.command('svc');
  addVerbs(svc, { list: verb('list'), get: verb('get') }, factory);
  const g = svc.command('group').alias('grp');
  addVerbs(g, { add: verb('add'), remove: verb('remove') }, factory);
  svc.command('other');
  addVerbs(svc, { delete: verb('delete') }, factory);
  return { root, svc, g, made };
}

const names = (c: Command) => c.commands.map((s) => s.name());

describe('verbs built only when the command line names them', () => {
  it('a named verb is the only one built', () => {
    const t = tree();
    buildVerbs(t.root, ['svc', 'group', 'remove', 'x']);
    expect(t.made).toEqual(['remove']);
    expect(names(t.g)).toEqual(['remove']);
    expect(names(t.svc)).toEqual(['group', 'other']);
  });

  it("a group's alias leads to its verbs", () => {
    const t = tree();
    buildVerbs(t.root, ['svc', 'grp', 'add']);
    expect(t.made).toEqual(['add']);
  });

  it('without a verb (a group, a mistyped word, no words) every verb is built, in the order given', () => {
    for (const words of [['svc'], ['svc', 'lsit'], ['svc', 'group'], ['svc', 'group', 'ad'], undefined]) {
      const t = tree();
      buildVerbs(t.root, words);
      expect(names(t.svc)).toEqual(['list', 'get', 'group', 'other', 'delete']);
      expect(names(t.g)).toEqual(['add', 'remove']);
      expect(t.g.commands.every((c) => c.parent === t.g)).toBe(true);
      expect(t.svc.commands.every((c) => c.parent === t.svc)).toBe(true);
    }
  });

  it('a key that is not the name its builder gives is an error, not a wrong verb', () => {
    const root = new Command('ops');
    addVerbs(root.command('svc'), { list: read(() => new Command('ls')) }, factory);
    expect(() => buildVerbs(root, ['svc', 'list'])).toThrow("verb 'list' builds 'ls'");
  });

  it('the verb is built with the factory it was added with', () => {
    const root = new Command('ops');
    const make = vi.fn(() => new Command('list'));
    addVerbs(root.command('svc'), { list: read(make) }, factory);
    buildVerbs(root, ['svc', 'list']);
    expect(make).toHaveBeenCalledWith(factory);
  });
});

describe('the words of the command line', () => {
  it.each([
    [
      ['hosts', 'list', '--count', '5'],
      ['hosts', 'list', '5'],
    ],
    [
      ['-o', 'json', '--profile', 'x', 'secrets', 'kv', 'get', 'p'],
      ['secrets', 'kv', 'get', 'p'],
    ],
    [
      ['--debug', 'cloud', 'instance', 'list', '--token-stdin'],
      ['cloud', 'instance', 'list'],
    ],
    [['help', 'hosts'], undefined],
    [['hosts', '--', 'list'], undefined],
  ])('%j → %j', (args, expected) => {
    expect(commandWords(args)).toEqual(expected);
  });
});

/** Every command of a tree, by path. */
function walk(cmd: Command, path: string[] = [], out = new Map<string, Command>()): Map<string, Command> {
  for (const sub of cmd.commands) {
    const p = [...path, sub.name()];
    out.set(p.join(' '), sub);
    walk(sub, p, out);
  }
  return out;
}

const shape = (c: Command) => ({
  options: c.options.map((o) => o.flags),
  args: c.registeredArguments.map((a) => a.name()),
  subcommands: c.commands.map((s) => s.name()),
  description: c.description(),
});

describe('the whole tree, command by command', async () => {
  const full = walk(await testFactory(memoryIo()).tree());

  it('each command, built for its own command line, is the command of the whole tree', async () => {
    let leaves = 0;
    for (const [path, cmd] of full) {
      const program = await buildProgram(testFactory(memoryIo()), ['node', 'ops', ...path.split(' ')]);
      const built = walk(program).get(path);
      expect(built, path).toBeDefined();
      expect(shape(built!), path).toEqual(shape(cmd));
      if (cmd.commands.length === 0) leaves++;
    }
    expect(leaves).toBeGreaterThan(200);
  });

  it('a verb of a service is built alone', async () => {
    const program = await buildProgram(testFactory(memoryIo()), [
      'node',
      'ops',
      'pipelines',
      'context',
      'list',
      '--limit',
      '10',
    ]);
    const built = walk(program);
    expect(names(built.get('pipelines context')!)).toEqual(['list', 'env', 'restriction']);
    expect(built.get('pipelines context env')!.commands).toHaveLength(0);
    expect(built.get('pipelines insights')!.commands).toHaveLength(0);
  });

  it("no group has a flag that takes a value (the words would take it for a command's name)", () => {
    const groups = [...full].filter(([, c]) => c.commands.length > 0);
    expect(groups.length).toBeGreaterThan(30);
    for (const [path, cmd] of groups)
      for (const o of cmd.options) expect(o.required || o.optional, `${path} ${o.flags}`).toBe(false);
  });
});
