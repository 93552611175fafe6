import { describe, expect, it } from 'vitest';
import { OperationTable, type Placed, defineEmulator } from '../../src/sandbox/core/anatomy.js';
import { Clock, type Reply, ReplyError, json } from '../../src/sandbox/core/framework.js';

/**
 * A toy emulator whose state is a mount table (path prefix → engine), as a store of engines mounted
 * at paths: which routes serve a path depends on the state, so it declares `locate`.
 */
interface Located extends Placed {
  /** The mount's path prefix, for the answers. */
  prefix: string;
}

function toyEmulator() {
  return defineEmulator<Map<string, string>, object, object, Located>({
    name: 'toy',
    parts: () => ({}),
    state: () =>
      new Map([
        ['files/', 'blob'],
        ['team/files/', 'blob'],
        ['notes/', 'note'],
      ]),
    locate(req, k) {
      if (req.headers.refuse) throw new ReplyError(json(418, { why: 'thrown by locate' }));
      const path = req.path.slice(1);
      if (path === 'gone') return json(410, { why: 'answered by locate' });
      const prefix = [...k.state().keys()].find((p) => path.startsWith(p));
      if (!prefix) return { ...req, mount: 'none', prefix: '', path };
      return { ...req, mount: k.state().get(prefix)!, prefix, path: path.slice(prefix.length) };
    },
    routes: () =>
      new OperationTable<Located>()
        .under('blob', (t) =>
          t
            .op('getBlob', 'GET', ':name', (req) => json(200, { blob: req.params.name, at: req.prefix }))
            .op('listBlobs', 'GET', ['', 'list/'], (req) => json(200, { list: req.prefix })),
        )
        .under('note', (t) => t.op('getNote', 'GET', '*rest', (req) => json(200, { note: req.params.rest })))
        .op('root', 'GET', '/', () => json(200, { root: true })).operations,
    notFound: (req) => json(404, { mount: req.mount, path: req.path }),
    methodNotAllowed: (req) => json(405, { mount: req.mount }),
  })({ clock: new Clock(), options: { credentials: {}, settings: {} } });
}

const ask = async (path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Reply> =>
  toyEmulator().handle({
    method,
    path,
    query: new URLSearchParams(),
    headers,
    body: Buffer.alloc(0),
    params: {},
  });

describe('defineEmulator with locate: routes chosen by the mount the state says a path lies in', () => {
  it('matches the routes under the mount locate names against the path inside the mount', async () => {
    expect((await ask('/files/a.txt')).body).toEqual({ blob: 'a.txt', at: 'files/' });
    expect((await ask('/team/files/b')).body).toEqual({ blob: 'b', at: 'team/files/' });
    expect((await ask('/notes/x/y')).body).toEqual({ note: 'x/y' });
  });

  it('serves each of the paths a route declares', async () => {
    expect((await ask('/files/')).body).toEqual({ list: 'files/' });
    expect((await ask('/files/list/')).body).toEqual({ list: 'files/' });
  });

  it('answers what locate answers, and a reply it throws, before any route', async () => {
    expect(await ask('/gone')).toMatchObject({ status: 410, body: { why: 'answered by locate' } });
    expect(await ask('/files/a', 'GET', { refuse: '1' })).toMatchObject({
      status: 418,
      body: { why: 'thrown by locate' },
    });
  });

  it('hands notFound and methodNotAllowed the request as placed', async () => {
    expect(await ask('/files/a/b')).toMatchObject({ status: 404, body: { mount: 'blob', path: 'a/b' } });
    expect(await ask('/files/a', 'PUT')).toMatchObject({ status: 405, body: { mount: 'blob' } });
    // A mount with no routes, and the routes under no mount, which locate did not name.
    expect(await ask('/elsewhere')).toMatchObject({
      status: 404,
      body: { mount: 'none', path: 'elsewhere' },
    });
  });

  it('declares a route under the innermost mount it is written in, and the later ones under the outer', () => {
    const h = () => json(200, {});
    const { operations } = new OperationTable()
      .under('outer', (t) =>
        t
          .op('a', 'GET', 'a', h)
          .under('inner', (i) => i.op('b', 'GET', 'b', h))
          .op('c', 'GET', 'c', h),
      )
      .op('d', 'GET', '/d', h);
    expect(Object.entries(operations).map(([name, o]) => [name, o.mount])).toEqual([
      ['a', 'outer'],
      ['b', 'inner'],
      ['c', 'outer'],
      ['d', undefined],
    ]);
  });

  it('counts the routes of every mount as the operations the emulator serves', () => {
    expect(toyEmulator().operations).toEqual(['getBlob', 'listBlobs', 'getNote', 'root']);
  });
});
