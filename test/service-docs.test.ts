import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf, collect, type DocsInput, GENERATED, generate } from '../scripts/service-docs.js';
import { ROOT } from './helpers/examples.js';

/**
 * The lists of services in the docs are generated blocks (scripts/service-docs.ts): a block that differs
 * from what `npm run docs` would write fails here, naming its file and block.
 */
const input = await collect(ROOT);

describe('the generated lists of services in the docs', () => {
  it.each(Object.keys(GENERATED))('%s: its blocks are as `npm run docs` writes them', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(blocksOf(text), `${file}: its generated blocks`).toEqual(GENERATED[file]);
    const next = generate(text, input);
    const stale = blocksOf(text).filter((_, i) => block(text, i) !== block(next, i));
    expect(stale, `${file}: stale blocks, run \`npm run docs\``).toEqual([]);
    expect(next === text, `${file} is as \`npm run docs\` writes it`).toBe(true);
  });

  it('a block is written between its markers, the rest of the file kept; an unknown block is refused', () => {
    const one: DocsInput = {
      ...input,
      services: [
        { name: 'zz', summary: 'Zz: things', example: 'ops zz list', mainSettings: ['api_key', 'region'] },
      ],
      descriptors: { zz: { title: 'zz things', stdinCredential: 'api_key' } },
    };
    const text = 'before\n<!-- generated: environment; a note -->\nold\n<!-- end generated -->\nafter\n';
    expect(generate(text, one)).toBe(
      'before\n<!-- generated: environment; a note -->\n\n' +
        '| service | address | credentials and options |\n|---|---|---|\n' +
        '| zz | `OPS_ZZ_BASE_URL` | `OPS_ZZ_API_KEY`, `OPS_ZZ_REGION` |\n\n' +
        '<!-- end generated -->\nafter\n',
    );
    expect(generate('x <!-- generated: service-names -->y<!-- end generated -->.', one)).toBe(
      'x <!-- generated: service-names -->`zz`<!-- end generated -->.',
    );
    expect(() => generate('<!-- generated: nosuch -->\n<!-- end generated -->', one)).toThrow(
      'unknown generated block "nosuch"',
    );
  });

  it('the count of services is a word, in a block and in the tagline without markers', () => {
    const two = { ...input, services: input.services.slice(0, 2) };
    expect(generate('all <!-- generated: how-many -->many<!-- end generated --> services', two)).toBe(
      'all <!-- generated: how-many -->two<!-- end generated --> services',
    );
    expect(generate('"One command-line tool for many HTTP APIs: more"', two)).toBe(
      '"One command-line tool for two HTTP APIs: more"',
    );
  });

  it('--token-stdin names the usual credential alone and the others with their services', () => {
    const text = '<!-- generated: token-stdin -->x<!-- end generated -->';
    const services = ['a', 'b', 'c', 'd'].map((name) => ({
      name,
      summary: '',
      example: '',
      mainSettings: [],
    }));
    const descriptors = Object.fromEntries(
      Object.entries({ a: 'token', b: 'api_key', c: 'token', d: 'password' }).map(
        ([name, stdinCredential]) => [name, { title: name, stdinCredential }],
      ),
    );
    expect(generate(text, { ...input, services, descriptors })).toBe(
      '<!-- generated: token-stdin -->(the token; the API key of b; the password of d)<!-- end generated -->',
    );
  });

  it('the table of own flags lists each group that has some, sorted', () => {
    const text = '<!-- generated: own-flags -->\n<!-- end generated -->';
    const ownFlags = { zz: ['--b', '--a'], none: [], aa: ['--x'] };
    expect(generate(text, { ...input, ownFlags })).toContain(
      '| group | its own flags |\n|---|---|\n| aa | `--x` |\n| zz | `--a`, `--b` |\n\n',
    );
  });
});

/** The text of the i-th generated block of a file. */
function block(text: string, i: number): string | undefined {
  return [...text.matchAll(/<!-- generated: [^>]*-->([\s\S]*?)<!-- end generated -->/g)][i]?.[1];
}
