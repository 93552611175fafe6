import { NetworkError } from '../../errors.js';
import { badAnswer, describeUnreadableBody, isObject, shapeOf } from './parse-error.js';
import { type JsonPath, RawJson, splitArrayAt } from './raw-json.js';
import type { HttpClient, HttpResponse, QueryValue, RequestSpec } from './types.js';
import { resolveUrl } from './url.js';

/**
 * One pagination style: which items a page holds and which request fetches the next page.
 * Every list in every service goes through `paginate` with one of the styles below.
 */
export interface PageStyle<T> {
  items(res: HttpResponse<unknown>): T[];
  /** The next request, or undefined on the last page. `seen` counts items received so far. */
  next(
    prev: RequestSpec,
    res: HttpResponse<unknown>,
    seen: number,
    pageItems: number,
  ): RequestSpec | undefined;
  /** The number of items the whole list holds, when the service says. */
  total?(res: HttpResponse<unknown>): number | undefined;
  /** What in the answer names the next page (`next_marker "m2"`), for an error about it. */
  cursor?(res: HttpResponse<unknown>): string | undefined;
  /**
   * The first request with the page size that fits `limit` (undefined: every page), so a list verb
   * never does page-size arithmetic. A size the caller set already is kept.
   */
  sized?(first: RequestSpec, limit: number | undefined): RequestSpec;
}

export interface PageOptions {
  /** Stop after this many items (requests no further page). */
  limit?: number | undefined;
}

/**
 * What every client list method takes, the same way in every service: at most `limit` items; with
 * `raw`, each item kept as the text the service sent (RawJson), for output that writes it as is
 * (NDJSON).
 */
export interface ListOptions extends PageOptions {
  raw?: boolean | undefined;
}

/**
 * The pages a list method gives for its options: with `raw` (the NDJSON path) an item may be the
 * service's text (RawJson); without it every item is parsed.
 */
export type ListPages<T, O = ListOptions> = AsyncGenerator<
  Page<'raw' extends keyof O ? (true extends O['raw' & keyof O] ? T | RawJson : T) : T>
>;

/** One page as it arrived; `paginate` yields these so callers can stream (ndjson) or count. */
export interface Page<T> {
  items: T[];
  response: HttpResponse<unknown>;
  /** The list's total, when the service gives one. */
  total?: number | undefined;
  /** The list goes on after this page (items cut by the limit, or a next page not fetched). */
  more: boolean;
}

/**
 * Walks the pages of a list, keeping the next page's request in flight while the caller handles the
 * current one (so `--all` is never slower than sequential raw requests). Stops early when `limit` is
 * reached or the consumer breaks out of the loop (a filter that has its count, `--limit` counted by
 * the caller); then the request fetched ahead is cancelled, so that the command neither waits for a
 * page it will not use nor leaves its request running behind it. Holds at most two pages.
 */
export function paginatePages<T>(
  http: HttpClient,
  first: RequestSpec,
  style: PageStyle<T>,
  opts: PageOptions = {},
): AsyncGenerator<Page<T>> {
  const ahead = new AbortController();
  return readAhead(walkPages(http, first, style, opts, ahead.signal), () =>
    ahead.abort(new Error('the caller stopped reading pages')),
  );
}

async function* walkPages<T>(
  http: HttpClient,
  first: RequestSpec,
  style: PageStyle<T>,
  opts: PageOptions,
  stopped: AbortSignal,
): AsyncGenerator<Page<T>> {
  let spec: RequestSpec | undefined = style.sized ? style.sized(first, opts.limit) : first;
  let seen = 0;
  const made = new Set([requestKey(http, spec)]);
  while (spec) {
    const signal = spec.signal ? AbortSignal.any([spec.signal, stopped]) : stopped;
    const res: HttpResponse<unknown> = await http.request({ ...spec, signal });
    let items = pageItems(http.service, style, res);
    const pageCount = items.length;
    if (opts.limit !== undefined && seen + items.length > opts.limit)
      items = items.slice(0, opts.limit - seen);
    seen += items.length;
    const next: RequestSpec | undefined =
      pageCount === 0 ? undefined : style.next(spec, res, seen, pageCount);
    const more = next !== undefined || items.length < pageCount;
    const done = opts.limit !== undefined && seen >= opts.limit;
    if (next && !done) notMadeYet(http, style, res, next, made);
    yield { items, response: res, total: style.total?.(res), more };
    if (done) return;
    spec = next;
  }
}

/** A request as the service receives it: method, URL with its query, and body. */
function requestKey(http: HttpClient, spec: RequestSpec): string {
  const url = resolveUrl(http.baseUrl, spec.path, spec.query).toString();
  const body = spec.body === undefined ? (spec.rawBody?.toString() ?? '') : JSON.stringify(spec.body);
  return `${spec.method.toUpperCase()} ${url} ${body}`;
}

/**
 * Keeps the next page's request, unless it was made already: a service that names the same next page
 * again (a marker, a token or a Link that does not move) would be followed for ever, so the walk
 * stops before the page that repeats is handed on.
 */
function notMadeYet(
  http: HttpClient,
  style: PageStyle<unknown>,
  res: HttpResponse<unknown>,
  next: RequestSpec,
  made: Set<string>,
): void {
  const key = requestKey(http, next);
  if (!made.has(key)) {
    made.add(key);
    return;
  }
  const what = style.cursor?.(res) ?? `${next.method.toUpperCase()} ${key.split(' ')[1]}`;
  throw new NetworkError(
    http.service,
    `${http.service} answered the same next page twice (${what})`,
    undefined,
    res.status,
  );
}

/**
 * The items of a page stream, one by one, with `onPage` told of each page as it arrives. An iterator
 * rather than an async generator with `yield*`: that costs a generator step and several promises per
 * item, a third of the CPU a 100,000-item NDJSON walk spends outside the network. Ending the loop
 * early ends the page stream (and its request in flight).
 */
export function itemsOf<T>(
  pages: AsyncIterable<Page<T>>,
  onPage: (page: Page<T>) => void = () => undefined,
): AsyncIterableIterator<T> {
  const source = pages[Symbol.asyncIterator]();
  let items: T[] = [];
  let i = 0;
  const nextPage = async (): Promise<IteratorResult<T>> => {
    for (;;) {
      const r = await source.next();
      if (r.done) return { done: true, value: undefined };
      onPage(r.value);
      items = r.value.items;
      i = 0;
      if (items.length > 0) return { done: false, value: items[i++] as T };
    }
  };
  return {
    next: () => (i < items.length ? Promise.resolve({ done: false, value: items[i++] as T }) : nextPage()),
    async return(): Promise<IteratorResult<T>> {
      items = [];
      await source.return?.(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** Item by item across pages. */
export async function* paginate<T>(
  http: HttpClient,
  first: RequestSpec,
  style: PageStyle<T>,
  opts: PageOptions = {},
): AsyncGenerator<T> {
  for await (const page of paginatePages(http, first, style, opts)) yield* page.items;
}

/** Gathers an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>, limit?: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (limit !== undefined && out.length >= limit) break;
  }
  return out;
}

/**
 * Where a page's items are: a key of the answer's object (`''`: the answer is the list itself), or a
 * function that finds them, with the name an error gives the place (`tasks[0].result`). A function's
 * undefined is no items.
 */
export type Getter = string | { at: string; get: (body: unknown) => unknown };

/** The answer's list where no key names it (`ops api … --paginate`): the answer itself, or its first array. */
export const FIRST_LIST: Getter = {
  at: 'the list',
  get: (b) =>
    Array.isArray(b) ? b : b && typeof b === 'object' ? Object.values(b).find(Array.isArray) : undefined,
};

/** How a list's answer may leave its items out: `empty` where the service omits an empty list's key. */
export interface PickOptions {
  absent?: 'empty' | undefined;
}

/** A page whose list is not one: the words of the bad answer it is (`host_list that is not a list`). */
class NotAList extends Error {}

/**
 * The items of a page, each a JSON object, as every list of every service holds: a list that is not an
 * array, one missing where the service always sends it, or an item that is not an object (null, a
 * number) is a bad answer, found before any of the page is printed, not an empty list nor a crash
 * of the printer on the item.
 */
export function pick<T>(body: unknown, get: Getter, o: PickOptions = {}): T[] {
  const at = typeof get === 'string' ? get || 'the list' : get.at;
  let v: unknown;
  if (get === '') v = body;
  else if (typeof get !== 'string') v = get.get(body);
  else if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new NotAList(`${shapeOf(body)} where a JSON object was expected`);
  else {
    v = (body as Record<string, unknown>)[get];
    if (v === undefined && o.absent !== 'empty') throw new NotAList(`no ${get}`);
  }
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new NotAList(`${at} that is not a list`);
  objectsOnly(v, at);
  return v as T[];
}

/** A list's items are JSON objects: the first that is not is named as a bad answer. */
function objectsOnly(items: unknown[], at: string): void {
  for (const item of items)
    if (!isObject(item)) throw new NotAList(`an item of ${at} that is ${shapeOf(item)}, not a JSON object`);
}

/** A path as an error names it: `tasks[0].result`. */
const pathName = (at: JsonPath): string =>
  at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');

/** Items kept as the service's text are objects too: each is checked by its first character. */
function rawObjectsOnly(items: RawJson[], at: JsonPath): RawJson[] {
  for (const item of items)
    if (item.text.charCodeAt(0) !== 123 /* { */)
      throw new NotAList(`an item of ${pathName(at)} that is ${shapeOf(item.value())}, not a JSON object`);
  return items;
}

function deepGet(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      body,
    );
}

/** Sets `param` to the page size for `limit` (at most `max`), in the query or the body, unless set. */
function withSize(
  first: RequestSpec,
  param: string,
  max: number,
  limit: number | undefined,
  place: 'query' | 'body' = 'query',
): RequestSpec {
  const params = ((place === 'query' ? first.query : first.body) ?? {}) as Record<string, QueryValue>;
  if (params[param] !== undefined) return first;
  const size = limit === undefined ? max : Math.max(1, Math.min(limit, max));
  const out = { ...params, [param]: size };
  return place === 'query' ? { ...first, query: out } : { ...first, body: out };
}

function totalAt(path: string | undefined) {
  return path === undefined
    ? undefined
    : (res: HttpResponse<unknown>) => {
        const n = Number(deepGet(res.data, path));
        return Number.isFinite(n) && deepGet(res.data, path) !== null ? n : undefined;
      };
}

/**
 * Offset and count: hosts (`start`/`count`, `total_matching`), cloud (`offset`/`limit`,
 * `_metadata.totalCount`), data API (`offset`/`limit` inside the POST body).
 */
export function offsetStyle<T>(o: {
  items: Getter;
  offsetParam: string;
  limitParam: string;
  pageSize: number;
  /** Dotted path to the total in the body, when the service gives one. */
  total?: string;
  /** Where the parameters go. */
  in?: 'query' | 'body';
  /** Starting offset when the first request gives none. */
  start?: number;
}): PageStyle<T> {
  return {
    items: (res) => pick(res.data, o.items),
    total: totalAt(o.total),
    sized: (first, limit) => withSize(first, o.limitParam, o.pageSize, limit, o.in ?? 'query'),
    next(prev, res, _seen, pageItems) {
      const place = o.in ?? 'query';
      const params = ((place === 'query' ? prev.query : prev.body) ?? {}) as Record<string, QueryValue>;
      const offset = Number(params[o.offsetParam] ?? o.start ?? 0) + pageItems;
      const size = Number(params[o.limitParam] ?? o.pageSize);
      const total = o.total ? Number(deepGet(res.data, o.total)) : Number.NaN;
      if (Number.isFinite(total) && offset >= total) return undefined;
      if (!Number.isFinite(total) && pageItems < size) return undefined;
      const nextParams = { ...params, [o.offsetParam]: offset, [o.limitParam]: size };
      return place === 'query' ? { ...prev, query: nextParams } : { ...prev, body: nextParams };
    },
  };
}

/**
 * page/per_page with `Link: <…>; rel="next"` (workflow automation): the next page is the URL the
 * service gives, never a computed page number.
 */
export function linkStyle<T>(o: {
  items: Getter;
  /** The page-size parameter and its largest value (`per_page`, 100). */
  sizeParam?: string;
  maxSize?: number;
  /** Dotted path to the total in the body (`total_count`). */
  total?: string;
}): PageStyle<T> {
  return {
    items: (res) => pick(res.data, o.items),
    total: totalAt(o.total),
    sized: (first, limit) =>
      o.sizeParam && o.maxSize ? withSize(first, o.sizeParam, o.maxSize, limit) : first,
    next(prev, res) {
      const next = parseLinkHeader(res.headers.link ?? '').next;
      return next ? { ...prev, path: next, query: undefined } : undefined;
    },
    cursor: (res) => `Link <${parseLinkHeader(res.headers.link ?? '').next}>; rel="next"`,
  };
}

/** Page token: the token field in the body names the next page (`next_page_token`, `nextPageToken`). */
export function tokenStyle<T>(o: {
  items: Getter;
  /** The service leaves the items' key out of an empty page (the task lists). */
  absent?: 'empty';
  tokenField: string;
  tokenParam: string;
  /** The page-size parameter and its largest value (`maxResults`, 100). */
  sizeParam?: string;
  maxSize?: number;
  total?: string;
}): PageStyle<T> {
  return {
    items: (res) => pick(res.data, o.items, o),
    total: totalAt(o.total),
    sized: (first, limit) =>
      o.sizeParam && o.maxSize ? withSize(first, o.sizeParam, o.maxSize, limit) : first,
    next(prev, res) {
      const token = deepGet(res.data, o.tokenField);
      return typeof token === 'string' && token !== ''
        ? { ...prev, query: { ...prev.query, [o.tokenParam]: token } }
        : undefined;
    },
    cursor: (res) => `${o.tokenField} ${JSON.stringify(deepGet(res.data, o.tokenField))}`,
  };
}

/** Marker: `next_marker` in the body becomes `marker` on the next request (document generation). */
export function markerStyle<T>(o: {
  items: Getter;
  markerField: string;
  markerParam: string;
  sizeParam?: string;
  maxSize?: number;
}): PageStyle<T> {
  return tokenStyle({
    items: o.items,
    tokenField: o.markerField,
    tokenParam: o.markerParam,
    ...(o.sizeParam ? { sizeParam: o.sizeParam } : {}),
    ...(o.maxSize ? { maxSize: o.maxSize } : {}),
  });
}

/**
 * The same style, with each page read as text and its items at `path` (a key of the top object, or a
 * path such as `["tasks", 0, "result"]`) kept as the text the service sent (RawJson): an NDJSON walk
 * then neither parses them nor writes them again. The rest of the page (totals, page tokens) is parsed
 * and becomes the response's data, so the style's `next` works as before. The first request must ask
 * for text (`responseType: 'text'`).
 */
export function rawItems<T>(style: PageStyle<T>, path: string | JsonPath): PageStyle<T | RawJson> {
  const at = typeof path === 'string' ? [path] : path;
  return {
    items: (res) => {
      const raw = takeRawItems(res, at);
      return raw ? rawObjectsOnly(raw, at) : style.items(res);
    },
    next: (prev, res, seen, pageItems) => style.next(prev, res, seen, pageItems),
    ...(style.total ? { total: style.total } : {}),
    ...(style.sized ? { sized: style.sized } : {}),
    ...(style.cursor ? { cursor: style.cursor } : {}),
  };
}

/**
 * A list's pages, the one way every client makes them: parsed, or with `raw` read as text and the items
 * at `path` kept as the service sent them (`rawItems`). Only `limit` reaches the paginator.
 */
export function listPages<T, O extends ListOptions = PageOptions>(
  http: HttpClient,
  first: RequestSpec,
  style: PageStyle<T>,
  path: string | JsonPath,
  o?: O,
): ListPages<T, O> {
  const opts = { limit: o?.limit };
  return (
    o?.raw
      ? paginatePages(http, { ...first, responseType: 'text' }, rawItems(style, path), opts)
      : paginatePages(http, first, style, opts)
  ) as ListPages<T, O>;
}

const RAW_ITEMS = Symbol('raw items');

/**
 * Splits a text answer once: returns its items at `path` as RawJson and leaves the rest, parsed, as
 * its data; an answer whose text holds no array there is parsed whole (undefined). A client that reads
 * the answer before the paginator (an envelope whose status it checks) calls it first; the style then
 * finds the items it kept.
 */
export function takeRawItems(res: HttpResponse<unknown>, path: JsonPath): RawJson[] | undefined {
  const kept = (res as { [RAW_ITEMS]?: RawJson[] })[RAW_ITEMS];
  if (kept || typeof res.data !== 'string') return kept;
  const cut = splitArrayAt(res.data, path);
  if (!cut) {
    (res as { data: unknown }).data = JSON.parse(res.data);
    return undefined;
  }
  const clean = res.controlFree === true;
  const items = cut.items.map((t) => new RawJson(t, clean));
  Object.assign(res, { data: cut.rest, [RAW_ITEMS]: items });
  return items;
}

/**
 * The items of a page. A page kept as text (NDJSON) is parsed here, not by the client: one that is not
 * JSON is the same bad answer, in the same words, as on the parsed path.
 */
function pageItems<T>(service: string, style: PageStyle<T>, res: HttpResponse<unknown>): T[] {
  const text = typeof res.data === 'string' ? res.data : undefined;
  try {
    return style.items(res);
  } catch (err) {
    if (err instanceof NotAList) throw badAnswer(service, res.status, err.message);
    if (text === undefined || !(err instanceof SyntaxError)) throw err;
    throw badAnswer(service, res.status, describeUnreadableBody(text, res.headers['content-type'] ?? ''));
  }
}

/** Parses an RFC 8288 Link header into rel → URL. */
export function parseLinkHeader(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (!m) continue;
    const rel = /rel="?([^";]+)"?/.exec(m[2] ?? '');
    if (rel?.[1]) for (const r of rel[1].split(/\s+/)) out[r] = m[1] ?? '';
  }
  return out;
}

/**
 * Keeps the next page's request in flight while the caller prints the current one, so that the
 * service's time and ours overlap and `--all` is not slower than raw sequential requests. At most
 * two pages are held. An error of the page fetched ahead is raised in order, when that page is due.
 * `onEarlyStop` is called when the caller stops before the source has ended (to cancel what is in
 * flight). */
export async function* readAhead<T>(source: AsyncIterable<T>, onEarlyStop?: () => void): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let pending = it.next();
  let finished = false;
  try {
    for (;;) {
      const r = await pending;
      if (r.done) {
        finished = true;
        return;
      }
      pending = it.next();
      // Surfaced by the `await` above on the next turn; until then it must not count as unhandled.
      pending.catch(() => undefined);
      yield r.value;
    }
  } finally {
    // The caller stopped early: cancel the request in flight, and end the source once it settles.
    if (!finished) {
      onEarlyStop?.();
      void Promise.resolve(it.return?.()).catch(() => undefined);
    }
  }
}
