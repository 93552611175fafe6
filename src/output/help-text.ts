// Help pages fit the terminal (80 columns for the pages the build writes): docs/grammar.md, "Tables".
import { type Command, Help } from 'commander';
import { displayWidth } from './text.js';

/** A line of an Examples block: indented, and a command (not prose). */
const EXAMPLE = /^ {2}\S/;

/**
 * Help text as it is written to stdout, brought within `width` columns: a prose paragraph with a line
 * too long is wrapped again as one paragraph; an indented line (an example, a list entry) too long is
 * broken at a space outside quotes and before any `#` comment, as a shell line continued with ` \`
 * (so that the example still runs as written); `Usage:` continues under itself.
 */
export function fitHelpText(text: string, width: number): string {
  const lines = text.split('\n');
  if (lines.every((l) => displayWidth(l) <= width)) return text;
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.startsWith('Usage: ') && displayWidth(line) > width) {
      out.push(...wrapWords(line.slice(7), width - 7).map((l, k) => (k === 0 ? 'Usage: ' : '       ') + l));
      i++;
    } else if (EXAMPLE.test(line) || line.startsWith('    ')) {
      out.push(...(displayWidth(line) > width ? breakCommand(line, width) : [line]));
      i++;
    } else if (line.trim() === '' || line.endsWith(':')) {
      out.push(line);
      i++;
    } else {
      // A prose paragraph: its lines up to a blank line, an indented line or a heading.
      let j = i;
      while (j < lines.length && lines[j]!.trim() !== '' && !/^\s/.test(lines[j]!)) j++;
      const paragraph = lines.slice(i, Math.max(j, i + 1));
      if (paragraph.some((l) => displayWidth(l) > width)) out.push(...wrapWords(paragraph.join(' '), width));
      else out.push(...paragraph);
      i = Math.max(j, i + 1);
    }
  }
  return out.join('\n');
}

/** Words joined into lines of at most `width` columns (a word wider than that keeps its own line). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A shell line broken into lines of at most `width` columns with ` \` continuations, each continuation
 * indented two more spaces. It breaks only at a space outside quotes and before a `#` comment, which
 * stays on the last line; a line that has no such space is left as it is.
 */
function breakCommand(line: string, width: number): string[] {
  const indent = /^ */.exec(line)![0];
  const more = `${indent}  `;
  // The places a break may go: spaces outside quotes, before any comment.
  const spaces: number[] = [];
  let quote: string | undefined;
  let comment = line.length;
  for (let k = indent.length; k < line.length; k++) {
    const c = line[k]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') k++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') k++;
    else if (c === '#' && line[k - 1] === ' ') {
      comment = k;
      break;
    } else if (c === ' ' && line[k - 1] !== ' ') spaces.push(k);
  }
  // A comment is kept on the line, two spaces after the command.
  const command = line.slice(0, comment).trimEnd();
  const note = comment < line.length ? `  ${line.slice(comment)}` : '';
  const out: string[] = [];
  let prefix = '';
  let offset = 0;
  for (;;) {
    const room = width - displayWidth(prefix) - 2;
    const rest = command.slice(offset);
    if (displayWidth(prefix + rest + note) <= width) {
      out.push(prefix + rest + note);
      return out;
    }
    const at = spaces.filter(
      (s) => s > offset && s < command.length && displayWidth(prefix + command.slice(offset, s)) <= room,
    );
    const cut = at.length > 0 ? at[at.length - 1]! : spaces.find((s) => s > offset && s < command.length);
    if (cut === undefined) {
      out.push(prefix + rest + note);
      return out;
    }
    out.push(`${prefix}${command.slice(offset, cut)} \\`);
    offset = cut + 1;
    prefix = more;
  }
}

/** Terms (flags, subcommands with their arguments) wider than this go on a line of their own. */
const TERM_WIDTH = 32;

/** The one line every page has in place of the global flags, which `ops help flags` lists. */
export const GLOBAL_FLAGS_LINE = "Global flags (-o, --json, --query, --dry-run, -y…): run 'ops help flags'";

/**
 * Commander's help layout, read by a newcomer (docs/grammar.md, "Help pages"): the commands first (in
 * their groups on the root page), then the command's own flags, then one line pointing at the global
 * flags (listed once, by `ops help flags`), then the examples that verbs add after the page. The term
 * column is bounded: a long subcommand term (`deregister-target-group <group> <target-group>`) no
 * longer pushes every description past the page's width; it takes a line of its own.
 */
export const helpLayout: Partial<Help> = {
  // The widest term the page shows (the root shows no flags), at most TERM_WIDTH.
  padWidth(cmd, helper) {
    const terms = [
      ...helper.visibleArguments(cmd).map((a) => helper.argumentTerm(a)),
      ...helper.visibleCommands(cmd).map((c) => helper.subcommandTerm(c)),
      ...(cmd.parent ? helper.visibleOptions(cmd).map((o) => helper.optionTerm(o)) : []),
    ];
    return Math.min(TERM_WIDTH, Math.max(0, ...terms.map((t) => helper.displayWidth(t))));
  },
  formatItem(term, termWidth, description, helper) {
    const item = Help.prototype.formatItem;
    if (!description || helper.displayWidth(term) <= termWidth)
      return item.call(this, term, termWidth, description, helper);
    return `  ${term}\n${item.call(this, '', termWidth, description, helper)}`;
  },
  // A verb's flags are on its own page: `list`, not `list [options]`.
  subcommandTerm(cmd) {
    return Help.prototype.subcommandTerm.call(this, cmd).replace(' [options]', '');
  },
  // -h is on every page: said once, by the line that points at the global flags.
  visibleOptions(cmd) {
    return Help.prototype.visibleOptions.call(this, cmd).filter((o) => o.long !== '--help');
  },
  formatHelp(cmd, helper) {
    const width = helper.padWidth(cmd, helper);
    const item = (term: string, description: string) => helper.formatItem(term, width, description, helper);
    const out = [`Usage: ${helper.commandUsage(cmd)}`, ''];
    const description = helper.commandDescription(cmd);
    if (description) out.push(helper.boxWrap(description, helper.helpWidth ?? 80), '');
    const list = (heading: string, items: string[]) =>
      out.push(...helper.formatItemList(heading, items, helper));
    list(
      'Arguments:',
      helper.visibleArguments(cmd).map((a) => item(helper.argumentTerm(a), helper.argumentDescription(a))),
    );
    const groups = helper.groupItems(
      [...cmd.commands],
      helper.visibleCommands(cmd),
      (c) => c.helpGroup() || 'Commands:',
    );
    for (const [heading, subs] of groups)
      list(
        heading,
        subs.map((c) => item(helper.subcommandTerm(c), helper.subcommandDescription(c))),
      );
    // The root's own flags are the global flags: `ops help flags` lists them.
    if (cmd.parent)
      list(
        'Options:',
        helper.visibleOptions(cmd).map((o) => item(helper.optionTerm(o), helper.optionDescription(o))),
      );
    out.push(GLOBAL_FLAGS_LINE, '');
    return out.join('\n');
  },
};

/** The global flags (the root's own), as `ops help flags` lists them. */
export function globalFlagsText(root: Command, width = 80): string {
  const helper = Object.assign(root.createHelp(), helpLayout, { helpWidth: width });
  const options = Help.prototype.visibleOptions.call(helper, root);
  const pad = Math.min(TERM_WIDTH, Math.max(...options.map((o) => helper.optionTerm(o).length)));
  return options
    .map((o) => helper.formatItem(helper.optionTerm(o), pad, helper.optionDescription(o), helper))
    .join('\n');
}
