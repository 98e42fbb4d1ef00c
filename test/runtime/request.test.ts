// Request building over real HTTP: path, query and header params, bodies by media type, Accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodedBody } from '../../templates/runtime/body.js';
import { createApi, type OperationSpec } from '../../templates/runtime/index.js';
import { styledParam } from '../../templates/runtime/param-styles.js';
import { echo, startServer, type Echo, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(echo);
});
afterAll(() => server.close());

// The encoders a generated client passes when its document has such parameters and bodies.
const api = () => createApi({ baseUrl: server.url, retry: false }, 'document/v1/', { param: styledParam, body: encodedBody });

const search = {
  method: 'GET',
  path: '/documents/{documentId}/parts',
  params: [
    { key: 'documentId', name: 'documentId', in: 'path' },
    { key: 'expand', name: 'expand', in: 'query', explode: false },
    { key: 'tag', name: 'tag', in: 'query', explode: true },
    { key: 'ids', name: 'ids', in: 'query' },
    { key: 'words', name: 'words', in: 'query', style: 'spaceDelimited', explode: false },
    { key: 'filter', name: 'filter', in: 'query', style: 'deepObject' },
    { key: 'since', name: 'since', in: 'query' },
    { key: 'searchTerm', name: 'search term', in: 'query' },
    { key: 'ifMatch', name: 'If-Match', in: 'header' },
    { key: 'xTags', name: 'X-Tags', in: 'header' },
  ],
  accept: ['application/json', 'application/xml'],
} as const satisfies OperationSpec;

describe('URL', () => {
  it('encodes path params and serialises query arrays by explode', async () => {
    const r = await api().call<Echo>(search, {
      documentId: 'a b/c?d',
      expand: ['sender', 'receiver'],
      tag: ['x', 'y&z'],
      ids: [1, 2],
      words: ['red', 'blue'],
      filter: { status: 'Sent', empty: undefined },
      since: new Date('2026-01-02T03:04:05.000Z'),
      searchTerm: 'ä+b',
    });
    expect(r.url).toBe(
      '/document/v1/documents/a%20b%2Fc%3Fd/parts?expand=sender,receiver&tag=x&tag=y%26z&ids=1&ids=2' +
        '&words=red%20blue&filter%5Bstatus%5D=Sent&since=2026-01-02T03%3A04%3A05.000Z&search%20term=%C3%A4%2Bb',
    );
    expect(r.method).toBe('GET');
  });

  it('leaves out undefined and null params and empty arrays', async () => {
    const r = await api().call<Echo>(search, { documentId: 'd1', expand: [], tag: undefined, ids: null });
    expect(r.url).toBe('/document/v1/documents/d1/parts');
  });

  it('reads only own properties of params: keys such as constructor or __proto__ are not inherited', async () => {
    const hostile: OperationSpec = {
      method: 'GET',
      path: '/h',
      params: [
        { key: 'constructor', name: 'constructor', in: 'query' },
        { key: 'toString', name: 'X-To-String', in: 'header' },
        { key: '__proto__', name: '__proto__', in: 'query' },
      ],
      accept: ['application/json'],
    };
    const none = await api().call<Echo>(hostile, {});
    expect([none.url, none.headers['x-to-string']]).toEqual(['/document/v1/h', undefined]);
    const given = await api().call<Echo>(hostile, { constructor: 'c', toString: 't', ['__proto__']: 'p' });
    expect([given.url, given.headers['x-to-string']]).toEqual(['/document/v1/h?constructor=c&__proto__=p', 't']); // a computed key is an own property
  });

  it('throws a TypeError naming a missing path param, without sending', async () => {
    const before = server.requests.length;
    await expect(api().call(search, {})).rejects.toThrow(/Missing path parameter documentId/);
    expect(server.requests.length).toBe(before);
  });

  it('joins baseUrl without a trailing slash and an empty apiPath', async () => {
    const a = createApi({ baseUrl: server.url.replace(/\/$/, '') }, '');
    expect(a.baseUrl).toBe(server.url);
    const r = await a.call<Echo>({ method: 'GET', path: '/current-user', params: [], accept: ['application/json'] }, undefined);
    expect(r.url).toBe('/current-user');
  });
});

describe('headers', () => {
  it('sends header params, client and call headers, Accept in priority order', async () => {
    const a = createApi({ baseUrl: server.url, headers: { 'X-Client': 'c', 'If-Match': 'from-client' } }, '');
    const r = await a.call<Echo>(search, { documentId: 'd', ifMatch: '"v1"', xTags: ['a', 'b'] }, { headers: { 'X-Call': '1' } });
    expect(r.headers['if-match']).toBe('"v1"');
    expect(r.headers['x-tags']).toBe('a,b');
    expect(r.headers['x-client']).toBe('c');
    expect(r.headers['x-call']).toBe('1');
    expect(r.headers.accept).toBe('application/json, application/xml');
  });

  it('uses options.accept instead of the documented list', async () => {
    const r = await api().call<Echo>(search, { documentId: 'd' }, { accept: 'application/json' });
    expect(r.headers.accept).toBe('application/json');
  });

  it('sends no Accept of its own for an operation without a response body', async () => {
    const r = await api().call<Echo>({ method: 'GET', path: '/x', params: [], accept: [] }, undefined);
    expect(r.headers.accept).toBe('*/*'); // the platform default
  });
});

describe('bodies by media type', () => {
  const op = (mediaType: string, method: OperationSpec['method'] = 'POST'): OperationSpec => ({
    method,
    path: '/upload',
    params: [],
    body: { mediaType },
    accept: ['application/json'],
  });

  it('JSON (also +json)', async () => {
    const r = await api().call<Echo>(op('application/json'), { body: { name: 'n', n: [1] } });
    expect(JSON.parse(r.body)).toEqual({ name: 'n', n: [1] });
    expect(r.headers['content-type']).toBe('application/json');
    const m = await api().call<Echo>(op('application/merge-patch+json', 'PATCH'), { body: { a: null } });
    expect([m.method, m.body, m.headers['content-type']]).toEqual(['PATCH', '{"a":null}', 'application/merge-patch+json']);
  });

  it('form-urlencoded from an object (arrays repeated)', async () => {
    const r = await api().call<Echo>(op('application/x-www-form-urlencoded'), { body: { grant: 'a b', scope: ['x', 'y'], no: undefined } });
    expect(r.body).toBe('grant=a+b&scope=x&scope=y');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('multipart from an object (an object part is JSON) or a FormData, with its boundary', async () => {
    const r = await api().call<Echo>(op('multipart/form-data'), {
      body: { title: 'T', file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), meta: { a: 1 } },
    });
    expect(r.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.body).toContain('name="title"\r\n\r\nT\r\n');
    expect(r.body).toContain('Content-Type: application/pdf\r\n\r\n%PDF-1.7');
    expect(r.body).toContain('name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n');
    const fd = new FormData();
    fd.append('k', 'v');
    const f = await api().call<Echo>(op('multipart/form-data'), { body: fd });
    expect(f.body).toContain('name="k"\r\n\r\nv');
  });

  it('binary from ArrayBuffer, Uint8Array, Blob and ReadableStream; text from a string', async () => {
    for (const body of [new Uint8Array([1, 2, 255]).buffer, new Uint8Array([1, 2, 255]), new Blob([new Uint8Array([1, 2, 255])])]) {
      const before = server.requests.length;
      await api().call(op('application/octet-stream', 'PUT'), { body });
      expect([...server.requests[before]!.body]).toEqual([1, 2, 255]);
      expect(server.requests[before]!.headers['content-type']).toBe('application/octet-stream');
    }
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('chunk1,'));
        c.enqueue(new TextEncoder().encode('chunk2'));
        c.close();
      },
    });
    const s = await api().call<Echo>(op('application/pdf'), { body: stream });
    expect([s.body, s.headers['content-type']]).toEqual(['chunk1,chunk2', 'application/pdf']);
    const t = await api().call<Echo>(op('text/plain; charset=utf-8'), { body: 'héllo' });
    expect([t.body, t.headers['content-type']]).toEqual(['héllo', 'text/plain; charset=utf-8']);
  });

  it('sends no body when params.body is undefined', async () => {
    const r = await api().call<Echo>(op('application/json', 'PUT'), {});
    expect([r.body, r.headers['content-type']]).toEqual(['', undefined]);
  });
});
