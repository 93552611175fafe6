import { lazyStore } from './lazy-store.js';
import type { HttpClient } from './types.js';

/**
 * The same client with every request marked as a planning read (`RequestSpec.plan`): a command that
 * reads a resource to check or plan a change (an instance's state before an action) reads through
 * this, so `--dry-run` sends those reads and shows only the change.
 */
export function planningHttp(http: HttpClient): HttpClient {
  return {
    service: http.service,
    baseUrl: http.baseUrl,
    request: (spec) => http.request({ ...spec, plan: true }),
  };
}

const planningRun = lazyStore<true>();

/**
 * Runs `read` with every request it makes marked as a planning read (as `planningHttp` does for one
 * client): for a command that looks something up before a change (a list named by title, a public key
 * to seal a secret with, a project's id from its slug).
 */
export function planning<T>(read: () => Promise<T>): Promise<T> {
  return planningRun.run(true, read);
}

/** True inside `planning(…)`. */
export function inPlanning(): boolean {
  return planningRun.get() === true;
}
