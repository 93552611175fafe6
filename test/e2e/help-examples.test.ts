import { describe, expect, it } from 'vitest';
import { documented, runsAsDocumented } from '../helpers/documented.js';
import { helpExamples, helpPages } from '../helpers/examples.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every example of every help page, of every service and the built-in commands, runs as written
 * through the built CLI against the sandbox and exits as documented; where the run departs from the
 * text is listed with its reason in test/helpers/documented.ts. Help examples are alternatives, not
 * steps: each line runs alone, on a sandbox reset again.
 */

const sb = await useSandbox();
/** `ops secrets operator init` is for a store that is not initialized yet. */
const uninitialized = await useSandbox({
  services: ['secrets'],
  settings: { 'secrets.state': 'uninitialized' },
});

describe('every help example runs as written', () => {
  const pages = helpPages();
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(250);
    expect(pages).toEqual(
      expect.arrayContaining(['ops cloud instance launch', 'ops db login', 'ops tasks lists list']),
    );
  });
  it('every command (a page with no subcommands) has an example', () => {
    const leaves = pages.filter((p) => !pages.some((q) => q.startsWith(`${p} `)));
    expect(leaves.filter((p) => helpExamples(p).commands.length === 0)).toEqual([]);
  });
  for (const page of pages) {
    const sandbox = page === 'ops secrets operator init' ? uninitialized : sb;
    it(page, runsAsDocumented(helpExamples(page), { ...documented(sandbox), alone: true }), 120_000);
  }
});
