import { describe, expect, it } from 'vitest';
import type { JobWire, WorkflowRunWire } from '../../src/clients/runs/types.js';
import { renderRun } from '../../src/commands/runs/live.js';
import { makeStyle } from '../../src/output/color.js';

describe('runs watch: the block it draws', () => {
  it('a field the service left null (title, event, branch, a job or step name) is shown empty, not a crash', () => {
    const run = {
      id: 7,
      name: null,
      display_title: null,
      head_branch: null,
      event: null,
      status: 'in_progress',
      conclusion: null,
    } as unknown as WorkflowRunWire;
    const jobs = [
      { name: null, status: 'in_progress', conclusion: null, steps: [{ name: null, status: 'queued' }] },
    ] as unknown as JobWire[];
    const lines = renderRun(run, jobs, makeStyle(false));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/ workflow · 7 · {2}\(, \): /);
  });
});
