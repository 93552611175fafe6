import { UsageError } from '../../errors.js';
import type { OAuthProvider } from '../oauth/providers.js';

const BOX_API_HOST = 'https://api.box.com';

/**
 * Box OAuth 2.0: the authorize page on account.box.com, token and revoke on api.box.com. Box
 * documents no device flow and no PKCE parameter, so neither is used.
 */
export const DOCGEN_OAUTH: OAuthProvider = {
  service: 'docgen',
  defaultAuthUrl: BOX_API_HOST,
  endpoints: (a) => ({
    authorize:
      a === BOX_API_HOST ? 'https://account.box.com/api/oauth2/authorize' : `${a}/api/oauth2/authorize`,
    token: `${a}/oauth2/token`,
    revoke: `${a}/oauth2/revoke`,
  }),
  scope: '',
  pkce: false,
  sendsSecret: true,
  clientIdWhat: 'a Box Platform app with a redirect URI on http://127.0.0.1',
  clientCredentialsForm(s) {
    const id = s.get('subject_id');
    if (!id)
      throw new UsageError(
        'docgen: --client-credentials needs the subject to sign in as, and docgen.subject_id is not set',
        'set OPS_DOCGEN_SUBJECT_ID or run `ops config set docgen.subject_id ID` (the enterprise id, or a user id with subject_type user)',
      );
    return { box_subject_type: s.get('subject_type') ?? 'enterprise', box_subject_id: id };
  },
};
