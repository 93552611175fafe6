import type { LoginFlows } from '../../auth/login-flags.js';
import type { OAuthProvider } from '../../clients/oauth/providers.js';

export interface LoginCommandSpec {
  provider: OAuthProvider;
  flows: LoginFlows;
  description: string;
  /** The help's text after the flags: how each flow works, and examples that run against the sandbox. */
  help: string;
}
