/** A word of a command path, as the built pages are named by (no flag, no value). */
export const WORD = /^[a-z][a-z0-9-]*$/;

/**
 * `ops help secrets kv` is `ops secrets kv --help`, at any depth (commander's own help command looks
 * one level down only); `ops help <word>` may also be a help topic (`ops help exit-codes`), returned
 * apart, with flags after it or not. Any other command line is returned as it is.
 */
export function helpRequest(argv: string[]): { argv: string[]; topic: string | undefined } {
  if (argv[2] !== 'help') return { argv, topic: undefined };
  if (!argv.slice(3).every((w) => WORD.test(w))) {
    // `ops help flags -o json`, `ops help environment --no-pager`: flags after one word, which may be a
    // topic; a command's page is commander's help command's, which takes flags after its words.
    const [word, next] = [argv[3], argv[4]];
    return { argv, topic: word !== undefined && WORD.test(word) && next?.startsWith('-') ? word : undefined };
  }
  return {
    argv: [...argv.slice(0, 2), ...argv.slice(3), '--help'],
    topic: argv.length === 4 ? argv[3] : undefined,
  };
}

/**
 * The built pages (dist/help, each name without `.txt`) that `ops <words> --help` prints as they are, in
 * the order to try them, for a command line `helpRequest` has made (`topic`, its help topic); `root` for
 * the root page, which may list aliases and plugins besides; undefined when commander answers (no help
 * asked for, or words that name no command). bin/ops.cjs repeats these rules, to print a page without
 * compiling main (test/e2e/help-launcher.test.ts holds the two the same).
 */
export function helpPageNames(argv: string[], topic: string | undefined): string[] | 'root' | undefined {
  const args = argv.slice(2);
  const last = args.at(-1);
  if (args.length < 1 || (last !== '--help' && last !== '-h')) return undefined;
  const words = args.slice(0, -1);
  if (!words.every((w) => WORD.test(w))) return undefined;
  if (words.length === 0 && topic === undefined) return 'root';
  return [...(topic === undefined ? [] : [`ops help ${topic}`]), ['ops', ...words].join(' ')];
}
