import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addWaitOptions, parseSeconds, parseWaitOptions, waitFor } from '../../src/commands/shared/wait.js';
import { TimeoutError, UsageError } from '../../src/errors.js';
import { output } from '../helpers/verbs.js';

function parse(argv: string[], o: { defaultTimeout?: number } = {}) {
  const cmd = addWaitOptions(new Command('x').exitOverride(), { what: 'it is done', ...o });
  cmd.parse(argv, { from: 'user' });
  return parseWaitOptions(cmd.opts(), o);
}

describe('--wait flags', () => {
  it('no flag: every asynchronous action waits by default', () => {
    expect(parse([])).toEqual({ wait: true, timeoutSeconds: undefined, intervalSeconds: 2 });
    expect(parse([], { defaultTimeout: 600 })).toEqual({
      wait: true,
      timeoutSeconds: 600,
      intervalSeconds: 2,
    });
  });

  it('--wait with a timeout and interval; --no-wait turns a default wait off', () => {
    expect(parse(['--wait', '--wait-timeout', '90', '--interval', '0.5'])).toEqual({
      wait: true,
      timeoutSeconds: 90,
      intervalSeconds: 0.5,
    });
    expect(parse(['--no-wait']).wait).toBe(false);
  });

  it.each([
    [['--wait', '--wait-timeout', 'soon'], 'invalid --wait-timeout "soon"'],
    [['--wait', '--wait-timeout', '0'], 'invalid --wait-timeout "0"'],
    [['--wait', '--interval', '-1'], 'invalid --interval "-1"'],
    [['--no-wait', '--wait-timeout', '10'], '--wait-timeout and --interval mean nothing with --no-wait'],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('the help names every flag', () => {
    const help = addWaitOptions(new Command('x'), {
      what: 'the run completes',
    }).helpInformation();
    expect(help).toContain('--wait');
    expect(help).toContain('wait until the run completes (default)');
    expect(help).toContain('--no-wait');
    expect(help).toContain('--wait-timeout <seconds>');
    expect(help).toContain('--interval <seconds>');
  });
});

describe('waitFor', () => {
  it('polls through the shared poller and returns the terminal state', async () => {
    const { io, feedback } = output();
    const states = ['CREATING', 'CREATING', 'RUNNING'];
    const labels: string[] = [];
    const value = await waitFor({
      io,
      feedback,
      wait: { wait: true, timeoutSeconds: undefined, intervalSeconds: 5 },
      check: async () => ({ value: states.shift()! }),
      done: (s) => s === 'RUNNING',
      what: 'instance 42 to run',
      label: (s) => {
        labels.push(s);
        return `instance 42: ${s}`;
      },
      sleep: async () => undefined,
    });
    expect(value).toBe('RUNNING');
    expect(labels).toEqual(['CREATING', 'CREATING', 'RUNNING']);
    // Not a terminal: no spinner on stderr.
    expect(io.err()).toBe('');
  });

  it('on timeout the hint names --wait-timeout', async () => {
    const { io, feedback } = output();
    let now = 0;
    const err = await waitFor({
      io,
      feedback,
      wait: { wait: true, timeoutSeconds: 3, intervalSeconds: 1 },
      check: async () => ({ value: 'STOPPING' }),
      done: () => false,
      what: 'instance 42 to stop',
      describe: (s) => s,
      label: (s) => s,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe(
      'gave up waiting for instance 42 to stop after 3 s (still STOPPING)',
    );
    expect((err as TimeoutError).hint).toBe(
      'raise --wait-timeout (seconds), or give --no-wait and check later',
    );
  });
});

describe('seconds flags take decimal digits only', () => {
  it.each(['1e2', '0x10', ' 5', '0', '-1', ''])('%j is refused', (raw) => {
    expect(() => parseSeconds('--interval', raw)).toThrow(`invalid --interval ${JSON.stringify(raw)}`);
  });
  it('0.5 and 300 are seconds; a maximum is said', () => {
    expect(parseSeconds('--interval', '0.5')).toBe(0.5);
    expect(parseSeconds('--wait-timeout', '300')).toBe(300);
    expect(() => parseSeconds('--interval', '3601', 3600)).toThrow('invalid --interval "3601"');
  });
});
