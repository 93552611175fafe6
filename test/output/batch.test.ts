import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { batchedIo } from '../../src/output/batch.js';
import { writeAll } from '../../src/io.js';
import { memoryIo } from '../helpers/io.js';

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
