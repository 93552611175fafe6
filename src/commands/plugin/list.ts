import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { wireFields } from '../../clients/wire-fields.js';
import { aliasesForListing } from '../../extensions/aliases.js';
import { type PluginFile, findPlugins } from '../../extensions/plugins.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { verbCommand } from '../shared/verbs.js';

export interface PluginListOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /** The words ops's own commands answer to, which always win over a plugin. */
  commands: readonly string[];
}

/** A plugin as `ops plugin list -o json` prints it. */
export interface PluginRow {
  name: string;
  path: string;
  executable: boolean;
  /** What runs instead of it, when something does: `command`, `alias`, or the plugin's path that comes first. */
  shadowed_by: string | null;
}

/** A row's fields, for `--json a,b`. */
export const PLUGIN_FIELDS = wireFields<PluginRow>({
  name: true,
  path: true,
  executable: true,
  shadowed_by: true,
});

export function pluginListCommand(factory: Factory, run = runPluginList): Command {
  return verbCommand('list', 'List the plugins on PATH, with their paths', [
    'ops plugin list',
    'ops plugin list --json',
  ]).action(async (_o: unknown, cmd: Command) => {
    const ctx = await factory.context(cmd, { tolerant: true });
    await run({ io: ctx.io, printer: ctx.printer, feedback: ctx.feedback, commands: factory.commandNames() });
  });
}

export async function runPluginList(o: PluginListOptions): Promise<void> {
  const aliases = new Set(aliasesForListing(o.io.env).map((a) => a.name));
  const first = new Map<string, string>();
  const rows = findPlugins(o.io.env).map((p): PluginRow => {
    const row = { ...p, shadowed_by: shadow(p, o.commands, aliases, first.get(p.name)) };
    if (p.executable && !first.has(p.name)) first.set(p.name, p.path);
    return row;
  });
  await o.printer.print(rows, {
    columns: [
      { header: 'name', get: (r) => r.name },
      { header: 'path', get: (r) => r.path, kind: 'text' },
    ],
  });
  for (const r of rows) {
    if (!r.executable)
      o.feedback.warn(`${r.path} is not executable: it never runs (chmod +x to make it a plugin)`);
    else if (r.shadowed_by === 'command')
      o.feedback.warn(
        `${r.path} never runs: the command 'ops ${r.name}' has its name, and ops's own commands win`,
      );
    else if (r.shadowed_by === 'alias')
      o.feedback.warn(`${r.path} never runs: the alias ${r.name} has its name (ops alias list)`);
    else if (r.shadowed_by !== null)
      o.feedback.warn(`${r.path} never runs: ${r.shadowed_by} comes first on PATH`);
  }
}

/** What runs instead of a plugin (a command, an alias, a plugin of its name earlier on PATH), or null. */
function shadow(
  p: PluginFile,
  commands: readonly string[],
  aliases: Set<string>,
  earlier: string | undefined,
): string | null {
  if (commands.includes(p.name)) return 'command';
  if (aliases.has(p.name)) return 'alias';
  return earlier ?? null;
}
