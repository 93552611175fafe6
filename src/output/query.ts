import { compile, TreeInterpreter } from '@jmespath-community/jmespath';
import { UsageError } from '../errors.js';

export type Query = (data: unknown) => unknown;

/**
 * Compiles a JMESPath expression (the community-maintained implementation of the current spec, as az
 * and aws use JMESPath) so that a bad expression fails with exit 2 before any request.
 */
export function compileQuery(expression: string): Query {
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (err) {
    throw new UsageError(
      `invalid --query "${expression}": ${(err as Error).message}`,
      'see https://jmespath.org for the syntax',
    );
  }
  return (data) => TreeInterpreter.search(ast, data as Parameters<typeof TreeInterpreter.search>[1]);
}
