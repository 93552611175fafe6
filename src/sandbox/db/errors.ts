import { ReplyError, json } from '../core/framework.js';

/** CloudError `{error: {code, message}}` (seed C, Errors), thrown to answer at once. */
export function cloudError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): ReplyError {
  return new ReplyError(json(status, { error: { code, message } }, headers));
}
