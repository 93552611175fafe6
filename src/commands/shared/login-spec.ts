import type { LoginFlows } from '../../auth/login-flags.js';
import type { OAuthProvider } from '../../clients/oauth/providers.js';

export interface LoginCommandSpec {
  provider: OAuthProvider;
  flows: LoginFlows;
  description: string;
  /** How each flow works: the help's notes, before its examples. */
  notes: string;
  /** Examples that run against the sandbox. */
  examples: string[];
}
