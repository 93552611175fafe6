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
