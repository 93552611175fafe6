import { createHash } from 'node:crypto';
import { type Reply, ReplyError, type SandboxRequest, json } from '../core/framework.js';
import { UUID, pageToken, readPageToken, uuidFrom } from './ids.js';
import type { SshKey } from './keys.js';
import type { Owner } from './seed.js';
import { pageAt } from '../core/paging.js';

/** PipelinesState of the emulator, rebuilt from the seed on reset; times are epoch ms on the sandbox clock. */

export interface EnvVar {
  value: string;
  created: number;
  updated: number;
}

export interface Restriction {
  id: string;
  project_id?: string;
  name: string;
  restriction_type: 'project' | 'expression' | 'group';
  restriction_value: string;
}

export interface ContextState {
  id: string;
  name: string;
  created: number;
  owner: Owner;
  vars: Map<string, EnvVar>;
  restrictions: Restriction[];
}

export interface CheckoutKey {
  key: SshKey;
  type: 'deploy-key' | 'github-user-key';
  created: number;
}

export interface Definition {
  id: string;
  name: string;
  description: string;
  created: number;
  configRepo: string;
  filePath: string;
  checkoutRepo: string;
}

export interface ProjectState {
  id: string;
  name: string;
  owner: Owner;
  slug: string;
  defaultBranch: string;
  repo: string;
  /** The name of its run history, for seed projects. */
  history: string | undefined;
  vars: Map<string, { value: string; created: number | null }>;
  keys: CheckoutKey[];
  definitions: Definition[];
}

export interface Claims {
  audience?: string[];
  audienceUpdated?: number;
  ttl?: string;
  ttlUpdated?: number;
}

export interface PolicyDoc {
  content: string;
  created: number;
  createdBy: string;
}

export interface DecisionRecord {
  id: string;
  created: number;
  decision: {
    status: string;
    reason?: string;
    enabled_rules: string[];
    hard_failures: Array<{ rule: string; reason: string }>;
    soft_failures: Array<{ rule: string; reason: string }>;
  };
  metadata: Record<string, unknown>;
  /** The bundle as it was when the decision was made. */
  bundle: Map<string, PolicyDoc>;
  timeTakenMs: number;
}

export interface PolicyContext {
  enabled: boolean;
  docs: Map<string, PolicyDoc>;
  decisions: DecisionRecord[];
}

/** The user the sandbox token belongs to, as policy documents name their author. */
export const SANDBOX_USER_ID = uuidFrom('user:sandbox-user');

export function claimsKey(orgId: string, projectId?: string): string {
  return projectId ? `${orgId}/${projectId}` : orgId;
}

export function policyKey(ownerId: string, context: string): string {
  return `${ownerId}/${context}`;
}

/** SHA-512 of a policy's content: the 128 hex characters decision logs name policies by. */
export function policyHash(content: string): string {
  return createHash('sha512').update(content).digest('hex');
}

// Answers -----------------------------------------------------------------------------------------

/** `{message}` answers: contexts, insights, projects (reference §D.5). */
export function message(status: number, text: string, headers: Record<string, string> = {}): ReplyError {
  return new ReplyError(json(status, { message: text }, headers));
}

/** `{error}` answers: policies, decisions, OIDC claims. */
export function errorReply(status: number, text: string): ReplyError {
  return new ReplyError(json(status, { error: text }));
}

export type Fail = (status: number, text: string) => ReplyError;

/** The JSON object of a request body, or a 400 in the route's error shape. */
export function bodyOf(req: SandboxRequest, fail: Fail, required = true): Record<string, unknown> {
  if (req.body.length === 0) {
    if (required) throw fail(400, 'request body is required');
    return {};
  }
  let body: unknown;
  try {
    body = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw fail(400, 'request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw fail(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function requireUuid(value: string, what: string, fail: Fail): string {
  if (!UUID.test(value)) throw fail(400, `Invalid ${what}: "${value}" is not a UUID`);
  return value.toLowerCase();
}

/**
 * One token page of `items`: `page-token` is the offset of the next page, encoded. The last page's
 * `next_page_token` is the empty string: the seed says the token is a string (reference §D.6).
 */
export function page<T>(req: SandboxRequest, items: readonly T[], size: number, fail: Fail): Reply {
  const start = readPageToken(req.query.get('page-token'));
  if (start === undefined || start > items.length) throw fail(400, 'Invalid page-token');
  const { items: shown, next } = pageAt(items, start, size);
  return json(200, { items: shown, next_page_token: next === undefined ? '' : pageToken(next) });
}
