import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BreachClient } from '../../src/clients/breach/client.js';
import type { PipelinesClient } from '../../src/clients/pipelines/client.js';
import { runBreachLatest } from '../../src/commands/breach/latest.js';
import { draw } from '../../src/commands/pipelines/insights/shared.js';
import { runPolicyBundleGet } from '../../src/commands/pipelines/policy/bundle/get.js';
import { pick } from '../../src/commands/shared/picker.js';
import { breachFixture } from '../breach/helpers.js';
import { memoryIo } from '../helpers/io.js';
import { output } from '../helpers/verbs.js';

/**
 * docs/output.md: text from an API shown on a terminal has its control characters escaped visibly
 * (`\e[31m`) and the bidirectional controls written `\u202e`, in every verb. These verbs stripped the
 * controls (the person saw a name other than the one sent) and left the bidi controls to reorder the line.
 */
const HOSTILE = 'a\u001b[31mb\u202ec';
const SHOWN = 'a\\e[31mb\\u202ec';

describe('outside text is escaped, not stripped, where these verbs show it', () => {
  it('breach latest --watch: the line of each breach', async () => {
    for (const tty of [true, false]) {
      const out = output({ tty });
      let calls = 0;
      const latestBreach = async () => breachFixture({ Title: `${HOSTILE}\nsecond`, Name: `n${calls++}` });
      await runBreachLatest({
        io: out.io,
        printer: out.printer,
        client: async () => ({ latestBreach }) as unknown as BreachClient,
        watchSeconds: 1,
        count: 1,
        lines: true,
        clock: { now: () => 0, sleep: async () => undefined },
      });
      const lines = out.io.out().split('\n');
      expect(lines[0]).toBe(`2013-12-04T00:00Z  n0  ${SHOWN}\\nsecond (adobe.com, 152445165 accounts)`);
    }
  });

  it('pipelines policy bundle get NAME: the Rego source as a table shows it', async () => {
    for (const tty of [true, false]) {
      const out = output({ tty });
      const getPolicyDocument = async () => ({ content: `package x\n# ${HOSTILE}\tz\n` });
      await runPolicyBundleGet({
        ...out,
        client: async () => ({ getPolicyDocument }) as unknown as PipelinesClient,
        scope: { ownerId: 'o', context: 'config' },
        name: 'x',
        whole: false,
      } as Parameters<typeof runPolicyBundleGet>[0]);
      expect(out.io.out()).toBe(`package x\n# ${SHOWN}\tz\n`);
    }
  });

  it('pipelines insights: the drawn chart (a workflow name is the service’s text)', async () => {
    const out = output({ tty: true });
    await draw(out.printer, [`${HOSTILE} ▇▇▇ 3`, '']);
    expect(out.io.out()).toBe(`${SHOWN} ▇▇▇ 3\n`);
  });

  it('the picker: each choice as one escaped line', async () => {
    const stdin = new PassThrough();
    const io = { ...memoryIo({ tty: true }), stdin, stdinIsTty: true };
    const chosen = pick(
      io,
      { argument: 'run-id', what: 'run', list: async () => [], label: () => `${HOSTILE}\nx`, id: () => '7' },
      [1],
    );
    // The prompt is drawn, then Enter takes its one choice.
    for (let i = 0; i < 100 && !io.err().includes('Choose'); i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    stdin.write('\r');
    expect(await chosen).toBe('7');
    expect(io.err()).toContain(`${SHOWN}\\nx`);
    expect(io.err()).not.toContain('\u202e');
  });
});
