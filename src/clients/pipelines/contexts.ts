import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import { caller } from './call.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import { tokenPages } from './pages.js';
import type {
  ContextEnvVarWire,
  ContextOwnerWire,
  ContextWire,
  ListContextsQuery,
  MessageWire,
  RestrictionType,
  RestrictionWire,
} from './types.js';

/** Contexts, their environment variables and their restrictions (`/context…`). */
export interface ContextOperations {
  createContext(name: string, owner: ContextOwnerWire): Promise<ContextWire>;
  listContexts<O extends ListOptions = PageOptions>(
    query: ListContextsQuery,
    opts?: O,
  ): ListPages<ContextWire, O>;
  getContext(contextId: string): Promise<ContextWire>;
  deleteContext(contextId: string): Promise<MessageWire>;
  listEnvironmentVariablesFromContext<O extends ListOptions = PageOptions>(
    contextId: string,
    opts?: O,
  ): ListPages<ContextEnvVarWire, O>;
  /** Creates or replaces the variable; the value is secret (masked in --debug and --dry-run). */
  addEnvironmentVariableToContext(contextId: string, name: string, value: string): Promise<ContextEnvVarWire>;
  deleteEnvironmentVariableFromContext(contextId: string, name: string): Promise<MessageWire>;
  getContextRestrictions<O extends ListOptions = PageOptions>(
    contextId: string,
    opts?: O,
  ): ListPages<RestrictionWire, O>;
  createContextRestriction(
    contextId: string,
    restriction: { restriction_type: RestrictionType; restriction_value: string },
  ): Promise<RestrictionWire>;
  deleteContextRestriction(contextId: string, restrictionId: string): Promise<MessageWire>;
}

export function contextOperations(http: HttpClient): ContextOperations {
  const call = caller(http);
  return {
    createContext: (name, owner) => call('POST', '/api/v2/context', { body: { name, owner } }),
    listContexts: (query, opts) =>
      listPages(
        http,
        { method: 'GET', path: '/api/v2/context', query: { ...query } },
        tokenPages(),
        'items',
        opts,
      ),
    getContext: (id) => call('GET', route`/api/v2/context/${id}`),
    deleteContext: (id) => call('DELETE', route`/api/v2/context/${id}`),
    listEnvironmentVariablesFromContext: (id, opts) =>
      listPages(
        http,
        { method: 'GET', path: route`/api/v2/context/${id}/environment-variable` },
        tokenPages(),
        'items',
        opts,
      ),
    addEnvironmentVariableToContext: (id, name, value) =>
      // Its value is secret by the descriptor's secretRequests (--debug, --dry-run).
      call('PUT', route`/api/v2/context/${id}/environment-variable/${name}`, { body: { value } }),
    deleteEnvironmentVariableFromContext: (id, name) =>
      call('DELETE', route`/api/v2/context/${id}/environment-variable/${name}`),
    getContextRestrictions: (id, opts) =>
      listPages(
        http,
        { method: 'GET', path: route`/api/v2/context/${id}/restrictions` },
        tokenPages(),
        'items',
        opts,
      ),
    createContextRestriction: (id, restriction) =>
      call('POST', route`/api/v2/context/${id}/restrictions`, { body: restriction }),
    deleteContextRestriction: (id, restrictionId) =>
      call('DELETE', route`/api/v2/context/${id}/restrictions/${restrictionId}`),
  };
}
