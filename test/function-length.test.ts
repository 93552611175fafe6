import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function in src runs over 150 lines (docs/style.md: a function a reader can follow is a screen or
 * two). A function's lines are from its first to its last, the functions inside it included.
 */
const SRC = join(import.meta.dirname, '..', 'src');
const LIMIT = 150;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Each function of a source text with its length in lines: `name (file:line) lines`. */
function functionLengths(file: string, text: string): Array<{ name: string; line: number; lines: number }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ name: string; line: number; lines: number }> = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const nameOf = (node: ts.Node): string => {
    const named = node as { name?: ts.Node };
    if (named.name && ts.isIdentifier(named.name)) return named.name.text;
    if (named.name) return named.name.getText(source);
    const parent = node.parent;
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
      return parent.name.getText(source);
    return '(anonymous)';
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = lineOf(node.getStart(source));
      out.push({ name: nameOf(node), line: start, lines: lineOf(node.getEnd()) - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('function length', () => {
  it(`no function in src is over ${LIMIT} lines`, () => {
    const long = files(SRC).flatMap((f) =>
      functionLengths(f, readFileSync(f, 'utf8'))
        .filter((fn) => fn.lines > LIMIT)
        .map((fn) => `${relative(SRC, f)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it('counts a function from its first line to its last, inner functions included', () => {
    const text = [
      'function outer() {',
      '  const inner = () => {',
      '    return 1;',
      '  };',
      '  return inner();',
      '}',
    ].join('\n');
    expect(functionLengths('x.ts', text)).toEqual([
      { name: 'outer', line: 1, lines: 6 },
      { name: 'inner', line: 2, lines: 3 },
    ]);
  });
});
