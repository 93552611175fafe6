import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { groupCommand, verbCommand } from '../src/commands/shared/verbs.js';

/**
 * One head for each thing a verb's page starts with (docs/grammar.md, "Help pages"): every verb is
 * started by `verbCommand` (directly or through a family builder built on it), every group by
 * `groupCommand`, and their examples are an array the head prints. Held on the source, so that a new
 * verb cannot bring a second form back.
 */
const SRC = join(import.meta.dirname, '..', 'src');
const HEAD = 'commands/shared/verbs.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files under these folders of `src` whose text matches, the head itself left out. */
function matching(re: RegExp, ...dirs: string[]): string[] {
  return dirs
    .flatMap((d) => files(join(SRC, d)))
    .filter((f) => re.test(readFileSync(f, 'utf8')))
    .map((f) => relative(SRC, f).split('\\').join('/'))
    .filter((f) => f !== HEAD)
    .sort();
}

describe('one head per verb and per group', () => {
  it('no command or sign-in file builds a Command itself: verbCommand or groupCommand does', () => {
    expect(matching(/new Command\(/, 'commands', 'auth')).toEqual([]);
  });

  it('no help text is added outside the head: notes and examples are its arguments', () => {
    expect(matching(/\.addHelpText\(/, 'commands', 'auth')).toEqual([]);
  });

  it('the old heads and example helpers are gone', () => {
    expect(matching(/\b(cloudCommand|tasksCommand|loginCommandBase)\b|function examples\(/, '.')).toEqual([]);
  });
});

/** What commander prints for the command's help, through its own output hook. */
function helpOf(cmd: Command): string {
  let out = '';
  cmd.configureOutput({ writeOut: (s) => void (out += s) });
  cmd.outputHelp();
  return out;
}

describe('verbCommand', () => {
  it('prints the notes, then Examples: with each line indented two spaces, then the footer', () => {
    const cmd = verbCommand('get', 'Show one thing', ['ops x get 1', 'ops x get 2 \\\n    --json'], {
      notes: 'A note\nover two lines.',
      footer: 'Exit 7 when sealed.',
    });
    expect(cmd.name()).toBe('get');
    expect(cmd.description()).toBe('Show one thing');
    expect(helpOf(cmd)).toContain(
      '\n\nA note\nover two lines.\n\nExamples:\n  ops x get 1\n  ops x get 2 \\\n    --json\n\nExit 7 when sealed.\n',
    );
  });

  it('without notes the page goes from the flags straight to Examples:', () => {
    const help = helpOf(verbCommand('list', 'List things', ['ops x list']));
    expect(help).toMatch(/-h, --help {2}display help for command\n\nExamples:\n {2}ops x list\n$/);
  });
});

describe('groupCommand', () => {
  it('adds the group under its parent with the same after-text as a verb', () => {
    const root = new Command('ops');
    const g = groupCommand(root, 'kv', 'KV secrets', ['ops secrets kv list secret/'], {
      notes: 'Two versions.',
    });
    expect(root.commands).toContain(g);
    expect(helpOf(g)).toContain('\n\nTwo versions.\n\nExamples:\n  ops secrets kv list secret/\n');
  });
});
