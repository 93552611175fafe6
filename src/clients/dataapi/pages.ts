import { type PageStyle, offsetStyle } from '../http/paginate.js';
import type { RequestSpec } from '../http/types.js';
import type { ErrorResultWire, TaskWire } from './types.js';

/** Where a report's failed tasks are in its answer: the `result` of the first task. */
export const REPORT_ITEMS = ['tasks', 0, 'result'] as const;

/** Largest `limit` of an error report (seed B, Limits). */
export const MAX_PAGE = 1000;

/**
 * `offset`/`limit` in the request object, which the body holds as the only item of an array (seed B:
 * "JSON array holding one request object"). The shared offset style reads and writes a body object,
 * so each request is unwrapped for it and wrapped again after. The failed tasks are the `result` of
 * the first task; no total is given, so a page shorter than `limit` is the last.
 */
export function reportPages(): PageStyle<ErrorResultWire> {
  return inArrayBody(
    offsetStyle<ErrorResultWire>({
      items: {
        at: 'tasks[0].result',
        // A task with nothing to report has `result: null`.
        get: (body) => {
          const tasks = (body as { tasks?: Array<TaskWire<ErrorResultWire> | null> | null } | null)?.tasks;
          return tasks?.[0]?.result ?? undefined;
        },
      },
      offsetParam: 'offset',
      limitParam: 'limit',
      pageSize: MAX_PAGE,
      in: 'body',
    }),
  );
}

/** A style over a body object, used with a body that is an array of one object. */
function inArrayBody<T>(style: PageStyle<T>): PageStyle<T> {
  const wrap = (spec: RequestSpec): RequestSpec => ({ ...spec, body: [spec.body ?? {}] });
  return {
    items: (res) => style.items(res),
    ...(style.total ? { total: style.total } : {}),
    sized: (first, limit) => {
      const spec = unwrap(first);
      return wrap(style.sized ? style.sized(spec, limit) : spec);
    },
    next(prev, res, seen, pageItems) {
      const next = style.next(unwrap(prev), res, seen, pageItems);
      return next && wrap(next);
    },
  };
}

/**
 * The request object of a spec. A raw JSON body (`ops api dataapi … --input`) is read into the spec's
 * body, so that each page sends its own offset instead of the same text again.
 */
function unwrap(spec: RequestSpec): RequestSpec {
  let body = spec.body;
  let rawBody = spec.rawBody;
  if (typeof rawBody === 'string' || Buffer.isBuffer(rawBody)) {
    try {
      body = JSON.parse(rawBody.toString());
      rawBody = undefined;
    } catch {
      // Not JSON: sent as it is, and the service says what is wrong with it.
      return spec;
    }
  }
  const object = Array.isArray(body) ? body[0] : body;
  return { ...spec, body: object && typeof object === 'object' ? object : {}, rawBody };
}
