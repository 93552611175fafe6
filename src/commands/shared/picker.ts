import { Writable } from 'node:stream';
import { InterruptedError } from '../../errors.js';
import type { Io } from '../../io.js';
import { escapeLine } from '../../output/text.js';
import type { PickSpec } from './pick-spec.js';

/**
 * Asks on the terminal for one of `items` (type to filter, arrows and Enter), on stderr; gives its id.
 * A bundle of its own (scripts/bundles.mjs): only a command that shows a picker loads it.
 */
export async function pick<T>(io: Io, spec: PickSpec<T>, items: T[]): Promise<string> {
  const choices = items.map((item) => ({ name: escapeLine(spec.label(item)), value: spec.id(item) }));
  const search = (await import('@inquirer/search')).default;
  // The prompt writes to stderr (stdout is data), through the command's own stderr.
  const output = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      io.stderr.write(chunk.toString());
      done();
    },
  });
  try {
    return await search(
      {
        message: `Choose a ${spec.what} (type to filter)`,
        pageSize: 10,
        source: (term) => {
          const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
          return choices.filter((c) => words.every((w) => c.name.toLowerCase().includes(w)));
        },
      },
      { input: io.stdin, output, signal: io.signal },
    );
  } catch (err) {
    // Ctrl-C on the prompt, or the process's interruption: exit 130 like any other.
    if (err instanceof Error && /ExitPromptError|AbortPromptError/.test(err.name))
      throw new InterruptedError();
    throw err;
  }
}
