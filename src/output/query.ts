import { TreeInterpreter, compile } from '@jmespath-community/jmespath';
import { OpsError, UsageError } from '../errors.js';

export type Query = (data: unknown) => unknown;

type Ast = ReturnType<typeof compile>;

const SYNTAX_HINT = 'see https://jmespath.org for the syntax; quote the whole expression for the shell';

const QUOTES: Record<string, string> = {
  "'": 'raw string',
  '"': 'quoted name',
  '`': 'JSON literal',
};

/**
 * The first quote that is never closed, found the way the library's lexer reads quotes (a backslash
 * escapes the quote and itself). The library itself takes an unclosed raw string `'abc` as the
 * literal "abc", so `[?name=='web]` would silently match nothing.
 */
function unclosedQuote(expression: string): { quote: string; at: number } | undefined {
  for (let i = 0; i < expression.length; i++) {
    const quote = expression[i]!;
    if (!(quote in QUOTES)) continue;
    const start = i;
    for (i++; i < expression.length && expression[i] !== quote; i++)
      if (expression[i] === '\\' && (expression[i + 1] === '\\' || expression[i + 1] === quote)) i++;
    if (i >= expression.length) return { quote, at: start };
  }
  return undefined;
}

/** Every function call of the expression, with its number of arguments (literals are data, not calls). */
function functionCalls(node: unknown, out: Array<{ name: string; args: number }> = []) {
  if (Array.isArray(node)) {
    for (const child of node) functionCalls(child, out);
  } else if (node !== null && typeof node === 'object') {
    const n = node as { type?: unknown; name?: unknown; children?: unknown[] };
    if (n.type === 'Literal') return out;
    if (n.type === 'Function' && typeof n.name === 'string')
      out.push({ name: n.name, args: n.children?.length ?? 0 });
    for (const value of Object.values(n)) functionCalls(value, out);
  }
  return out;
}

/** Unknown functions and wrong argument counts, which the library finds only while searching the result. */
function checkFunctions(ast: Ast, expression: string): void {
  const table = TreeInterpreter.runtime._functionTable;
  for (const call of functionCalls(ast)) {
    const entry = Object.hasOwn(table, call.name) ? table[call.name] : undefined;
    if (!entry)
      throw new UsageError(
        `invalid --query "${expression}": unknown function ${call.name}()`,
        `functions: ${Object.keys(table).sort().join(', ')}`,
      );
    const signature = entry._signature;
    const required = signature.filter((a) => !a.optional).length;
    const variadic = signature.at(-1)?.variadic === true;
    if (call.args < required || (!variadic && call.args > signature.length)) {
      const takes =
        variadic || required === signature.length
          ? `${variadic ? 'at least ' : ''}${required}`
          : `${required} to ${signature.length}`;
      throw new UsageError(
        `invalid --query "${expression}": ${call.name}() takes ${takes} argument${takes === '1' ? '' : 's'}, got ${call.args}`,
        SYNTAX_HINT,
      );
    }
  }
}

/** The library's message, said for people: its lexer errors do not name the problem. */
function syntaxMessage(err: Error): string {
  const m = err.message.replace(/^Syntax error:?\s*|^syntax:\s*/i, '');
  if (/JSON literal/.test(m)) return 'a `…` literal must hold JSON (a string is `"text"` or \'text\')';
  if (/invalid token \(EOF\)|unexpected token: \(EOF\)/.test(m)) return 'the expression ends too early';
  return m;
}

/**
 * Compiles a JMESPath expression (the community-maintained implementation of the current spec, as az
 * and aws use JMESPath) so that a bad expression fails with exit 2 before any request: an empty one,
 * an unclosed quote, a syntax error, an unknown function or a wrong number of arguments.
 */
export function compileQuery(expression: string): Query {
  if (expression.trim() === '')
    throw new UsageError('--query is empty', "give a JMESPath expression, e.g. --query '[].name'");
  const open = unclosedQuote(expression);
  if (open)
    throw new UsageError(
      `invalid --query "${expression}": the ${QUOTES[open.quote]} opened at character ${open.at + 1} is never closed`,
      `close it with ${open.quote}, and quote the whole expression for the shell`,
    );
  let ast: Ast;
  try {
    ast = compile(expression);
  } catch (err) {
    throw new UsageError(`invalid --query "${expression}": ${syntaxMessage(err as Error)}`, SYNTAX_HINT);
  }
  checkFunctions(ast, expression);
  return (data) => {
    try {
      return TreeInterpreter.search(ast, data as Parameters<typeof TreeInterpreter.search>[1]);
    } catch (err) {
      // A type the result does not have (`length` of a number): known only once the data is here.
      throw new OpsError(`--query "${expression}" failed on the result: ${(err as Error).message}`, {
        hint: 'check the expression against the result: rerun with -o json and without --query',
      });
    }
  };
}
