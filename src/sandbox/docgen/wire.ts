import { type Reply, ReplyError, json } from '../core/framework.js';
import { type Job, ENTERPRISE_ID, SANDBOX_USER_ID, OTHER_USER_ID, isoWithOffset, statusAt } from './seed.js';

/** Every error of this API is a ClientError (reference §A.4). */
export function clientError(
  status: number,
  code: string,
  message: string,
  requestId: string,
  o: { contextInfo?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Reply {
  return json(
    status,
    {
      type: 'error',
      status,
      code,
      message,
      context_info: o.contextInfo ?? null,
      help_url: `https://developer.docgen.example/guides/errors/#${code}`,
      request_id: requestId,
    },
    o.headers,
  );
}

export function fail(...args: Parameters<typeof clientError>): ReplyError {
  return new ReplyError(clientError(...args));
}

/** A 400 about one query parameter, with the parameter named as the vendor does. */
export function invalidParameter(name: string, message: string, requestId: string): ReplyError {
  return fail(400, 'bad_request', 'Bad Request', requestId, {
    contextInfo: { errors: [{ reason: 'invalid_parameter', name, message }] },
  });
}

/**
 * One job as the API writes it: the full variant (the list of all jobs) adds who created it, when,
 * in which enterprise and from where.
 */
export function jobWire(job: Job, now: number, full: boolean): Record<string, unknown> {
  const status = statusAt(job, now);
  const done = status === 'completed' || status === 'completed_with_error';
  const out: Record<string, unknown> = {
    id: job.id,
    type: 'docgen_job',
    batch: { id: job.batchId, type: 'docgen_batch' },
    template_file: { id: job.template.fileId, type: 'file' },
    template_file_version: { id: job.templateVersionId, type: 'file_version' },
    output_file: done ? { id: job.outputFileId, type: 'file' } : null,
    output_file_version: done ? { id: job.outputVersionId, type: 'file_version' } : null,
    output_type: job.outputType,
    status,
  };
  if (status === 'failed' || status === 'completed_with_error')
    out.failures = { errors: job.errors, warnings: job.warnings };
  if (full) {
    out.created_at = isoWithOffset(job.createdAt);
    out.created_by = { id: job.owner === 'user' ? SANDBOX_USER_ID : OTHER_USER_ID, type: 'user' };
    out.enterprise = { id: ENTERPRISE_ID, type: 'enterprise' };
    out.source = 'api';
  }
  return out;
}
