import { describe, expect, it } from 'vitest';
import type { BundleDiffWire } from '../../src/clients/pipelines/types.js';
import { runPolicyBundlePush } from '../../src/commands/pipelines/policy/bundle/push.js';
import { IDS, output, stubClient } from './helpers.js';

const scope = { ownerId: IDS.acme, context: 'config' };
const POLICIES = { 'a.rego': 'package org\npolicy_name["a"]\n' };

/** A push on a terminal: the calls sent (dry or not) and the questions asked. */
async function push(plan: BundleDiffWire, o: { refuse?: boolean } = {}) {
  const sent: boolean[] = [];
  const asked: string[] = [];
  const out = output({ tty: true });
  const err = await runPolicyBundlePush({
    ...out,
    client: async () =>
      stubClient({
        createPolicyBundle: async (_s, _p, dry) => {
          sent.push(dry);
          return plan;
        },
      }),
    scope,
    dir: 'policies',
    policies: async () => POLICIES,
    plan: 'ask',
    whole: false,
    confirm: async (a) => {
      asked.push(a);
      if (o.refuse) throw new Error('not confirmed');
    },
  }).catch((e: unknown) => e);
  return { sent, asked, err, out };
}

describe('policy bundle push on a terminal: the plan first, a question only when it deletes', () => {
  it('a plan that deletes: shown, asked about (naming what goes), then pushed', async () => {
    const r = await push({ created: ['a'], modified: [], deleted: ['team_hygiene', 'ci_security'] });
    expect(r.err).toBeUndefined();
    expect(r.sent).toEqual([true, false]);
    expect(r.asked).toEqual(['Push the bundle of policies, deleting policies team_hygiene, ci_security']);
    expect(r.out.io.err()).toContain('would be deleted: team_hygiene\n');
    expect(r.out.io.out()).toMatch(/^CHANGE\s+POLICY\ncreated\s+a\ndeleted\s+team_hygiene\n/);
  });

  it('a plan that deletes nothing: no question', async () => {
    const r = await push({ created: ['a'], modified: [], deleted: [] });
    expect(r.sent).toEqual([true, false]);
    expect(r.asked).toEqual([]);
  });

  it('a refused question: only the dry run was sent', async () => {
    const r = await push({ created: [], modified: [], deleted: ['x'] }, { refuse: true });
    expect((r.err as Error).message).toBe('not confirmed');
    expect(r.sent).toEqual([true]);
  });
});
