import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { batchedIo } from '../../src/output/batch.js';
import { ERASE_LINE, statusWriter } from '../../src/output/feedback.js';
import { writeAll } from '../../src/io.js';
import { memoryIo } from '../helpers/io.js';
import { screen, terminalIo } from '../helpers/terminal.js';

/** A stdout that records each write and can refuse, as a full pipe does. */
class Target extends EventEmitter {
  writes: string[] = [];
  refuse = false;
  writableNeedDrain = false;
  write(s: string): boolean {
    this.writes.push(s);
    if (this.refuse) this.writableNeedDrain = true;
    return !this.refuse;
  }
  drain(): void {
    this.writableNeedDrain = false;
    this.emit('drain');
  }
}

const turn = () => new Promise((r) => setImmediate(r));

describe('batchedIo', () => {
  it('gathers lines into one write when the event loop turns', async () => {
    const target = new Target();
    const { io } = batchedIo({ ...memoryIo(), stdout: target });
    for (let i = 0; i < 1000; i++) io.stdout.write(`line ${i}\n`);
    expect(target.writes).toEqual([]);
    await turn();
    expect(target.writes).toHaveLength(1);
    expect(target.writes[0]!.split('\n')).toHaveLength(1001);
  });

  it('writes at 64 KiB without waiting, and flush() sends the rest', () => {
    const target = new Target();
    const { io, flush } = batchedIo({ ...memoryIo(), stdout: target });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 65; i++) io.stdout.write(line);
    expect(target.writes).toHaveLength(1);
    expect(target.writes[0]).toHaveLength(64 * 1024);
    flush();
    expect(target.writes.map((w) => w.length)).toEqual([64 * 1024, 1024]);
    flush();
    expect(target.writes).toHaveLength(2);
  });

  it('passes backpressure on: after a refused write, the writer waits for drain', async () => {
    const target = new Target();
    const { io, flush } = batchedIo({ ...memoryIo(), stdout: target });
    target.refuse = true;
    io.stdout.write('a\n');
    flush();
    let done = false;
    const pending = writeAll(io.stdout, 'b\n').then(() => (done = true));
    await turn();
    expect(done).toBe(false);
    target.refuse = false;
    target.drain();
    await pending;
    expect(done).toBe(true);
  });

  it('does not wait for a drain that has already happened', async () => {
    const target = new Target();
    const { io, flush } = batchedIo({ ...memoryIo(), stdout: target });
    target.refuse = true;
    io.stdout.write('a\n');
    flush();
    target.refuse = false;
    target.drain();
    await writeAll(io.stdout, 'b\n');
    flush();
    expect(target.writes).toEqual(['a\n', 'b\n']);
  });

  it('stderr flushes stdout first, so a hint comes after the lines before it', () => {
    const order: string[] = [];
    const base = memoryIo();
    const { io } = batchedIo({
      ...base,
      stdout: { write: (s: string) => void order.push(`out:${s}`) },
      stderr: { write: (s: string) => void order.push(`err:${s}`) },
    });
    io.stdout.write('host\n');
    io.stderr.write('hint\n');
    expect(order).toEqual(['out:host\n', 'err:hint\n']);
  });
});

describe('a status line (spinner, progress bar) on the terminal', () => {
  /** stdout and stderr of one terminal, as batchedIo writes them. */
  function terminal(o: { stdoutIsTty?: boolean } = {}) {
    let all = '';
    const base = terminalIo({ columns: 40 });
    const { io, flush } = batchedIo({
      ...base,
      stdoutIsTty: o.stdoutIsTty ?? true,
      stdout: { write: (s: string) => void (all += s) },
      stderr: { write: (s: string) => void (all += s) },
    });
    return { io, flush, status: statusWriter(io.stderr), all: () => all, screen: () => screen(all, 40) };
  }

  it('is erased before data reaches stdout, and drawn again below it at its next update', () => {
    const t = terminal();
    t.status(`${ERASE_LINE}[###---] 1/4`);
    t.io.stdout.write('ACCOUNT  COUNT\n');
    t.io.stdout.write('alice    0\n');
    t.flush();
    expect(t.screen()).toEqual(['ACCOUNT  COUNT', 'alice    0']);
    t.status(`${ERASE_LINE}[####--] 2/4`);
    t.io.stdout.write('bob      1\n');
    t.flush();
    t.status(`${ERASE_LINE}[######] 4/4`);
    expect(t.screen()).toEqual(['ACCOUNT  COUNT', 'alice    0', 'bob      1', '[######] 4/4']);
  });

  it('is erased before a message on stderr (a warning, a rejected line, an error)', () => {
    const t = terminal();
    t.status(`${ERASE_LINE}12,000 events sent`);
    t.io.stderr.write('ops: meter send: line 8: not valid JSON\n');
    t.status(`${ERASE_LINE}13,000 events sent`);
    expect(t.screen()).toEqual(['ops: meter send: line 8: not valid JSON', '13,000 events sent']);
  });

  it('one that has ended (a final line, or erased by its owner) is left alone', () => {
    const t = terminal();
    t.status(`${ERASE_LINE}done: 4/4\n`);
    t.io.stdout.write('data\n');
    t.flush();
    t.status('\r');
    t.status('\u001b[0K');
    t.io.stderr.write('hint\n');
    expect(t.all()).toBe(`${ERASE_LINE}done: 4/4\ndata\n\r\u001b[0Khint\n`);
  });

  it('stays while stdout goes to a pipe: the data is not on the terminal', () => {
    const t = terminal({ stdoutIsTty: false });
    t.status(`${ERASE_LINE}[###---] 1/4`);
    t.io.stdout.write('alice,0\n');
    t.flush();
    expect(t.all()).toBe(`${ERASE_LINE}[###---] 1/4alice,0\n`);
  });
});
