import { UsageError } from '../errors.js';

/**
 * An expansion's words as a POSIX shell would split them: spaces separate, '…' keeps everything,
 * "…" keeps all but `\"` and `\\`, a backslash outside quotes keeps the next character. An open
 * quote is exit 2 (gh's shlex refuses it too).
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = closing(text, i, c);
      let inner = text.slice(i + 1, end);
      if (c === '"') inner = inner.replace(/\\(["\\$`])/g, '$1');
      word = (word ?? '') + inner;
      i = end;
    } else if (c === '\\' && i + 1 < text.length) word = (word ?? '') + text[++i];
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

function closing(text: string, from: number, quote: string): number {
  for (let i = from + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  throw new UsageError(
    `unclosed ${quote} in the alias "${text.slice(0, 40)}"`,
    `close it: ops alias set NAME '…'`,
  );
}

/** `$1`…`$N` in an expansion. */
const PLACEHOLDER = /\$(\d+)/g;

/** The highest placeholder an expansion has (`hosts list --limit $1`: 1), 0 when none. */
export function placeholders(expansion: string): number {
  return Math.max(0, ...[...expansion.matchAll(PLACEHOLDER)].map((m) => Number(m[1])));
}

/**
 * gh's rule: the arguments fill `$1`…`$N` (each as one word, whatever spaces it holds), those past
 * the highest placeholder are appended. Fewer arguments than placeholders is exit 2.
 */
export function expandAlias(name: string, expansion: string, args: readonly string[]): string[] {
  const n = placeholders(expansion);
  if (args.length < n)
    throw new UsageError(
      `the alias ${name} takes ${n} argument${n === 1 ? '' : 's'}, got ${args.length}`,
      `its expansion: ${expansion}`,
    );
  const filled = splitWords(expansion).map((w) =>
    w.replace(PLACEHOLDER, (_m, k) => args[Number(k) - 1] ?? ''),
  );
  return [...filled, ...args.slice(n)];
}
