import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { PageStyle } from '../../clients/http/paginate.js';
import type { HttpClient, QueryValue, RequestSpec } from '../../clients/http/types.js';
import { NetworkError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import type { AnswerCache } from './cache.js';
import { parseDuration } from '../shared/parse.js';
import { nestedBody, parseField, parseHeader, parseRawField, queryParams } from './fields.js';

export interface ApiOptions {
  io: Io;
  printer: Printer;
  client: () => Promise<HttpClient>;
  pageStyle: () => Promise<PageStyle<unknown> | undefined>;
  method: string;
  path: string;
  fields: Array<[string, unknown]>;
  headers: Record<string, string>;
  input: string | undefined;
  paginate: boolean;
  include: boolean;
  /** `--debug`: a cached answer says so on stderr. */
  debug?: boolean;
  /** A warning (stderr, on a terminal only). */
  warn?: (message: string) => void;
  /** `--cache`: a GET's answer is kept and reused for this long. */
  cache?: AnswerCache | undefined;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'LIST', 'OPTIONS'];
const QUERY_METHODS = ['GET', 'HEAD', 'DELETE', 'LIST', 'OPTIONS'];

export function apiCommand(factory: Factory, run = runApi): Command {
  const names = factory.services.map((s) => s.name);
  return verbCommand(
    'api',
    "Make a raw request with the service's address, credentials, retries and output",
    [
      'ops api hosts GET /api/v1/hosts -f count=2',
      "ops api tasks POST /tasks/v1/users/@me/lists -f title=Errands --jq '.id'",
      'ops api secrets LIST /v1/secret/metadata/',
      'ops api meter POST /v2/billing/meter_event_session',
      'echo \'{"data":{"a":"1"}}\' | ops api secrets POST /v1/secret/data/app --input -',
      'ops api hosts GET /api/v1/hosts --paginate -f count=100 -o ndjson',
    ],
  )
    .argument('<service>', `one of: ${names.join(', ')}`)
    .argument('<method>', METHODS.join(', '))
    .argument('<path>', 'path below the service address, e.g. /api/v1/hosts')
    .option(
      '-f, --raw-field <key=value...>',
      'string parameter: query for GET/DELETE/LIST, JSON body otherwise; a[b]=1 nests, a[]=1 appends',
    )
    .option(
      '-F, --typed-field <key=value...>',
      'typed parameter: numbers, true/false/null, @file, @- (stdin), key:=json; else as -f',
    )
    .option('-H, --header <name: value...>', 'extra request header')
    .option('--input <file>', 'request body from a file, or - for stdin')
    .option('--paginate', 'follow every page and print one JSON array')
    .option('-i, --include', 'print the status line and response headers to stderr')
    .option('--cache <duration>', "keep a GET's answer and answer from it for this long (3600s, 60m, 1h)")
    .action(
      async (
        service: string,
        method: string,
        path: string,
        o: {
          rawField?: string[];
          typedField?: string[];
          header?: string[];
          input?: string;
          paginate?: boolean;
          include?: boolean;
          cache?: string;
        },
        cmd: Command,
      ) => {
        if (!names.includes(service))
          throw new UsageError(`unknown service "${service}"`, `use one of: ${names.join(', ')}`);
        const m = method.toUpperCase();
        if (!METHODS.includes(m))
          throw new UsageError(`invalid method "${method}"`, `use one of: ${METHODS.join(', ')}`);
        const { assertSafeRawPath } = await import('../../clients/http/url.js');
        if (path.trim() === '')
          throw new UsageError(
            'the path is empty',
            'give the path below the service address, e.g. /api/v1/hosts',
          );
        assertSafeRawPath(path);
        const typed = o.typedField ?? [];
        // `-F key=@-`: standard input, read once.
        const stdin = typed.some((f) => /^[^=]+=@-$/.test(f))
          ? Buffer.concat(await collectStream(factory.io.stdin)).toString('utf8')
          : undefined;
        const headers = Object.fromEntries((o.header ?? []).map(parseHeader));
        const rawFields = (o.rawField ?? []).map(parseRawField);
        const typedFields = typed.map((f) => [f, parseField(f, stdin)] as const);
        if (o.input !== undefined && rawFields.length + typedFields.length && !QUERY_METHODS.includes(m)) {
          throw new UsageError(
            '--input and -f both give a body',
            'use one of them (with --input, -f goes to the query only for GET/DELETE/LIST)',
          );
        }
        const cacheSeconds = o.cache === undefined ? undefined : parseDuration('--cache', o.cache);
        if (cacheSeconds !== undefined && m !== 'GET')
          throw new UsageError(
            `--cache keeps only a GET's answer, not a ${m}'s`,
            'a request that may change something is sent each time: drop --cache',
          );
        if (cacheSeconds !== undefined && o.paginate)
          throw new UsageError("--cache keeps one answer, not --paginate's pages", 'drop one of them');
        const ctx = await factory.context(cmd, { defaultOutput: 'json' });
        // gh's placeholders ({owner}, {repo}, {branch}, and each service's named context parts), filled
        // in the path and in -F's plain string values (not -f's, not @file's), before any request.
        const { encodePathValue, fillPlaceholders } = await import('./placeholders.js');
        const entry = factory.services.find((s) => s.name === service);
        const parts = async () => (await entry?.commands?.())?.apiPlaceholders ?? {};
        path = await fillPlaceholders(ctx, parts, path, encodePathValue);
        assertSafeRawPath(path);
        const fields: Array<[string, unknown]> = [...rawFields];
        for (const [raw, [key, value]] of typedFields)
          fields.push([
            key,
            typeof value === 'string' && isPlainTyped(raw)
              ? await fillPlaceholders(ctx, parts, value)
              : value,
          ]);
        await run({
          io: ctx.io,
          printer: ctx.printer,
          client: () => ctx.client(service),
          pageStyle: async () => (await ctx.service(service)).descriptor.pageStyle?.(),
          method: m,
          path,
          fields,
          headers,
          input: o.input,
          paginate: Boolean(o.paginate),
          include: Boolean(o.include),
          debug:
            Boolean(ctx.flags.debug) || /^(1|true|yes|on|api)$/i.test(ctx.io.env.OPS_DEBUG?.trim() ?? ''),
          warn: (message) => ctx.feedback.warn(message),
          cache:
            cacheSeconds === undefined
              ? undefined
              : await (await import('./cache.js')).answerCache(ctx, service, cacheSeconds),
        });
      },
    );
}

export async function runApi(o: ApiOptions): Promise<void> {
  const [pathOnly, rawQuery = ''] = o.path.split('?', 2) as [string, string?];
  const query: Record<string, QueryValue> = Object.fromEntries(new URLSearchParams(rawQuery));
  const spec: RequestSpec = { method: o.method, path: pathOnly, query, headers: o.headers };
  if (QUERY_METHODS.includes(o.method)) {
    Object.assign(query, queryParams(o.fields));
  } else if (o.fields.length) {
    spec.body = nestedBody(o.fields);
  }
  if (o.input !== undefined) {
    const stream: Readable = o.input === '-' ? o.io.stdin : createReadStream(o.input);
    spec.rawBody = Buffer.concat(await collectStream(stream));
    // --dry-run's curl sends the same bytes from the same place: `--data-binary @file` (or `@-`).
    spec.bodyFile = o.input;
    spec.headers = { 'content-type': 'application/json', ...o.headers };
  }
  const http = await o.client();
  if (o.paginate) {
    const style = await o.pageStyle();
    if (!style)
      throw new UsageError(
        `${http.service} lists have no page style that --paginate knows`,
        'request the pages yourself',
      );
    const { paginatePages } = await import('../../clients/http/paginate.js');
    const include = o.include;
    const io = o.io;
    await o.printer.printList(
      (async function* () {
        for await (const page of paginatePages(http, spec, style)) {
          if (include) writeInclude(io, page.response.status, page.response.headers);
          yield* page.items;
        }
      })(),
    );
    return;
  }
  // Raw access: a JSON answer goes through the printer, anything else is written as it came.
  const res = o.cache
    ? await (await import('./cache.js')).cachedAnswer(o.cache, o, http, spec)
    : await http
        .request<string>({ ...spec, responseType: 'text' })
        .then((r) => ({ ...r, body: r.data ?? '' }));
  if (o.include) writeInclude(o.io, res.status, res.headers);
  const body = res.body;
  if (body === '') return;
  const contentType = res.headers['content-type'] ?? '';
  if (/json/i.test(contentType) || /^\s*[[{]/.test(body)) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      const { describeUnreadableBody } = await import('../../clients/http/client.js');
      throw new NetworkError(
        http.service,
        `${http.service} answered ${res.status} with ${describeUnreadableBody(body, contentType)}`,
      );
    }
    await o.printer.print(data);
  } else {
    await o.printer.data(body);
  }
}

/** A `-F` whose value is its own text (not `@file`, `@-` or `key:=json`): gh fills placeholders in it. */
const isPlainTyped = (raw: string): boolean => !/^[^=:]+:=/.test(raw) && !/^[^=]*=@/.test(raw);

function writeInclude(io: Io, status: number, headers: Record<string, string>): void {
  io.stderr.write(
    `HTTP ${status}\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}\n\n`,
  );
}

async function collectStream(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  } catch (err) {
    throw new UsageError(`cannot read --input: ${(err as Error).message}`);
  }
  return chunks;
}
