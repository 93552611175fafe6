import type { EventEmitter } from 'node:events';
import { Command } from 'commander';
import type { Factory, GlobalFlags, VerbCall } from './app/types.js';
import { freshVerb } from './commands/shared/verbs.js';
import { ExitCode } from './errors.js';
import { envDebug, exitCodeOf } from './render-error.js';
import { pathOf, usageErrors } from './usage-errors.js';

/**
 * Runs a verb in this process without a command line: a copy of the verb is built by its builder,
 * under a root that holds only `globals`, and each option is given to it as commander gives a parsed
 * one (its parser and choices check run as on a command line); then its checks, hooks and action run
 * as `parse` runs them. Every call has its own copy, so calls that run at once share nothing. Errors end
 * as in `run`: one line or a JSON envelope on the factory's stderr, and the exit code.
 */
export async function callVerb(factory: Factory, call: VerbCall): Promise<number> {
  const { io } = factory;
  const mode = {
    json: call.globals.json === true || call.globals.output === 'json',
    debug: call.globals.debug === true || envDebug(io.env),
  };
  try {
    const verb = freshVerb(call.verb, factory);
    if (!verb) throw new Error(`${pathOf(call.verb)} is not a service's verb`);
    underRoot(verb, pathOf(call.verb).split(' '), call.globals);
    verb.exitOverride().configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => undefined,
    });
    usageErrors(verb);
    for (const [flag, value] of call.options) give(verb, flag, value);
    // The arguments after `--`: values, never read as flags.
    await verb.parseAsync(['--', ...call.args], { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    return exitCodeOf(err, io, mode, io.signal);
  }
}

/** Hangs the verb under groups of its path's names and a root holding the global flags' values. */
function underRoot(verb: Command, words: readonly string[], globals: GlobalFlags): void {
  let parent = new Command(words[0]);
  for (const [key, value] of Object.entries(globals))
    if (value !== undefined) parent.setOptionValueWithSource(key, value, 'cli');
  for (const word of words.slice(1, -1)) {
    const group = new Command(word);
    parent.addCommand(group);
    parent = group;
  }
  parent.addCommand(verb);
}

/** An option's value, given as commander gives one it parsed: through the option's parser and choices. */
function give(verb: Command, flag: string, value: string | readonly string[] | true): void {
  const option = verb.options.find((o) => o.long === flag);
  if (!option) throw new Error(`${pathOf(verb)} has no ${flag}`);
  // Commander's own event for an option it has read (its parser, choices and repeats are there).
  const emitter = verb as unknown as EventEmitter;
  const event = `option:${option.name()}`;
  if (value === true) emitter.emit(event, undefined);
  else for (const v of typeof value === 'string' ? [value] : value) emitter.emit(event, v);
}
