import { type Emulator, type EmulatorFactory, Router, json } from '../../src/sandbox/core/framework.js';

/**
 * Stub services for testing the shared core through the sandbox framework. Each speaks one page
 * style of PRODUCT.md §5 under the name of a service whose descriptor uses that style, with 7 items
 * in all, and checks the credential its descriptor sends.
 */
const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `item-${i + 1}` }));

function stub(name: string, auth: [string, string], build: (r: Router) => void): EmulatorFactory {
  return () => {
    const router = new Router(() => json(404, { errors: ['no such path'] }));
    build(router);
    const emulator: Emulator = {
      name,
      reset: () => undefined,
      handle: (req) => {
        const [header, value] = auth;
        if (req.headers[header] !== value) return json(401, { message: `bad credentials for ${name}` });
        return router.handle(req);
      },
    };
    return emulator;
  };
}

export const stubEmulators: Record<string, EmulatorFactory> = {
  // offset/limit with _metadata.totalCount (cloud).
  cloud: stub('cloud', ['x-cloud-auth', 'sandbox-cloud-api-key'], (r) =>
    r.on('GET', '/items', (req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 3);
      return json(200, {
        items: ITEMS.slice(offset, offset + limit),
        _metadata: { totalCount: ITEMS.length, offset, limit },
      });
    }),
  ),
  // page/per_page with Link rel="next" (runs).
  runs: stub('runs', ['authorization', 'token sandbox-runs-token'], (r) =>
    r.on('GET', '/items', (req) => {
      const page = Number(req.query.get('page') ?? 1);
      const per = Number(req.query.get('per_page') ?? 3);
      const items = ITEMS.slice((page - 1) * per, page * per);
      const headers: Record<string, string> = {};
      if (page * per < ITEMS.length) {
        const host = req.headers.host ?? '';
        headers.link = `<http://${host}/runs/items?page=${page + 1}&per_page=${per}>; rel="next", <http://${host}/runs/items?page=3&per_page=${per}>; rel="last"`;
      }
      return json(200, { total_count: ITEMS.length, items }, headers);
    }),
  ),
  // page token: items + next_page_token, request param page-token (pipelines).
  pipelines: stub('pipelines', ['pipeline-token', 'sandbox-pipelines-token'], (r) =>
    r.on('GET', '/items', (req) => {
      const start = Number(req.query.get('page-token') ?? 0);
      const next = start + 3 < ITEMS.length ? String(start + 3) : null;
      return json(200, { items: ITEMS.slice(start, start + 3), next_page_token: next });
    }),
  ),
  // marker: entries + next_marker, request param marker (docgen).
  docgen: stub('docgen', ['authorization', 'Bearer sandbox-docgen-token'], (r) =>
    r.on('GET', '/items', (req) => {
      const start = Number(req.query.get('marker') ?? 0);
      const next = start + 3 < ITEMS.length ? String(start + 3) : undefined;
      return json(200, { entries: ITEMS.slice(start, start + 3), ...(next ? { next_marker: next } : {}) });
    }),
  ),
  // A plain JSON service for status and body tests (tasks).
  tasks: stub('tasks', ['authorization', 'Bearer sandbox-tasks-token'], (r) => {
    r.on('GET', '/items', () => json(200, ITEMS));
    r.on('GET', '/item/:id', (req) => {
      const item = ITEMS.find((i) => String(i.id) === req.params.id);
      return item
        ? json(200, item)
        : json(404, { error: { code: 404, message: `item ${req.params.id} not found` } });
    });
    r.on('POST', '/echo', (req) =>
      json(200, {
        method: req.method,
        headers: req.headers,
        body: req.body.toString('utf8'),
        query: Object.fromEntries(req.query),
      }),
    );
    r.on('GET', '/echo', (req) =>
      json(200, { method: req.method, headers: req.headers, query: Object.fromEntries(req.query) }),
    );
    r.on('GET', '/text', () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' }));
    r.on('GET', '/control', () => json(200, [{ name: 'evil\u001b[31mred\u0007' }]));
  }),
};
