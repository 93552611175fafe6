// The sandbox's documented credentials and `--set` rules by service, as src/services.ts declares them
// (no overrides): tables the tests read. The CLI works them out where it needs them (`ops sandbox env`,
// the sandbox's server), not at every command's start.
import { sandboxCredentials } from '../../src/sandbox/core/credentials.js';
import { sandboxSettings } from '../../src/sandbox/core/settings.js';
import { SERVICES } from '../../src/services.js';

export const SANDBOX_CREDENTIALS = sandboxCredentials(SERVICES);

export const SANDBOX_SETTINGS = sandboxSettings(SERVICES);
