import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project a pipelines verb names is resolved once, in its start (`withSlug`, `withProjectId`,
 * `withProject`, `withProjectRef`, `claimsTarget` handed to `start(…, { resolve })`), as runs resolves
 * its repository: no verb looks it up by hand after its start.
 */
const DIR = join(import.meta.dirname, '..', '..', 'src', 'commands', 'pipelines');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('pipelines: the project resolved once in the start', () => {
  it('only project-ref.ts calls the lookups; the verbs hand a resolver to start', () => {
    const byHand = files(DIR)
      .map((f) => relative(DIR, f))
      .filter((p) => p !== 'project-ref.ts' && p !== 'definition/shared.ts')
      .filter((p) => /\b(projectSlugOf|projectIdOf|findProject)\(/.test(readFileSync(join(DIR, p), 'utf8')));
    expect(byHand).toEqual([]);
  });

  it('every verb that takes a project resolves it through start', () => {
    const verbs = files(DIR)
      .map((f) => relative(DIR, f))
      .filter((p) => /\bparseProject(Arg|Ref)?\(/.test(readFileSync(join(DIR, p), 'utf8')))
      .filter((p) => !/shared\.ts$|project-ref\.ts$/.test(p));
    expect(verbs.length).toBeGreaterThanOrEqual(20);
    const without = verbs.filter((p) => {
      const text = readFileSync(join(DIR, p), 'utf8');
      return (
        !/resolve: (withSlug|withProjectId|withProject|withProjectRef|claimsTarget)\(/.test(text) &&
        !/policyStart\(factory, c, o, \{ project \}\)/.test(text) &&
        !/withProjectId\(project/.test(text)
      );
    });
    expect(without).toEqual([]);
  });
});
