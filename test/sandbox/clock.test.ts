import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from '../../src/sandbox/core/framework.js';
import { checkSandboxSettings, sandboxClockSpeed } from '../../src/sandbox/core/settings.js';
import { SERVICES } from '../../src/services.js';

describe('the sandbox clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs `speed` times as fast from its start; advancing adds to it; a reset is real time again', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = new Clock(20);
    vi.advanceTimersByTime(3_000);
    expect(clock.now()).toBe(1_000_000 + 60_000);
    clock.advance(5_000);
    expect(clock.now()).toBe(1_000_000 + 65_000);
    clock.reset();
    expect(clock.now()).toBe(1_003_000);
    vi.advanceTimersByTime(1_000);
    expect(clock.now()).toBe(1_004_000 + 19_000);
  });

  it('is real time by default (in-process sandboxes, the tests)', () => {
    vi.useFakeTimers({ now: 5_000 });
    const clock = new Clock();
    vi.advanceTimersByTime(2_000);
    expect(clock.now()).toBe(7_000);
  });

  it('`ops sandbox start` runs 30 times as fast unless --set clock.speed says otherwise', () => {
    expect(sandboxClockSpeed({})).toBe(30);
    expect(sandboxClockSpeed({ 'clock.speed': '1' })).toBe(1);
  });

  it('clock.speed is the sandbox’s own setting: checked by its rule, whatever --services', () => {
    expect(() => checkSandboxSettings({ 'clock.speed': '5' }, SERVICES, ['hosts'])).not.toThrow();
    expect(() => checkSandboxSettings({ 'clock.speed': '0' }, SERVICES)).toThrow(
      'invalid --set clock.speed="0"',
    );
    expect(() => checkSandboxSettings({ 'clock.pace': '2' }, SERVICES)).toThrow(
      'unknown --set key "clock.pace"',
    );
  });
});
