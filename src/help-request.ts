/**
 * `ops help secrets kv` is `ops secrets kv --help`, at any depth (commander's own help command looks
 * one level down only); `ops help <word>` may also be a help topic (`ops help exit-codes`), returned
 * apart. Any other command line is returned as it is.
 */
export function helpRequest(argv: string[]): { argv: string[]; topic: string | undefined } {
  if (argv[2] !== 'help' || !argv.slice(3).every((w) => /^[a-z][a-z0-9-]*$/.test(w)))
    return { argv, topic: undefined };
  return {
    argv: [...argv.slice(0, 2), ...argv.slice(3), '--help'],
    topic: argv.length === 4 ? argv[3] : undefined,
  };
}
