import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';

/** A verb's builder: the leaf command, with its options and action. */
export type Make = (factory: Factory) => Command;

interface Pending {
  /** Where in the group's list of commands the verbs go (the order help lists them in). */
  at: number;
  verbs: Record<string, Make>;
  factory: Factory;
}

const PENDING = new WeakMap<Command, Pending[]>();

/**
 * Adds a group's verbs, each under the name its builder gives it (`{ list: contextListCommand }`).
 * Nothing is built yet: `buildVerbs`, once the service has registered, builds only the verb the
 * command line names when it names one, and every verb otherwise (help, a mistyped word, the whole
 * tree). Building a leaf (its options, choices, help text) is most of a service's registration: 2 to
 * 4 ms on each start for the larger ones.
 */
export function addVerbs(group: Command, verbs: Record<string, Make>, factory: Factory): Command {
  const pending = PENDING.get(group) ?? [];
  pending.push({ at: group.commands.length, verbs, factory });
  PENDING.set(group, pending);
  return group;
}

/**
 * Builds the verbs `addVerbs` left pending under `root`. With `words` (the command line's words, root
 * flags left out), when they walk from the root through groups to a pending verb, that verb alone
 * is built: nothing else of the tree is shown or run. Otherwise every pending verb is built, in
 * place, so the tree is as if each had been added at once.
 */
export function buildVerbs(root: Command, words?: readonly string[]): void {
  if (words) {
    let group = root;
    for (const word of words) {
      for (const p of PENDING.get(group) ?? []) {
        const make = Object.hasOwn(p.verbs, word) ? p.verbs[word] : undefined;
        if (make) {
          PENDING.delete(group);
          place(group, p.at, [named(make(p.factory), word)]);
          return;
        }
      }
      const next = group.commands.find((c) => c.name() === word || c.aliases().includes(word));
      if (!next) break;
      group = next;
    }
  }
  buildAll(root);
}

function buildAll(group: Command): void {
  const pending = PENDING.get(group);
  if (pending) {
    PENDING.delete(group);
    // Last first, so that each recorded place is still right when its verbs go in.
    for (const p of pending.reverse()) {
      place(
        group,
        p.at,
        Object.entries(p.verbs).map(([name, make]) => named(make(p.factory), name)),
      );
    }
  }
  for (const sub of group.commands) buildAll(sub);
}

/** Adds the commands to the group (commander's checks and parent link), at this place in its list. */
function place(group: Command, at: number, built: Command[]): void {
  for (const cmd of built) group.addCommand(cmd);
  const list = group.commands as Command[];
  list.splice(list.length - built.length, built.length);
  list.splice(at, 0, ...built);
}

/** The verb's key must be its name: a wrong key would send the command line to the wrong verb. */
function named(cmd: Command, name: string): Command {
  if (cmd.name() !== name) throw new Error(`verb '${name}' builds '${cmd.name()}'`);
  return cmd;
}
