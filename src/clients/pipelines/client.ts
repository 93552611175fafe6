import type { HttpClient } from '../http/types.js';
import { type ContextOperations, contextOperations } from './contexts.js';
import { type InsightsOperations, insightsOperations } from './insights.js';
import { type PolicyOperations, policyOperations } from './policy.js';
import { type ProjectOperations, projectOperations } from './projects.js';
import { type UserOperations, userOperations } from './users.js';

export type { PolicyScope } from './policy.js';
export type { CollaborationWire } from './users.js';

/**
 * The pipeline-administration API (seed 001 D): one method per operation, named after it. Lists are
 * page streams from the shared paginator; `collect` or `printPages` walk them.
 */
export interface PipelinesClient
  extends ContextOperations,
    InsightsOperations,
    PolicyOperations,
    ProjectOperations,
    UserOperations {}

export function createPipelinesClient(http: HttpClient): PipelinesClient {
  return {
    ...contextOperations(http),
    ...insightsOperations(http),
    ...policyOperations(http),
    ...projectOperations(http),
    ...userOperations(http),
  };
}
