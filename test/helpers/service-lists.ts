import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './examples.js';

/**
 * Where a list of every service is written by hand: a twelfth service would have to be added to it.
 * The text of each file (generated blocks left out, `<!-- generated: … -->` to `<!-- end generated
 * -->`) is cut into paragraphs at blank lines (a table, a list, a code block without blank lines, an
 * array or a template in code), and a paragraph that names every service, each as a word of its own,
 * is a list. The one that should be found is the service table itself.
 */

/** Where hand-written text lives: the code, the tests, the scripts, the benchmarks and the docs. */
const LOOKED_IN = ['src', 'test', 'scripts', 'bench', 'bin', 'docs', 'README.md', 'package.json'];
/** Made by `npm run docs` from the command tree; and the changelog is history, not a list kept. */
const LEFT_OUT = [join('docs', 'reference')];
const TEXT = /\.(ts|mts|mjs|cjs|js|md|json|sh)$/;
const GENERATED = /<!-- generated: [\s\S]*?<!-- end generated -->/g;

function walk(root: string, path: string): string[] {
  if (LEFT_OUT.includes(relative(root, path))) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return TEXT.test(path) ? [path] : [];
  }
  return entries.flatMap((e) => (e.name === 'node_modules' ? [] : walk(root, join(path, e.name))));
}

/** The paragraphs of a text that name every one of `names`, by their first line (1-based). */
export function listsIn(text: string, names: readonly string[]): number[] {
  const words = names.map((n) => new RegExp(`(?<![\\w-])${n.replace(/ /g, '\\s+')}(?![\\w-])`));
  // A generated block keeps its lines, blank, so that the line numbers stay the file's.
  const lines = text.replace(GENERATED, (m) => '\n'.repeat(m.split('\n').length - 1)).split('\n');
  const found: number[] = [];
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && lines[i]!.trim() !== '') continue;
    const paragraph = lines.slice(start, i).join('\n');
    if (paragraph && words.every((w) => w.test(paragraph))) found.push(start + 1);
    start = i + 1;
  }
  return found;
}

/** Each hand-written list of every one of `names` under `root`, as `path:line`. */
export function handWrittenLists(names: readonly string[], root = ROOT): string[] {
  return LOOKED_IN.flatMap((p) => walk(root, join(root, p)))
    .sort()
    .flatMap((file) =>
      listsIn(readFileSync(file, 'utf8'), names).map((line) => `${relative(root, file)}:${line}`),
    );
}

/** Each line under `root` that has `word` (any case) outside the generated blocks, as `path:line`. */
export function handWrittenWord(word: string, root = ROOT): string[] {
  const re = new RegExp(`(?<![\\w-])${word}(?![\\w-])`, 'i');
  return LOOKED_IN.flatMap((p) => walk(root, join(root, p)))
    .sort()
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .replace(GENERATED, (m) => '\n'.repeat(m.split('\n').length - 1))
        .split('\n')
        .flatMap((line, i) => (re.test(line) ? [`${relative(root, file)}:${i + 1}`] : [])),
    );
}
