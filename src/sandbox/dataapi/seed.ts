import { seededRandom } from '../core/framework.js';

/**
 * The sandbox's week of failed tasks: two reports (keywords data, backlinks) generated from a seed and
 * the sandbox clock at reset, so the same seed and start give the same errors. Each report mixes failed
 * API calls of its functions with failed webhook deliveries (`pingback_url`, `postback_url`); some
 * webhooks failed more than once, so the same task id shows in several results.
 */

export type ReportName = 'keywords' | 'backlinks';

export const DAY = 86_400;
/** How far back the reports reach (seed B: "the tasks of the past 7 days"). */
export const WINDOW_SECONDS = 7 * DAY;

export interface FailedTask {
  id: string;
  /** Epoch seconds. */
  at: number;
  function: string;
  error_code: number;
  error_message: string;
  http_url: string;
  http_method: string;
  http_code: number;
  http_time: number;
  http_response: string | null;
}

export const WEBHOOK_FUNCTIONS = ['pingback_url', 'postback_url'];

/** Where the sandbox says its API calls went (neutral, not the vendor's host). */
const API = 'https://api.dataapi.example';
const HOOKS = 'https://hooks.example.com';

interface CallFailure {
  function: string;
  weight: number;
  error_code: number;
  error_message: string;
  http_code: number;
}

const CALLS: Record<ReportName, CallFailure[]> = {
  keywords: [
    {
      function: 'keywords_data/google_ads/search_volume/task_post',
      weight: 25,
      error_code: 40501,
      error_message: "Invalid Field: 'keywords'.",
      http_code: 200,
    },
    {
      function: 'keywords_data/google_ads/keywords_for_site/task_post',
      weight: 15,
      error_code: 40503,
      error_message: 'POST Data Is Invalid.',
      http_code: 200,
    },
    {
      function: 'keywords_data/google_trends/explore/task_post',
      weight: 10,
      error_code: 40505,
      error_message: 'Outdated location_code or language_code.',
      http_code: 200,
    },
    {
      function: 'keywords_data/bing/search_volume/live',
      weight: 10,
      error_code: 50000,
      error_message: 'Internal Error.',
      http_code: 500,
    },
  ],
  backlinks: [
    {
      function: 'backlinks/backlinks/live',
      weight: 25,
      error_code: 40501,
      error_message: "Invalid Field: 'target'.",
      http_code: 200,
    },
    {
      function: 'backlinks/summary/live',
      weight: 20,
      error_code: 40102,
      error_message: 'No Search Results.',
      http_code: 200,
    },
    {
      function: 'backlinks/referring_domains/live',
      weight: 15,
      error_code: 40501,
      error_message: "Invalid Field: 'limit'.",
      http_code: 200,
    },
    {
      function: 'backlinks/content_duplicates/live',
      weight: 15,
      error_code: 50401,
      error_message: 'Internal Timeout.',
      http_code: 500,
    },
  ],
};

/** Share of a report's results that are failed webhook deliveries, per function. */
const WEBHOOK_WEIGHT: Record<ReportName, number> = { keywords: 20, backlinks: 12.5 };

/** What the receiving server did: answered with an error, or not in time. */
const DELIVERY_FAILURES = [
  {
    error_code: 40408,
    http_code: 404,
    response: '<html><head><title>404 Not Found</title></head><body>Not Found</body></html>',
  },
  {
    error_code: 50301,
    http_code: 503,
    response: '{"error":"service unavailable"}',
  },
  { error_code: 50301, http_code: 500, response: 'Internal Server Error' },
  { error_code: 50402, http_code: 0, response: null },
];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `2026-01-02 15:04:05 +00:00`: the service's own datetime format (reference §B.2, colons in the time). */
export function formatDatetime(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +00:00`;
}

/**
 * Reads the service's datetime format; undefined when it is not that format or not a real time. The
 * seed writes the time `hh-mm-ss`, the service `hh:mm:ss` (reference §B.2): both are read.
 */
export function parseDatetime(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})([:-])(\d{2})\5(\d{2}) \+00:00$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[6], m[7]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const t = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || se > 59)
    return undefined;
  return t / 1000;
}

/** A task id as the vendor writes them: the creation time, then digits and hex (`01021504-1234-0075-0000-…`). */
export function taskId(epochSeconds: number, random: () => number): string {
  const d = new Date(epochSeconds * 1000);
  const hex = Array.from({ length: 12 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}-${pad(Math.floor(random() * 10000), 4)}-${pad(Math.floor(random() * 10000), 4)}-0000-${hex}`;
}

/**
 * `count` failed tasks of a report, spread over the week before `t0` (newest first), from `seed`.
 * About one webhook failure in six is the same task failing again a little later.
 */
export function generateReport(report: ReportName, count: number, seed: number, t0: number): FailedTask[] {
  const random = seededRandom(seed * 7919 + (report === 'keywords' ? 1 : 2));
  const calls = CALLS[report];
  const kinds: Array<{ weight: number; call?: CallFailure; hook?: string }> = [
    ...calls.map((call) => ({ weight: call.weight, call })),
    ...WEBHOOK_FUNCTIONS.map((hook) => ({ weight: WEBHOOK_WEIGHT[report], hook })),
  ];
  const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
  // Ten minutes short of the window, so every error of a fresh sandbox is inside it.
  const span = WINDOW_SECONDS - 600;
  const lastHook = new Map<string, FailedTask>();
  const out: FailedTask[] = [];
  for (let k = 0; k < count; k++) {
    const at = t0 - span + Math.floor(((k + 0.2 + 0.6 * random()) * span) / count);
    let pick = random() * totalWeight;
    const kind = kinds.find((x) => (pick -= x.weight) < 0) ?? kinds[0]!;
    if (kind.call) {
      out.push({
        id: taskId(at - 2, random),
        at,
        function: kind.call.function,
        error_code: kind.call.error_code,
        error_message: kind.call.error_message,
        http_url: `${API}/v3/${kind.call.function}`,
        http_method: 'POST',
        http_code: kind.call.http_code,
        http_time: Math.round((0.02 + random() * 0.4) * 1000) / 1000,
        http_response: null,
      });
      continue;
    }
    const hook = kind.hook as string;
    const again = lastHook.get(hook);
    const failure = DELIVERY_FAILURES[Math.floor(random() * DELIVERY_FAILURES.length)]!;
    const id = again && random() < 0.17 ? again.id : taskId(at - 60, random);
    const url =
      hook === 'pingback_url'
        ? `${HOOKS}/${report}/ping?id=${id}&tag=sandbox`
        : `${HOOKS}/${report}/postback?id=${id}`;
    const task: FailedTask = {
      id,
      at,
      function: hook,
      error_code: failure.error_code,
      error_message: url,
      http_url: url,
      http_method: hook === 'pingback_url' ? 'GET' : 'POST',
      http_code: failure.http_code,
      http_time: failure.http_code === 0 ? 10 : Math.round((0.05 + random() * 2) * 1000) / 1000,
      http_response: failure.response,
    };
    lastHook.set(hook, task);
    out.push(task);
  }
  return out.reverse();
}

/** A result element as the report gives it. */
export function resultOf(t: FailedTask): Record<string, unknown> {
  return {
    id: t.id,
    datetime: formatDatetime(t.at),
    function: t.function,
    error_code: t.error_code,
    error_message: t.error_message,
    http_url: t.http_url,
    http_method: t.http_method,
    http_code: t.http_code,
    http_time: t.http_time,
    http_response: t.http_response,
  };
}
