import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import { caller } from './call.js';
import type { HttpClient, QueryValue } from '../http/types.js';
import { route } from '../http/url.js';
import { decisionPages } from './pages.js';
import type {
  BundleDiffWire,
  ClaimName,
  ClaimsPatchWire,
  ClaimsWire,
  DecisionLogWire,
  DecisionLogsQuery,
  DecisionSettingsWire,
  DecisionWire,
  PolicyBundleWire,
  PolicyDocumentWire,
} from './types.js';

/** Where a policy call is aimed: the owning organization and the policy context (`config`). */
export interface PolicyScope {
  ownerId: string;
  context: string;
}

/** Policy decisions, settings and bundles (`/owner/{ownerID}/context/{context}/…`), and OIDC claims. */
export interface PolicyOperations {
  getDecisionLogs<O extends ListOptions = PageOptions>(
    scope: PolicyScope,
    query: DecisionLogsQuery,
    opts?: O,
  ): ListPages<DecisionLogWire, O>;
  makeDecision(scope: PolicyScope, input: string, metadata?: Record<string, unknown>): Promise<DecisionWire>;
  getDecisionSettings(scope: PolicyScope): Promise<DecisionSettingsWire>;
  setDecisionSettings(scope: PolicyScope, settings: DecisionSettingsWire): Promise<DecisionSettingsWire>;
  getDecisionLog(scope: PolicyScope, decisionId: string): Promise<DecisionLogWire>;
  getDecisionLogPolicyBundle(scope: PolicyScope, decisionId: string): Promise<PolicyBundleWire>;
  getPolicyBundle(scope: PolicyScope): Promise<PolicyBundleWire>;
  /** Replaces the bundle; with `dry` the service only says what would change (`dry` is a query parameter). */
  createPolicyBundle(
    scope: PolicyScope,
    policies: Record<string, string>,
    dry: boolean,
  ): Promise<BundleDiffWire>;
  getPolicyDocument(scope: PolicyScope, policyName: string): Promise<PolicyDocumentWire>;
  /** Org-level claims, or a project's when `projectId` is given. */
  getClaims(orgId: string, projectId?: string): Promise<ClaimsWire>;
  patchClaims(orgId: string, projectId: string | undefined, patch: ClaimsPatchWire): Promise<ClaimsWire>;
  deleteClaims(orgId: string, projectId: string | undefined, claims: ClaimName[]): Promise<ClaimsWire>;
}

const base = (s: PolicyScope) => route`/api/v2/owner/${s.ownerId}/context/${s.context}`;

function claimsPath(orgId: string, projectId: string | undefined): string {
  return projectId === undefined
    ? route`/api/v2/org/${orgId}/oidc-custom-claims`
    : route`/api/v2/org/${orgId}/project/${projectId}/oidc-custom-claims`;
}

export function policyOperations(http: HttpClient): PolicyOperations {
  const call = caller(http);
  return {
    getDecisionLogs: (scope, query, opts) => {
      const q: Record<string, QueryValue> = {};
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q[k] = v as QueryValue;
      // A bare array: with `raw`, its elements are the items as the service sent them.
      return listPages(
        http,
        { method: 'GET', path: `${base(scope)}/decision`, query: q },
        decisionPages<DecisionLogWire>(),
        [],
        opts,
      );
    },
    makeDecision: (scope, input, metadata) =>
      call('POST', `${base(scope)}/decision`, { body: metadata ? { input, metadata } : { input } }),
    getDecisionSettings: (scope) => call('GET', `${base(scope)}/decision/settings`),
    setDecisionSettings: (scope, settings) =>
      call('PATCH', `${base(scope)}/decision/settings`, { body: settings, idempotent: true }),
    getDecisionLog: (scope, id) => call('GET', `${base(scope)}${route`/decision/${id}`}`),
    getDecisionLogPolicyBundle: (scope, id) =>
      call('GET', `${base(scope)}${route`/decision/${id}/policy-bundle`}`),
    getPolicyBundle: (scope) => call('GET', `${base(scope)}/policy-bundle`),
    // Replacing the whole bundle with the same policies gives the same bundle: safe to send again.
    createPolicyBundle: (scope, policies, dry) =>
      // The seed puts `dry` in the body, the vendor's own description in the query: both carry it.
      call('POST', `${base(scope)}/policy-bundle`, {
        body: { dry, policies },
        query: { dry },
        idempotent: true,
      }),
    getPolicyDocument: (scope, name) => call('GET', `${base(scope)}${route`/policy-bundle/${name}`}`),
    getClaims: (org, project) => call('GET', claimsPath(org, project)),
    patchClaims: (org, project, patch) => {
      const body: ClaimsPatchWire = {};
      if (patch.audience !== undefined) body.audience = patch.audience;
      if (patch.ttl !== undefined) body.ttl = patch.ttl;
      return call('PATCH', claimsPath(org, project), { body, idempotent: true });
    },
    deleteClaims: (org, project, claims) =>
      call('DELETE', claimsPath(org, project), { query: { claims: claims.join(',') } }),
  };
}
