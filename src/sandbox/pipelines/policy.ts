import type { OperationTable } from '../core/anatomy.js';
import { randomUUID } from 'node:crypto';
import { type SandboxRequest, json } from '../core/framework.js';
import type { Env } from './env.js';
import { iso } from './ids.js';
import { type ParsedPolicy, evaluate, parsePolicy } from './rego.js';
import { OWNERS, type Owner } from './seed.js';
import {
  type Claims,
  type DecisionRecord,
  type PolicyContext,
  type PolicyDoc,
  SANDBOX_USER_ID,
  bodyOf,
  claimsKey,
  errorReply,
  policyHash,
  policyKey,
  requireUuid,
} from './model.js';
import { pageAt } from '../core/paging.js';

const fail = errorReply;

/** The largest bundle the sandbox takes (the vendor names no figure): over it, 413. */
export const MAX_BUNDLE_BYTES = 1024 * 1024;

const TTL = /^([0-9]+(ms|s|m|h|d|w)){1,7}$/;
const STATUSES = ['PASS', 'SOFT_FAIL', 'HARD_FAIL', 'ERROR'];

function adminOrg(id: string): Owner {
  const owner = OWNERS.find((o) => o.id === id && o.type === 'organization');
  if (!owner?.admin) throw fail(403, 'Forbidden: the token’s user is not an admin of this organization');
  return owner;
}

function bundleJson(docs: Map<string, PolicyDoc>) {
  const out: Record<string, unknown[]> = {};
  for (const [name, d] of [...docs.entries()].sort(([a], [b]) => a.localeCompare(b)))
    out[name] = [docJson(name, d)];
  return out;
}

function docJson(name: string, d: PolicyDoc) {
  return { content: d.content, created_at: iso(d.created), created_by: d.createdBy, name };
}

function decisionJson(d: DecisionRecord) {
  return {
    id: d.id,
    created_at: iso(d.created),
    decision: d.decision,
    metadata: d.metadata,
    policies: Object.fromEntries([...d.bundle.entries()].map(([n, doc]) => [n, policyHash(doc.content)])),
    time_taken_ms: d.timeTakenMs,
  };
}

function time(raw: string | null, what: string): number | undefined {
  if (raw === null) return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t) || !/^\d{4}-\d\d-\d\dT/.test(raw))
    throw fail(400, `${what} must be an RFC 3339 date-time`);
  return t;
}

function claimsJson(orgId: string, projectId: string | undefined, c: Claims | undefined) {
  return {
    org_id: orgId,
    ...(projectId ? { project_id: projectId } : {}),
    ...(c?.audience ? { audience: c.audience, audience_updated_at: iso(c.audienceUpdated!) } : {}),
    ...(c?.ttl ? { ttl: c.ttl, ttl_updated_at: iso(c.ttlUpdated!) } : {}),
  };
}

/** The policy context a request names; only `config` exists (reference §D.3). */
function scopeOf(env: Env, req: SandboxRequest): PolicyContext {
  const owner = requireUuid(req.params.owner ?? '', 'owner id', fail);
  adminOrg(owner);
  if (req.params.context !== 'config')
    throw fail(400, `unknown policy context "${req.params.context}": use config`);
  const key = policyKey(owner, 'config');
  const state = env.state();
  let p = state.policy.get(key);
  if (!p) {
    p = { enabled: false, docs: new Map(), decisions: [] };
    state.policy.set(key, p);
  }
  return p;
}

function decisionOf(env: Env, req: SandboxRequest) {
  const p = scopeOf(env, req);
  const id = requireUuid(req.params.decision ?? '', 'decision id', fail);
  const d = p.decisions.find((x) => x.id === id);
  if (!d) throw fail(404, 'decision not found');
  return d;
}

const BASE = '/api/v2/owner/:owner/context/:context';

/** The decision logs of a context, filtered, newest first. */
function decisionLogs(env: Env, req: SandboxRequest) {
  const p = scopeOf(env, req);
  const q = req.query;
  const status = q.get('status');
  if (status !== null && !STATUSES.includes(status))
    throw fail(400, `status must be one of ${STATUSES.join(', ')}`);
  const after = time(q.get('after'), 'after');
  const before = time(q.get('before'), 'before');
  const offsetRaw = q.get('offset') ?? '0';
  if (!/^\d+$/.test(offsetRaw)) throw fail(400, 'offset must be a whole number');
  const buildRaw = q.get('build_number');
  if (buildRaw !== null && !/^\d+$/.test(buildRaw)) throw fail(400, 'build_number must be a whole number');
  const projectId = q.get('project_id');
  if (projectId !== null) requireUuid(projectId, 'project_id', fail);
  const matches = p.decisions
    .filter((d) => status === null || d.decision.status === status)
    .filter((d) => after === undefined || d.created > after)
    .filter((d) => before === undefined || d.created < before)
    .filter(
      (d) =>
        q.get('branch') === null ||
        (d.metadata.vcs as { branch?: string } | undefined)?.branch === q.get('branch'),
    )
    .filter((d) => projectId === null || d.metadata.project_id === projectId)
    .filter((d) => buildRaw === null || d.metadata.build_number === Number(buildRaw))
    .sort((a, b) => b.created - a.created);
  const offset = Number(offsetRaw);
  return json(200, pageAt(matches, offset, env.pageSize(100)).items.map(decisionJson));
}

/** A policy bundle's replacement (or, dry, what it would change): each file parsed, the unchanged kept. */
function putBundle(env: Env, req: SandboxRequest) {
  const p = scopeOf(env, req);
  const dryRaw = req.query.get('dry');
  if (dryRaw !== null && dryRaw !== 'true' && dryRaw !== 'false')
    throw fail(400, 'dry must be true or false');
  const body = bodyOf(req, fail);
  if (Object.keys(body).some((k) => k !== 'policies' && k !== 'dry'))
    throw fail(400, 'the body holds only dry and policies');
  // The seed's form has `dry` in the body; the vendor's has it in the query: both are taken.
  if (body.dry !== undefined && typeof body.dry !== 'boolean') throw fail(400, 'dry must be a boolean');
  if (body.dry !== undefined && dryRaw !== null && String(body.dry) !== dryRaw)
    throw fail(400, 'dry in the body and in the query disagree');
  const dry = body.dry === true || dryRaw === 'true';
  const policies = body.policies ?? {};
  if (!policies || typeof policies !== 'object' || Array.isArray(policies))
    throw fail(400, 'policies must be an object');
  const entries = Object.entries(policies as Record<string, unknown>);
  if (
    entries.reduce((n, [k, v]) => n + k.length + (typeof v === 'string' ? Buffer.byteLength(v) : 0), 0) >
    MAX_BUNDLE_BYTES
  )
    throw fail(413, `policy bundle is over ${MAX_BUNDLE_BYTES} bytes`);
  const next = new Map<string, string>();
  const problems: string[] = [];
  for (const [file, content] of entries) {
    if (typeof content !== 'string') {
      problems.push(`${file}: content must be a string`);
      continue;
    }
    const parsed = parsePolicy(content);
    if (typeof parsed === 'string') problems.push(`${file}: ${parsed}`);
    else if (next.has(parsed.name)) problems.push(`${file}: policy name "${parsed.name}" is used twice`);
    else next.set(parsed.name, content);
  }
  if (problems.length) throw fail(400, `failed to parse policy file(s): ${problems.join('; ')}`);
  const created = [...next.keys()].filter((n) => !p.docs.has(n)).sort();
  const modified = [...next.keys()]
    .filter((n) => p.docs.has(n) && p.docs.get(n)!.content !== next.get(n))
    .sort();
  const deleted = [...p.docs.keys()].filter((n) => !next.has(n)).sort();
  if (dry) return json(200, { created, deleted, modified });
  const now = env.clock.now();
  // A new map: decisions keep the bundle they were made with.
  p.docs = new Map(
    [...next.entries()].map(([n, content]) => {
      const kept = p.docs.get(n);
      return [
        n,
        kept && kept.content === content ? kept : { content, created: now, createdBy: SANDBOX_USER_ID },
      ];
    }),
  );
  return json(201, { created, deleted, modified });
}

/** Decisions: their logs, a new one, the settings, and one with the bundle it was made with. */
function decisionOps(router: OperationTable, env: Env): void {
  const scope = (req: SandboxRequest) => scopeOf(env, req);
  const decision = (req: SandboxRequest) => decisionOf(env, req);

  router
    .op('getDecisionLogs', 'GET', `${BASE}/decision`, (req) => decisionLogs(env, req))
    .op('makeDecision', 'POST', `${BASE}/decision`, async (req) => {
      const p = scope(req);
      const body = bodyOf(req, fail);
      if (typeof body.input !== 'string') throw fail(400, 'input is required and must be a string');
      const metadata = body.metadata ?? {};
      if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
        throw fail(400, 'metadata must be an object');
      let config: unknown;
      try {
        config = (await import('yaml')).parse(body.input);
      } catch (err) {
        throw fail(400, `input is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
      }
      const parsed = [...p.docs.values()].map((d) => parsePolicy(d.content) as ParsedPolicy);
      const result = evaluate(parsed, config);
      p.decisions.push({
        id: randomUUID(),
        created: env.clock.now(),
        decision: result,
        metadata: metadata as Record<string, unknown>,
        bundle: p.docs,
        timeTakenMs: 2 + parsed.length,
      });
      env.counts.decisions++;
      return json(200, result);
    })
    .ops({ GET: 'getDecisionSettings', PATCH: 'setDecisionSettings' }, `${BASE}/decision/settings`, (req) => {
      const p = scope(req);
      if (req.method === 'PATCH') {
        const body = bodyOf(req, fail);
        if (typeof body.enabled !== 'boolean' || Object.keys(body).length !== 1)
          throw fail(400, 'the body must be {"enabled": true|false}');
        p.enabled = body.enabled;
      }
      return json(200, { enabled: p.enabled });
    })
    .op('getDecisionLog', 'GET', `${BASE}/decision/:decision`, (req) =>
      json(200, decisionJson(decision(req))),
    )
    .op('getDecisionLogPolicyBundle', 'GET', `${BASE}/decision/:decision/policy-bundle`, (req) =>
      json(200, bundleJson(decision(req).bundle)),
    );
}

/** The policy bundle and its documents. */
function bundleOps(router: OperationTable, env: Env): void {
  const scope = (req: SandboxRequest) => scopeOf(env, req);

  router
    .op('getPolicyBundle', 'GET', `${BASE}/policy-bundle`, (req) => json(200, bundleJson(scope(req).docs)))
    .op('createPolicyBundle', 'POST', `${BASE}/policy-bundle`, (req) => putBundle(env, req))
    .op('getPolicyDocument', 'GET', `${BASE}/policy-bundle/:name`, (req) => {
      const p = scope(req);
      const d = p.docs.get(req.params.name ?? '');
      if (!d) throw fail(404, `policy "${req.params.name}" not found`);
      return json(200, docJson(req.params.name!, d));
    });
}

/** The OIDC custom claims of an organisation or a project: read, change, delete. */
function claimsRoute(env: Env, req: SandboxRequest) {
  const org = requireUuid(req.params.org ?? '', 'organization id', fail);
  adminOrg(org);
  let project: string | undefined;
  if (req.params.project !== undefined) {
    project = requireUuid(req.params.project, 'project id', fail);
    const p = env.state().projects.get(project);
    if (!p || p.owner.id !== org) throw fail(403, 'Forbidden: the project is not in this organization');
  }
  const state = env.state();
  const key = claimsKey(org, project);
  const now = env.clock.now();
  if (req.method === 'PATCH') {
    const body = bodyOf(req, fail);
    if (Object.keys(body).some((k) => k !== 'audience' && k !== 'ttl'))
      throw fail(400, 'the body holds audience and ttl only');
    if (body.audience === undefined && body.ttl === undefined) throw fail(400, 'give audience or ttl');
    const c = { ...state.claims.get(key) };
    if (body.audience !== undefined) {
      if (!Array.isArray(body.audience) || body.audience.some((a) => typeof a !== 'string' || a === ''))
        throw fail(400, 'audience must be a list of non-empty strings');
      c.audience = body.audience as string[];
      c.audienceUpdated = now;
    }
    if (body.ttl !== undefined) {
      if (typeof body.ttl !== 'string' || !TTL.test(body.ttl))
        throw fail(400, 'ttl must be a duration such as 30m, 1h or 1h30m (units ms, s, m, h, d, w)');
      c.ttl = body.ttl;
      c.ttlUpdated = now;
    }
    state.claims.set(key, c);
  } else if (req.method === 'DELETE') {
    const names = (req.query.get('claims') ?? '').split(',').filter(Boolean);
    if (names.length === 0 || names.some((n) => n !== 'audience' && n !== 'ttl'))
      throw fail(400, 'claims is required: a comma-separated list of audience, ttl');
    const c = { ...state.claims.get(key) };
    if (names.includes('audience')) {
      delete c.audience;
      delete c.audienceUpdated;
    }
    if (names.includes('ttl')) {
      delete c.ttl;
      delete c.ttlUpdated;
    }
    state.claims.set(key, c);
  }
  return json(200, claimsJson(org, project, state.claims.get(key)));
}

function claimsOps(router: OperationTable, env: Env): void {
  router
    .ops(
      // The client's getClaims/patchClaims/deleteClaims serve both scopes; the project's by the vendor's names.
      { GET: 'getClaims', PATCH: 'patchClaims', DELETE: 'deleteClaims' },
      '/api/v2/org/:org/oidc-custom-claims',
      (req) => claimsRoute(env, req),
    )
    .ops(
      { GET: 'getProjectClaims', PATCH: 'patchProjectClaims', DELETE: 'deleteProjectClaims' },
      '/api/v2/org/:org/project/:project/oidc-custom-claims',
      (req) => claimsRoute(env, req),
    );
}

export function policyRoutes(router: OperationTable, env: Env): void {
  decisionOps(router, env);
  bundleOps(router, env);
  claimsOps(router, env);
}
