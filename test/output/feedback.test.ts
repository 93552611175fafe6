import { describe, expect, it } from 'vitest';
import { batchedIo } from '../../src/output/batch.js';
import { makeStyle } from '../../src/output/color.js';
import { Feedback } from '../../src/output/feedback.js';
import { displayWidth } from '../../src/output/text.js';
import { screen, terminalIo } from '../helpers/terminal.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Feedback and the command's stdout on one terminal `columns` wide, through the batching run.ts uses. */
function onTerminal(columns: number) {
  const base = terminalIo({ columns });
  const { io, flush } = batchedIo(base);
  return {
    io,
    flush,
    feedback: new Feedback(io, true, makeStyle(false)),
    screen: () => screen(base.transcript(), columns),
    transcript: () => base.transcript(),
  };
}

describe('spinners and progress bars on a terminal', () => {
  it('the spinner is redrawn on one line, its text cut to the width, and erased when it stops', async () => {
    const t = onTerminal(40);
    const s = await t.feedback.spinner('waiting for instance 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b07');
    await tick(200);
    s.update('instance web-01: STARTING');
    await tick(200);
    const shown = t.screen();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] instance web-01: STARTING$/);
    // ora drew several frames, each over the last.
    expect(t.transcript().match(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/g)!.length).toBeGreaterThan(2);
    s.update('instance 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b07 is still STARTING');
    await tick(120);
    expect(displayWidth(t.screen()[0]!)).toBe(39);
    s.stop();
    t.io.stdout.write('id     4b7d2a10\n');
    t.flush();
    expect(t.screen()).toEqual(['id     4b7d2a10']);
  });

  it('data printed while a spinner turns starts on a clean line, the spinner below it', async () => {
    const t = onTerminal(60);
    const s = await t.feedback.spinner('fetching');
    await tick(100);
    t.io.stdout.write('NAME  ID\nweb   1\n');
    t.flush();
    await tick(150);
    expect(t.screen().slice(0, 2)).toEqual(['NAME  ID', 'web   1']);
    expect(t.screen()[2]).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] fetching$/);
    s.stop('done');
    expect(t.screen().at(-1)).toMatch(/done$/);
  });

  it('a progress bar, cut to the width, ends with its final line; a warning never lands on it', async () => {
    const t = onTerminal(30);
    let n = 0;
    const p = t.feedback.progress(() => `[${'#'.repeat(n)}] ${n} of 40 accounts searched so far`);
    n = 1;
    p.update('');
    t.feedback.warn('retrying in 1.0 s (429)');
    await tick(110);
    n = 2;
    p.update('');
    expect(t.screen()).toEqual(['! retrying in 1.0 s (429)', '[##] 2 of 40 accounts search…']);
    p.stop('40/40 accounts searched');
    expect(t.screen()).toEqual(['! retrying in 1.0 s (429)', '40/40 accounts searched']);
  });
});

describe('without animation (--no-spinner, OPS_SPINNER_DISABLED)', () => {
  function plain() {
    const base = terminalIo({ columns: 40 });
    const { io, flush } = batchedIo(base);
    return { feedback: new Feedback(io, true, makeStyle(false), false), flush, base };
  }

  it('a spinner is its first text and its last as plain lines, nothing redrawn', async () => {
    const t = plain();
    const s = await t.feedback.spinner('waiting for instance web-01');
    await tick(200);
    s.update('instance web-01: STARTING');
    s.stop('instance web-01 is RUNNING');
    t.flush();
    expect(t.base.transcript()).toBe('waiting for instance web-01\n✓ instance web-01 is RUNNING\n');
  });

  it('a progress bar is its last line; warnings and hints stay', async () => {
    const t = plain();
    let n = 0;
    const p = t.feedback.progress(() => `${n} of 4 accounts`);
    n = 2;
    p.update('');
    t.feedback.warn('retrying in 1.0 s (429)');
    n = 4;
    p.update('');
    p.stop();
    t.feedback.info('5 of 115 matching hosts shown');
    t.flush();
    expect(t.base.transcript()).toBe(
      '! retrying in 1.0 s (429)\n4 of 4 accounts\n5 of 115 matching hosts shown\n',
    );
  });
});
