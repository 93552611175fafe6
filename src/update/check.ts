import { closeTransport } from '../clients/http/transport/transport.js';
import { LATEST_VERSION_URL } from './install.js';
import { readState, writeState } from './state.js';
import { fetchRelease } from './fetch.js';

/** The word a run gives the process it starts to check for a release in the background. */
export const CHECK_ARG = '__update-check';

/** A check that has not heard back by then gives up: nothing waits for it, but it should not linger. */
const CHECK_MS = 5000;

/**
 * The background check (`ops __update-check`, started by a run on a terminal at most once a day):
 * reads the newest release's `version.json` and records it in the cache folder for the next run to
 * tell. It prints nothing (no one reads it) and fails quietly: a failed check is tried again a day
 * later.
 */
export async function runUpdateCheck(env: Record<string, string | undefined>): Promise<number> {
  const url = env.OPS_UPDATE_URL || LATEST_VERSION_URL;
  try {
    const latest = await fetchRelease(url, {
      env,
      timeoutMs: CHECK_MS,
      retries: 0,
      signal: AbortSignal.timeout(CHECK_MS),
    });
    writeState(env, { ...readState(env), checkedAt: new Date().toISOString(), latest });
  } catch {
    // Unreachable, not answering, or not a version.json: the record keeps when it looked.
  } finally {
    await closeTransport();
  }
  return 0;
}
