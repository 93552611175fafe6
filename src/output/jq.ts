import { type Jq, loadJq } from './jq-wasm.js';
import { OpsError, UsageError } from '../errors.js';
import { escapeControls, jsonSafe } from './text.js';

/**
 * A compiled --jq: the text `jq -r EXPRESSION` prints for a result ('' when it yields nothing), with
 * control characters escaped as every output has them: a raw string's visibly (`\e[31m`, `\x9b`),
 * JSON's as JSON escapes (`\u009b`, where jq writes C1 controls raw), so that it still reads back.
 */
export type JqFilter = (data: unknown) => string;

const SYNTAX_HINT = 'see https://jqlang.org/manual for the syntax; quote the whole expression for the shell';

/**
 * jq itself (jq-wasm: jqlang's C code compiled to WebAssembly, its bytes a file of the build), one
 * instance per process, made on first use.
 */
let instance: Promise<Jq> | undefined;
const jq = () => {
  instance ??= loadJq();
  return instance;
};

const compiled = new Map<string, JqFilter>();

/** The `jq: error: …` lines of jq's stderr, one line (its source excerpts and carets dropped). */
function jqMessage(stderr: string): string {
  const errors = stderr
    .split('\n')
    .filter((l) => l.startsWith('jq: error'))
    .map((l) => l.replace(/^jq: error(?: \(at [^)]*\))?: /, ''));
  return (errors.length ? errors.join('; ') : stderr.trim()).replace(/:$/, '');
}

/**
 * The leading text of every run: the wasm build trims what jq wrote, which would eat the leading and
 * trailing whitespace of a raw string (an empty string's line, an indented value); a first output
 * that is no whitespace, and a NUL after each output (`--raw-output0`), keep it all.
 */
const MARK = 'ops';

/** Said before each result, so that a raw string and JSON are told apart (`"1"` and `1` print alike). */
const STRING = 's';
const JSON_TEXT = 'j';

/** The program run for an expression: MARK, then each result after its kind. */
const runnable = (expression: string): string =>
  `${JSON.stringify(MARK)}, ((${expression}\n) | if type == "string" then "${STRING}", . else "${JSON_TEXT}", . end)`;

/**
 * jq -r's lines from the outputs of a run (each after its kind, each ended by a NUL): a string as it
 * is, anything else as jq writes JSON, each escaped as its kind is.
 */
function printed(outputs: string): string {
  const parts = outputs.split('\0');
  let text = '';
  for (let i = 0; i + 1 < parts.length; i += 2)
    text += `${parts[i] === STRING ? escapeControls(parts[i + 1]!) : jsonSafe(parts[i + 1]!)}\n`;
  return text;
}

/**
 * Compiles a jq expression so that a bad one is exit 2 before any request, with jq's own message.
 * jq has no compile-only mode, so the expression is compiled where it cannot run (`empty | (…)`),
 * and inside both kinds of bracket so that it cannot close one of them itself; only when that
 * fails is it compiled alone, which then fails too (without running), for jq's message about it.
 */
export async function compileJq(expression: string): Promise<JqFilter> {
  const known = compiled.get(expression);
  if (known) return known;
  if (expression.trim() === '')
    throw new UsageError('--jq is empty', "give a jq expression, e.g. --jq '.[].name'");
  const j = await jq();
  const fails = (program: string) => j.raw(null, program, ['-n']).exitCode !== 0;
  if (fails(`empty | (\n${expression}\n)`) || fails(`empty | [\n${expression}\n]`)) {
    const alone = j.raw(null, expression, ['-n']);
    throw new UsageError(`invalid --jq "${expression}": ${jqMessage(alone.stderr)}`, SYNTAX_HINT);
  }
  const filter: JqFilter = (data) => {
    const r = j.raw(JSON.stringify(data ?? null), runnable(expression), ['--raw-output0']);
    if (r.exitCode !== 0)
      throw new OpsError(`--jq "${expression}" failed on the result: ${jqMessage(r.stderr)}`, {
        hint: 'check the expression against the result: rerun with -o json and without --jq',
      });
    return printed(r.stdout.slice(MARK.length + 1));
  };
  compiled.set(expression, filter);
  return filter;
}
