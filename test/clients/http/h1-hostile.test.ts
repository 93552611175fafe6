import { describe, expect, it } from 'vitest';
import { okAnswer as ok, transportRequest as request, useRawServer } from '../../helpers/raw-server.js';

const { serve, h1, closeTransport } = useRawServer();

// Hostile servers on loopback: framing that llhttp (Node's parser, and undici's) refuses is refused
// here too, written whole and one byte at a time; and no request takes bytes another request's
// connection had before it.

/** An answer written whole, and one byte a write. */
const ways = (answer: string): Array<[string, string[]]> => [
  ['whole', [answer]],
  ['a byte at a time', answer.split('')],
];
/** Blocks the event loop, so that what the server sends meanwhile waits unread in the socket. */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const refused: Array<[string, string]> = [
  ['a bare CR ending the status line', 'HTTP/1.1 200 OK\rContent-Length: 4\r\n\r\nEvil'],
  ['a bare LF ending the status line', 'HTTP/1.1 200 OK\nContent-Length: 4\r\n\r\nEvil'],
  ['a bare LF ending a header line', 'HTTP/1.1 200 OK\r\nX-A: 1\nContent-Length: 4\r\n\r\nEvil'],
  [
    'a bare CR inside a header line',
    'HTTP/1.1 200 OK\r\nX-A: 1\rTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}',
  ],
  ['a head of bare LFs only', 'HTTP/1.1 200 OK\nContent-Length: 2\n\n{}'],
  [
    'a space before the colon',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding : chunked\r\nContent-Length: 2\r\n\r\n{}',
  ],
  [
    'an obs-fold line',
    'HTTP/1.1 200 OK\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}',
  ],
  [
    'a header name with a character not of a token',
    'HTTP/1.1 200 OK\r\nX[A]: 1\r\nContent-Length: 2\r\n\r\n{}',
  ],
  ['a length ending in a no-break space', 'HTTP/1.1 200 OK\r\nContent-Length: 5\xA0\r\n\r\nEvil!'],
  [
    'a vertical tab before chunked',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: \x0Bchunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  ],
  ['a form feed after a length', 'HTTP/1.1 200 OK\r\nContent-Length: 2\x0C\r\n\r\n{}'],
  ['a NUL in a value', 'HTTP/1.1 200 OK\r\nX-A: a\x00b\r\nContent-Length: 2\r\n\r\n{}'],
  [
    'Content-Length with Transfer-Encoding',
    'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'Transfer-Encoding with Content-Length on a 204',
    'HTTP/1.1 204 No Content\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n',
  ],
  [
    'a space after a chunk size',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 \r\n{}\r\n0\r\n\r\n',
  ],
  [
    'a space before a chunk size',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n 2\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'a tab before a chunk extension',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\t;a=b\r\n{}\r\n0\r\n\r\n',
  ],
  ['a chunk size with 0x', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x2\r\n{}\r\n0\r\n\r\n'],
  [
    'a chunk line ending in a bare LF',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\n{}\r\n0\r\n\r\n',
  ],
  [
    'a trailer that is not a header line',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nnot a field\r\n\r\n',
  ],
];

describe('the HTTP/1.1 transport refuses what llhttp refuses', () => {
  for (const [name, answer] of refused)
    for (const [how, pieces] of ways(answer))
      it(`${name}, ${how}`, async () => {
        // The server keeps the connection open: a refusal must not wait for its end.
        const server = await serve(() => [...pieces]);
        const t = h1(1);
        await expect(t.sendWhole(server.url(), request())).rejects.toMatchObject({ code: 'HPE_INVALID' });
      });

  it('Content-Length with Transfer-Encoding closes the connection', async () => {
    const server = await serve((n) =>
      n === 1
        ? ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n']
        : [ok('{}')],
    );
    const t = h1(1);
    await expect(t.sendWhole(server.url(), request())).rejects.toMatchObject({ code: 'HPE_INVALID' });
    expect((await t.sendWhole(server.url(), request())).body.toString()).toBe('{}');
    expect(server.connections()).toBe(2);
  });

  it('a head larger than 64 KiB, counted on all of it that came, in one read or many', async () => {
    const head = `HTTP/1.1 200 OK\r\n${'x-pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'.repeat(2000)}content-length: 2\r\n\r\n{}`;
    for (const pieces of [[head], [head.slice(0, 40_000), head.slice(40_000)]]) {
      const server = await serve(() => pieces);
      const t = h1(1);
      await expect(t.sendWhole(server.url(), request())).rejects.toMatchObject({
        code: 'HPE_INVALID',
        message: 'the answer head is too large',
      });
      await closeTransport();
    }
  });
});

describe('the HTTP/1.1 transport reads what llhttp reads', () => {
  const accepted: Array<[string, string, string]> = [
    ['empty lines before the status line', '\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}', '{}'],
    ['a length between spaces and tabs', 'HTTP/1.1 200 OK\r\nContent-Length: \t 2 \t\r\n\r\n{}', '{}'],
    ['obs-text in a value', 'HTTP/1.1 200 OK\r\nX-A: caf\xE9\r\nContent-Length: 2\r\n\r\n{}', '{}'],
    [
      'chunk extensions, a quoted one too',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2;a=b;q="x y"\r\n{}\r\n0;last\r\nx-t: 1\r\n\r\n',
      '{}',
    ],
    ['a reason phrase with a tab', 'HTTP/1.1 200 All\tgood\r\nContent-Length: 2\r\n\r\n{}', '{}'],
  ];
  for (const [name, answer, body] of accepted)
    for (const [how, pieces] of ways(answer))
      it(`${name}, ${how}`, async () => {
        const server = await serve(() => [...pieces]);
        const res = await h1(1).sendWhole(server.url(), request());
        expect(res.statusCode).toBe(200);
        expect(res.body.toString('latin1')).toBe(body);
      });
});

describe('the HTTP/1.1 transport reuses an idle connection only once a turn has shown it clean', () => {
  it('bytes the server sent after an answer, unasked, are nobody’s answer', async () => {
    const server = await serve((n, _head, socket) => {
      if (n === 1) setTimeout(() => socket.write(ok('Evil')), 5);
      return [ok(`{"n":${n}}`)];
    });
    const t = h1(1);
    expect((await t.sendWhole(server.url(), request())).body.toString()).toBe('{"n":1}');
    // The stray answer arrives while this process is busy: it waits, unread, in the socket.
    block(100);
    expect((await t.sendWhole(server.url(), request())).body.toString()).toBe('{"n":2}');
    expect(server.connections()).toBe(2);
  });

  it('a kept-alive connection the server closed after its answer is not written to', async () => {
    const posts: string[] = [];
    const server = await serve((n, head, socket) => {
      posts.push(head.split(' ')[0]!);
      if (n === 1) setTimeout(() => socket.end(), 5);
      return [ok(`{"n":${n}}`)];
    });
    const t = h1(1);
    await t.sendWhole(server.url(), request({ method: 'POST', body: '{}' }));
    block(100);
    const res = await t.sendWhole(server.url(), request({ method: 'POST', body: '{}' }));
    expect(res.body.toString()).toBe('{"n":2}');
    expect(posts).toEqual(['POST', 'POST']);
  });

  it('requests one after the other still share one connection', async () => {
    const server = await serve((n) => [ok(`{"n":${n}}`)]);
    const t = h1(4);
    for (let i = 1; i <= 5; i++)
      expect((await t.sendWhole(server.url(), request())).body.toString()).toBe(`{"n":${i}}`);
    expect(server.connections()).toBe(1);
  });
});
