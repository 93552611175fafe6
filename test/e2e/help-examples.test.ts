import { describe, expect, it } from 'vitest';
import { documented, runsAsDocumented } from '../helpers/documented.js';
import { helpExamples, helpPages } from '../helpers/examples.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every example of the help pages of secrets, meter, hosts and breach and of the built-in commands
 * runs as written through the built CLI against the sandbox and exits as documented (the newer
 * services' own tests run theirs). Help examples are alternatives, not steps: each line runs alone,
 * on a sandbox reset again.
 */

const sb = await useSandbox();
/** `ops secrets operator init` is for a store that is not initialized yet. */
const uninitialized = await useSandbox({
  services: ['secrets'],
  settings: { 'secrets.state': 'uninitialized' },
});

describe('every help example of the first services and the built-in commands runs as written', () => {
  const pages = helpPages(['secrets', 'meter', 'hosts', 'breach', 'config', 'api', 'sandbox', 'completion']);
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(50);
  });
  for (const page of pages) {
    const sandbox = page === 'ops secrets operator init' ? uninitialized : sb;
    it(page, runsAsDocumented(helpExamples(page), { ...documented(sandbox), alone: true }), 120_000);
  }
});
