// The manual made from the help pages (scripts/help-pages.mjs walks the command tree once and writes
// them): a man page per command for dist/man (`ops(1)`, `ops-runs-list(1)`…), which the npm package
// and every release archive carry, and a Markdown page per command for docs/reference, committed and
// held equal to the help by test/e2e/reference.test.ts (`npm run docs` writes them again).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `ops runs list` → `ops-runs-list`: the name of its man page and of its reference page. Where that
 * name is another command's too (`ops cloud instance-types`, `ops cloud instance types`), the one
 * whose own words hold the hyphen writes it `_` (`ops-cloud-instance_types`).
 */
export function pageName(command, commands = []) {
  const plain = (c) => c.split(' ').join('-');
  const clash = commands.some((c) => c !== command && plain(c) === plain(command));
  return clash
    ? command
        .split(' ')
        .map((w) => w.replace(/-/g, '_'))
        .join('-')
    : plain(command);
}

/** The commands one word below `command` among `commands` (full command lines, `ops …`). */
export const childrenOf = (command, commands) =>
  commands.filter(
    (c) => c.startsWith(`${command} `) && c.split(' ').length === command.split(' ').length + 1,
  );

const parentOf = (command) => command.split(' ').slice(0, -1).join(' ');

/**
 * The reference page of a command: its `--help` as it prints at 80 columns, and links up, down, and
 * (on the root's page) to every command and help topic.
 */
export function referencePage(command, help, { commands, topics = [] }) {
  const link = (c) => `[${c}](${pageName(c, commands)}.md)`;
  const out = [
    `# ${command}`,
    '',
    '<!-- Made by `npm run docs` from the command tree: edit the command, not this page. -->',
    '',
    '```',
    help.trimEnd(),
    '```',
    '',
  ];
  if (command.includes(' ')) out.push(`Up: ${link(parentOf(command))}`, '');
  const below = command === 'ops' ? commands.filter((c) => c !== 'ops') : childrenOf(command, commands);
  if (below.length > 0)
    out.push(command === 'ops' ? 'Every command:' : 'Commands:', '', ...below.map((c) => `- ${link(c)}`), '');
  if (topics.length > 0)
    out.push(
      'Help topics:',
      '',
      ...topics.map((t) => `- [ops help ${t}](${pageName(`ops help ${t}`)}.md)`),
      '',
    );
  return `${out.join('\n').trimEnd()}\n`;
}

/** The reference page of a help topic (`ops help environment`). */
export function topicPage(topic, text) {
  return referencePage(`ops help ${topic}`, text, { commands: [] }).replace(
    /\n\nUp: .*\n$/,
    '\n\nUp: [ops](ops.md)\n',
  );
}

/** Text for roff: backslashes, hyphens (so that flags copy as typed) and a line's leading dot escaped. */
const roff = (s) =>
  s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/, '\\&$1');

/** An item of a help list (`  --limit <n>   how many…`, `  list   List runs`): term and description. */
const ITEM = /^ {2}(\S(?:.*?\S)?)(?: {2,}(\S.*))?$/;

/** A help page's sections: the usage, the description and each `Heading:` with its lines. */
function sections(help) {
  const lines = help.trimEnd().split('\n');
  const usage = lines[0].replace(/^Usage: /, '');
  const out = [{ heading: 'DESCRIPTION', lines: [] }];
  for (const line of lines.slice(1)) {
    const h = /^([A-Z][A-Za-z ]*):$/.exec(line);
    if (h) out.push({ heading: h[1].toUpperCase(), lines: [] });
    else out.at(-1).lines.push(line);
  }
  return { usage, sections: out };
}

/** A section's lines as roff: lists as tagged paragraphs, examples as they are typed, prose as text. */
function body(heading, lines) {
  const out = [];
  if (heading === 'EXAMPLES') {
    out.push('.nf', '.RS 4');
    for (const l of lines) if (l.trim()) out.push(roff(l.replace(/^ {2}/, '')));
    out.push('.RE', '.fi');
    return out;
  }
  for (const line of lines) {
    if (line.trim() === '') {
      if (out.at(-1) !== '.PP') out.push('.PP');
    } else if (/^ {3,}\S/.test(line)) out.push(roff(line.trim()));
    else if (ITEM.test(line)) {
      const [, term, description] = ITEM.exec(line);
      out.push('.TP', `.B ${roff(term)}`);
      if (description) out.push(roff(description));
    } else out.push(roff(line));
  }
  while (out.at(-1) === '.PP') out.pop();
  while (out[0] === '.PP') out.shift();
  return out;
}

/** The man page of a command (section 1) from its help page. */
export function manPage(command, help, { version, commands, topics = [] }) {
  const name = pageName(command, commands);
  const { usage, sections: parts } = sections(help);
  const first =
    parts[0].lines
      .join('\n')
      .trim()
      .split(/\n\s*\n/)[0] ?? command;
  const summary = first.replace(/\s+/g, ' ').replace(/\.$/, '');
  const out = [
    `.TH "${name.toUpperCase()}" "1" "" "ops ${version}" "ops manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(summary)}`,
    '.SH SYNOPSIS',
    `.B ${roff(usage)}`,
  ];
  for (const { heading, lines } of parts) {
    const text = body(heading, lines);
    if (text.length > 0) out.push(`.SH ${heading}`, ...text);
  }
  // The root's page carries the help topics as the sections a man page has for them.
  for (const { heading, text } of topics)
    out.push(`.SH ${heading}`, '.nf', ...text.trimEnd().split('\n').slice(2).map(roff), '.fi');
  const related = [
    ...(command.includes(' ') ? [parentOf(command)] : []),
    ...(command === 'ops'
      ? commands.filter((c) => c.split(' ').length === 2)
      : childrenOf(command, commands)),
  ];
  if (related.length > 0)
    out.push('.SH SEE ALSO', related.map((c) => `.BR ${roff(pageName(c, commands))} (1)`).join('\n'));
  return `${out.join('\n')}\n`;
}

/** A help topic's page in dist/help: `ops help environment`. */
export const TOPIC = /^ops help ([a-z-]+)$/;

/** Where the reference pages go, and the command that writes them again. */
export const REFERENCE_DIR = 'docs/reference';
export const REFERENCE_COMMAND = 'npm run docs';

/** Every reference page (file name → text), made from the help pages of a build (dist/help). */
export function referencePages(root) {
  const help = join(root, 'dist', 'help');
  const files = readdirSync(help)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -4))
    .sort();
  const topics = files.filter((f) => TOPIC.test(f)).map((f) => TOPIC.exec(f)[1]);
  const commands = files.filter((f) => !TOPIC.test(f));
  const pages = new Map();
  for (const c of commands)
    pages.set(
      `${pageName(c, commands)}.md`,
      referencePage(c, readFileSync(join(help, `${c}.txt`), 'utf8'), {
        commands,
        topics: c === 'ops' ? topics : [],
      }),
    );
  for (const t of topics)
    pages.set(
      `${pageName(`ops help ${t}`)}.md`,
      topicPage(t, readFileSync(join(help, `ops help ${t}.txt`), 'utf8')),
    );
  return pages;
}
