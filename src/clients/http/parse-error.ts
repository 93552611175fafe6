import { NetworkError } from '../../errors.js';
import type { JsonShape, ParsedError } from './types.js';

export type { JsonShape } from './types.js';

const REQUEST_ID_HEADERS = [
  'x-request-id',
  'request-id',
  'x-github-request-id',
  'x-correlation-id',
  'x-ms-request-id',
  'cf-ray',
];

/**
 * Reads an error answer in any of the shapes the seeds use:
 * `{errors:[…]}` (secrets, hosts), `{error:{code,message}}` (meter), `{errorCode,errorMessage,correlationId}`
 * (cloud), `{type:"error",status,code,message,request_id}`, the data API's envelope with `status_code`,
 * `{message}` / `{statusCode,message}`, or plain text and HTML.
 */
/** The request id a service's answer names in its headers, if any. */
export const requestIdOf = (headers: Record<string, string>): string | undefined =>
  REQUEST_ID_HEADERS.map((h) => headers[h]).find(Boolean);

export function parseErrorBody(status: number, body: unknown, headers: Record<string, string>): ParsedError {
  const requestId = requestIdOf(headers);
  const fromBody = readShape(body);
  return {
    message: fromBody.message || statusText(status),
    code: fromBody.code,
    requestId: fromBody.requestId ?? requestId,
  };
}

function readShape(body: unknown): Partial<ParsedError> {
  if (typeof body === 'string') return { message: textSummary(body) };
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.errors)) {
    const parts = b.errors.map((e) =>
      typeof e === 'string' ? e : (str((e as Record<string, unknown>)?.message) ?? JSON.stringify(e)),
    );
    return { message: parts.join('; ') };
  }
  if (b.error && typeof b.error === 'object') {
    const e = b.error as Record<string, unknown>;
    return {
      message: str(e.message) ?? str(e.code),
      code: str(e.code) ?? str(e.type),
      requestId: str(e.request_id),
    };
  }
  if ('errorMessage' in b || 'errorCode' in b) {
    return {
      message: str(b.errorMessage) ?? str(b.errorCode),
      code: str(b.errorCode),
      requestId: str(b.correlationId),
    };
  }
  if ('status_code' in b) {
    const task = Array.isArray(b.tasks) ? (b.tasks[0] as Record<string, unknown> | undefined) : undefined;
    const code =
      task && typeof task.status_code === 'number' && task.status_code >= 40000
        ? task.status_code
        : b.status_code;
    const message = task && code === task.status_code ? task.status_message : b.status_message;
    return {
      message: str(message),
      code: code === undefined ? undefined : String(code),
      requestId: str(b.id),
    };
  }
  if (typeof b.message === 'string') {
    return { message: b.message, code: str(b.code) ?? str(b.error), requestId: str(b.request_id) };
  }
  if (typeof b.error === 'string') return { message: str(b.error_description) ?? b.error, code: b.error };
  return {};
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** One line from a text or HTML body: the <title> of a page, else the first words. */
export function textSummary(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text);
  const plain = (title?.[1] ?? text.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 197)}...` : plain;
}

export function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'bad request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not found',
    405: 'method not allowed',
    409: 'conflict',
    412: 'precondition failed',
    422: 'unprocessable entity',
    429: 'too many requests',
    500: 'internal server error',
    501: 'not implemented',
    502: 'bad gateway',
    503: 'service unavailable',
    504: 'gateway timeout',
  };
  return texts[status] ?? `HTTP ${status}`;
}

/** The shape in the words of an error: "a JSON array of objects". */
export function shapeWords(shape: JsonShape): string {
  return shape === 'objects' ? 'a JSON array of objects' : `a JSON ${shape}`;
}

/**
 * "a body that is not valid JSON (application/json, 19 bytes): "{"truncated": [1, 2"", or "an empty
 * body where a JSON object was expected".
 */
export function describeUnreadableBody(text: string, contentType: string, expected?: JsonShape): string {
  if (text === '') return `an empty body where ${expected ? shapeWords(expected) : 'JSON'} was expected`;
  const kind =
    /html/i.test(contentType) || /^\s*</.test(text) ? 'an HTML page' : 'a body that is not valid JSON';
  return `${kind} (${contentType || 'no content type'}, ${Buffer.byteLength(text)} bytes): "${textSummary(text).slice(0, 80)}"`;
}

/** What a parsed JSON value is, in the words of an error ("a JSON array", "null"). */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value === 'object' ? 'object' : typeof value}`;
}

/** A JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a parsed JSON value has the shape the operation answers with. */
export function hasShape(value: unknown, expected: JsonShape): boolean {
  if (expected === 'object') return isObject(value);
  return Array.isArray(value) && (expected === 'array' || value.every(isObject));
}

/** What a value is, beside the shape it lacks: an array's first item that is not an object is named. */
export function shapeMismatch(value: unknown, expected: JsonShape): string {
  const what =
    expected === 'objects' && Array.isArray(value)
      ? `a JSON array holding ${shapeOf(value.find((v) => !isObject(v)))}`
      : shapeOf(value);
  return `${what} where ${shapeWords(expected)} was expected`;
}

/**
 * The one error for an answer that is not what it claims (a 200 with an empty body, a page that is not
 * JSON, an array where a resource was expected): `<service> answered <status> with <what>`, exit 7,
 * whichever path read it (parsed, or kept as text for NDJSON).
 */
export function badAnswer(service: string, status: number, what: string): NetworkError {
  return new NetworkError(service, `${service} answered ${status} with ${what}`, undefined, status);
}
