import { type SandboxRequest, readJson } from '../core/framework.js';
import { errorBody, invalid } from './errors.js';
import { json } from '../core/framework.js';
import { parseRfc3339 } from './store.js';

export const MAX_TITLE = 1024;
export const MAX_NOTES = 8192;

/** Fields a client may send that the service fills itself: accepted and ignored. */
const READ_ONLY_TASK = ['kind', 'id', 'etag', 'updated', 'selfLink', 'parent', 'position', 'hidden', 'links'];
const READ_ONLY_NEW = ['webViewLink', 'assignmentInfo'];
const READ_ONLY_LIST = ['kind', 'id', 'etag', 'updated', 'selfLink'];

/** The fields of a task that a request may set; `null` clears a field in a patch. */
export interface TaskInput {
  id?: string | undefined;
  title?: string | null | undefined;
  notes?: string | null | undefined;
  status?: 'needsAction' | 'completed' | undefined;
  /** Epoch ms. */
  due?: number | null | undefined;
  completed?: number | null | undefined;
  deleted?: boolean | undefined;
}

function object(req: SandboxRequest): Record<string, unknown> {
  const body = readJson<unknown>(req, () =>
    json(400, errorBody(400, 'parseError', 'Invalid JSON payload received.')),
  );
  if (body === undefined) return {};
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid('Invalid JSON payload received. The body must be a JSON object.');
  return body as Record<string, unknown>;
}

function unknownFields(body: Record<string, unknown>, known: string[]): void {
  for (const k of Object.keys(body))
    if (!known.includes(k))
      throw invalid(`Invalid JSON payload received. Unknown name "${k}": Cannot find field.`);
}

function text(body: Record<string, unknown>, field: string, max: number): string | null | undefined {
  const v = body[field];
  if (v === undefined || v === null) return v;
  if (typeof v !== 'string') throw invalid(`Invalid value at '${field}' (TYPE_STRING): ${JSON.stringify(v)}`);
  if ([...v].length > max) throw invalid(`Invalid value for ${field}: longer than ${max} characters`);
  return v;
}

function time(body: Record<string, unknown>, field: string): number | null | undefined {
  const v = body[field];
  if (v === undefined || v === null) return v;
  const t = typeof v === 'string' ? parseRfc3339(v) : undefined;
  if (t === undefined)
    throw invalid(`Invalid value for ${field}: ${JSON.stringify(v)} is not an RFC 3339 timestamp`);
  return t;
}

/** A task body (insert, patch, update), checked field by field as the service checks it. */
export function taskInput(req: SandboxRequest): TaskInput {
  const body = object(req);
  unknownFields(body, [
    ...READ_ONLY_TASK,
    ...READ_ONLY_NEW,
    'title',
    'notes',
    'status',
    'due',
    'completed',
    'deleted',
  ]);
  const status = body.status;
  if (status !== undefined && status !== 'needsAction' && status !== 'completed')
    throw invalid(`Invalid value for status: ${JSON.stringify(status)}; use needsAction or completed`);
  if (body.deleted !== undefined && typeof body.deleted !== 'boolean')
    throw invalid(`Invalid value at 'deleted' (TYPE_BOOL): ${JSON.stringify(body.deleted)}`);
  if (body.id !== undefined && typeof body.id !== 'string')
    throw invalid(`Invalid value at 'id' (TYPE_STRING): ${JSON.stringify(body.id)}`);
  return {
    id: body.id as string | undefined,
    title: text(body, 'title', MAX_TITLE),
    notes: text(body, 'notes', MAX_NOTES),
    status: status as TaskInput['status'],
    due: time(body, 'due'),
    completed: time(body, 'completed'),
    deleted: body.deleted as boolean | undefined,
  };
}

/** A task-list body: the title is the one field a client sets. */
export function listInput(req: SandboxRequest): {
  id?: string | undefined;
  title?: string | null | undefined;
} {
  const body = object(req);
  unknownFields(body, [...READ_ONLY_LIST, 'title']);
  if (body.id !== undefined && typeof body.id !== 'string')
    throw invalid(`Invalid value at 'id' (TYPE_STRING): ${JSON.stringify(body.id)}`);
  return { id: body.id as string | undefined, title: text(body, 'title', MAX_TITLE) };
}
