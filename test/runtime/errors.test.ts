// Error responses: one class per status, messages always an array, clear errors for undocumented bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rt from '../../templates/runtime/index.js';
import { ApiError, createApi, NetworkError, type OperationSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    const status = Number(u.searchParams.get('status'));
    switch (u.searchParams.get('shape')) {
      case 'object':
        return json(res, status, { technicalMessage: 'Document d1 not found', errorCode: 'DOCUMENT_NOT_FOUND', description: 'Nicht gefunden' });
      case 'array':
        return json(res, status, [
          { technicalMessage: 'limit must be <= 100', errorCode: 'LIMIT_TOO_LARGE' },
          { technicalMessage: 'sort property unknown' },
        ]);
      case 'html':
        res.writeHead(status, { 'content-type': 'text/html' });
        return res.end(`<html><body>${'Bad gateway '.repeat(500)}</body></html>`);
      case 'invalid':
        res.writeHead(status, { 'content-type': 'application/json' });
        return res.end('{"technicalMessage": ');
      case 'other-json':
        return json(res, status, { error: 'nope' });
      default:
        res.writeHead(status);
        return res.end();
    }
  });
});
afterAll(() => server.close());

const op: OperationSpec = {
  method: 'GET',
  path: '/e',
  params: [
    { key: 'status', name: 'status', in: 'query' },
    { key: 'shape', name: 'shape', in: 'query' },
  ],
  accept: ['application/json'],
};
const SECRET = 'secret-access-token-1234';
const api = () =>
  createApi({ baseUrl: server.url, retry: false, tokens: { getAccessToken: async () => SECRET, refreshAfterUnauthorized: async () => SECRET } }, '');
const fail = (params: object) => api().call(op, params).then(() => undefined, (e: unknown) => e as ApiError);

describe('error classes', () => {
  const table: [number, string][] = [
    [400, 'BadRequestError'],
    [401, 'UnauthorizedError'],
    [403, 'ForbiddenError'],
    [404, 'NotFoundError'],
    [406, 'NotAcceptableError'],
    [409, 'ConflictError'],
    [412, 'PreconditionFailedError'],
    [415, 'UnsupportedMediaTypeError'],
    [500, 'InternalServerError'],
    [422, 'ApiError'],
    [429, 'ApiError'],
    [503, 'ApiError'],
  ];
  it.each(table)('%i -> %s (name = class name, instanceof ApiError)', async (status, name) => {
    const err = await fail({ status, shape: 'object' });
    const Cls = (rt as unknown as Record<string, typeof ApiError>)[name]!;
    expect(err).toBeInstanceOf(Cls);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err!.name).toBe(name);
    expect(err!.constructor.name).toBe(name);
    expect(err!.status).toBe(status);
    expect(err!.response?.status).toBe(status);
  });

  it('NetworkError and TimeoutError are named after their class', () => {
    expect(new rt.NetworkError('x').name).toBe('NetworkError');
    expect(new rt.TimeoutError(5, 'GET /x').name).toBe('TimeoutError');
  });
});

describe('messages', () => {
  it('one message object -> messages of one, with first-message accessors', async () => {
    const err = await fail({ status: 404, shape: 'object' });
    expect(err!.messages).toEqual([{ technicalMessage: 'Document d1 not found', errorCode: 'DOCUMENT_NOT_FOUND', description: 'Nicht gefunden' }]);
    expect([err!.technicalMessage, err!.errorCode, err!.description]).toEqual(['Document d1 not found', 'DOCUMENT_NOT_FOUND', 'Nicht gefunden']);
    expect(err!.message).toBe('404 Document d1 not found');
  });

  it('an array of message objects -> all of them', async () => {
    const err = await fail({ status: 400, shape: 'array' });
    expect(err!.messages.map((m) => m.technicalMessage)).toEqual(['limit must be <= 100', 'sort property unknown']);
    expect(err!.errorCode).toBe('LIMIT_TOO_LARGE');
    expect(err!.message).toBe('400 limit must be <= 100; sort property unknown');
  });

  it('HTML from a proxy -> messages [] and a message naming status and content type, raw text truncated', async () => {
    const err = await fail({ status: 502, shape: 'html' });
    expect(err).toBeInstanceOf(ApiError);
    expect(err!.messages).toEqual([]);
    expect(err!.message).toBe('502 Bad Gateway (text/html, not a known error shape)');
    expect(err!.rawText?.startsWith('<html><body>Bad gateway')).toBe(true);
    expect(err!.rawText?.length).toBe(2000);
  });

  it('invalid JSON, JSON of another shape, and an empty body', async () => {
    const invalid = await fail({ status: 500, shape: 'invalid' });
    expect([invalid!.name, invalid!.messages, invalid!.rawText]).toEqual(['InternalServerError', [], '{"technicalMessage": ']);
    expect(invalid!.message).toBe('500 Internal Server Error (application/json, not a known error shape)');
    const other = await fail({ status: 409, shape: 'other-json' });
    expect([other!.name, other!.messages, other!.rawText, other!.message]).toEqual(['ConflictError', [], '{"error":"nope"}', '409 nope']);
    const empty = await fail({ status: 403 });
    expect([empty!.message, empty!.messages, empty!.rawText]).toEqual(['403 Forbidden (an empty body)', [], undefined]);
  });

  it('never puts the access token into an error', async () => {
    for (const shape of ['object', 'html', 'invalid', undefined]) {
      const err = await fail({ status: 401, shape });
      expect(`${err!.message}\n${err!.stack}\n${JSON.stringify(err)}`).not.toContain(SECRET);
    }
    const refused = createApi({ baseUrl: 'http://127.0.0.1:9/', retry: false, tokens: { getAccessToken: async () => SECRET, refreshAfterUnauthorized: async () => SECRET } }, '');
    const net = (await refused.call(op, {}).catch((e: unknown) => e)) as NetworkError;
    expect(net).toBeInstanceOf(NetworkError);
    expect(`${net.message}\n${net.stack}`).not.toContain(SECRET);
    expect(net.cause).toBeInstanceOf(TypeError);
  });
});
