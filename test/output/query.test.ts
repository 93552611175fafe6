import { describe, expect, it } from 'vitest';
import { ExitCode, OpsError, UsageError } from '../../src/errors.js';
import { compileQuery } from '../../src/output/query.js';

function refused(expression: string): UsageError {
  try {
    compileQuery(expression);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error(`"${expression}" was accepted`);
}

describe('--query is checked whole before any request', () => {
  it.each([
    ['empty', '', /^--query is empty$/],
    ['blank', '  ', /^--query is empty$/],
    // The library itself reads an unclosed 'raw string' as a literal and would match nothing.
    ['an unclosed raw string', "[?name=='web]", /the raw string opened at character 9 is never closed/],
    ['an unclosed JSON literal', '[?id > `5]', /the JSON literal opened at character 8 is never closed/],
    ['an unclosed quoted name', '"host name', /the quoted name opened at character 1 is never closed/],
    ['an escaped quote that leaves it open', "[?name=='it\\'s]", /raw string opened at character 9/],
    ['a syntax error', '[[[', /: the expression ends too early$/],
    ['a dangling dot', 'a.', /: the expression ends too early$/],
    ['a literal that is not JSON', '`abc`', /a `…` literal must hold JSON/],
    ['an unknown function', 'nosuch(@)', /: unknown function nosuch\(\)$/],
    ['an unknown function after a pipe', 'host_list | sort_bye(@, &name)', /unknown function sort_bye\(\)/],
    ['an unknown function in a filter', '[?starts_wiht(name, `"w"`)]', /unknown function starts_wiht\(\)/],
    [
      'an unknown function in an expression reference',
      'max_by(@, &lenght(name))',
      /unknown function lenght\(\)/,
    ],
    ['too many arguments', 'length(@, @)', /length\(\) takes 1 argument, got 2$/],
    ['too few arguments', 'sort_by(@)', /sort_by\(\) takes 2 arguments, got 1$/],
  ])('%s: exit 2 naming it', (_what, expression, message) => {
    const err = refused(expression);
    expect(err.exitCode).toBe(ExitCode.usage);
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain('\n');
    expect(err.hint).toBeTruthy();
  });

  it('names every known function when one is unknown', () => {
    expect(refused('lenght(@)').hint).toMatch(/^functions: abs, avg, .*length, .*sort_by/);
  });

  it.each([
    ['[?id > `5`].name', [{ id: 6, name: 'b' }]],
    ["[?name=='it\\'s'].id", [{ id: 1, name: "it's" }]],
    ['"host name"', { 'host name': 'x' }],
    ['sort_by(@, &id)[].id', [{ id: 2 }, { id: 1 }]],
    ['join(`", "`, [].name)', [{ name: 'a' }, { name: 'b' }]],
    ['not_null(a, b, c)', { c: 1 }],
    // A literal holding an object shaped like a call is data, not a call.
    ['`{"type": "Function", "name": "nosuch", "children": []}`', null],
  ])('%s compiles and runs', (expression, data) => {
    expect(() => compileQuery(expression)(data)).not.toThrow();
  });

  it('a failure known only from the data is exit 1, after the fact, said as such', () => {
    const q = compileQuery('length(@)');
    let err: unknown;
    try {
      q(5);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OpsError);
    expect((err as OpsError).exitCode).toBe(ExitCode.failure);
    expect((err as OpsError).message).toMatch(/^--query "length\(@\)" failed on the result: .*length/);
  });
});
