import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import type { GlobalFlags } from '../app/types.js';
import { OUTPUT_FORMATS, type OutputFormat } from './printer.js';

/**
 * The output flags, declared once for every command (on the root; commander passes them down). A
 * `--query` is compiled before any command runs, so a bad one is exit 2 before any request; JMESPath
 * is loaded only when a query is given.
 */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('-o, --output <format>', `output format: ${OUTPUT_FORMATS.join(', ')} (env OPS_OUTPUT)`),
    )
    .option(
      '--json [fields]',
      'same as -o json; with fields (name,id,meta.region), only those, in that order',
      (v: string) => (v === '' ? true : v),
    )
    .option('--query <jmespath>', 'filter or reshape the JSON result (JMESPath)')
    .option('--field <name>', 'print one raw value (dotted path) and a newline')
    .option('--jq <expression>', 'filter the JSON result with jq; strings printed raw, one result a line')
    .hook('preAction', async (_root, action) => {
      const { query, jq } = action.optsWithGlobals() as GlobalFlags;
      if (query !== undefined) (await import('./query.js')).compileQuery(query);
      if (jq !== undefined) await (await import('./jq.js')).compileJq(jq);
    });
}

/**
 * Picks the format by precedence: --json, -o, OPS_OUTPUT, profile, table. Invalid values exit 2.
 * --jq filters the JSON result, so it is JSON whatever OPS_OUTPUT or the profile says, and another -o
 * beside it is a conflict; so is one beside --field, which prints raw values.
 */
export function resolveFormat(
  flag: { output?: string; json?: boolean | string; jq?: string; field?: string },
  fromSettings: string | undefined,
): OutputFormat {
  if (flag.jq !== undefined) {
    if (flag.output && flag.output.toLowerCase() !== 'json')
      throw new UsageError(
        `--jq conflicts with -o ${flag.output}`,
        '--jq filters the JSON result and prints what jq prints: drop -o',
      );
    if (flag.field !== undefined)
      throw new UsageError(
        '--jq conflicts with --field',
        "give one of them (--jq '.name' prints a raw value)",
      );
    return 'json';
  }
  // An empty path would be the whole value: a script's empty variable must not print a JSON document.
  if (flag.field !== undefined && flag.field.trim() === '')
    throw new UsageError('--field is empty', "give a field's dotted path, e.g. --field name");
  // One raw value a line, whatever the format would have been: a format given beside it would be lost.
  if (
    flag.field !== undefined &&
    flag.output !== undefined &&
    !['json', 'table'].includes(flag.output.toLowerCase())
  )
    throw new UsageError(
      `--field conflicts with -o ${flag.output}`,
      '--field prints one raw value a line: drop -o',
    );
  // A field list chooses fields, not the format: `--json name,id -o tsv` is their values in that order.
  if (typeof flag.json === 'string' && flag.output !== undefined) return checkedFormat(flag.output);
  if (flag.json) {
    if (flag.output && flag.output !== 'json')
      throw new UsageError(`--json conflicts with -o ${flag.output}`, 'give one of them');
    return 'json';
  }
  return checkedFormat(flag.output ?? fromSettings ?? 'table');
}

function checkedFormat(given: string): OutputFormat {
  const value = given.toLowerCase();
  // Echoed as typed: the value a person looks for in their command line, not a form of it.
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value))
    throw new UsageError(`invalid output format "${given}"`, `use one of: ${OUTPUT_FORMATS.join(', ')}`);
  return value as OutputFormat;
}

/**
 * The first flag on the command line that shapes data (`-o` other than `table`, `--json`, `--query`,
 * `--field`, `--jq`), as typed, or undefined: a verb that prints text refuses it. Only flags count:
 * OPS_OUTPUT and a profile's `output` are defaults for the commands that print data.
 */
export function dataFlag(flag: GlobalFlags): string | undefined {
  if (flag.output !== undefined && flag.output.toLowerCase() !== 'table') return `-o ${flag.output}`;
  if (flag.json !== undefined) return '--json';
  if (flag.query !== undefined) return '--query';
  if (flag.field !== undefined) return '--field';
  if (flag.jq !== undefined) return '--jq';
  return undefined;
}
