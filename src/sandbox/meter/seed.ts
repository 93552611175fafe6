import type { MeterKit } from './state.js';

/**
 * The seeded world of usage metering: its two API keys (test and live mode, each overridable); a fresh
 * state has no session and no event.
 */
export const keysOf = (k: Pick<MeterKit, 'credentials' | 'settings'>) => ({
  test: k.credentials.api_key ?? 'sk_test_sandbox_meter',
  live: k.credentials.live_api_key ?? k.settings.text('live_api_key') ?? 'sk_live_sandbox_meter',
});
