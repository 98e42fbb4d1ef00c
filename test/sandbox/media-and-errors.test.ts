import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiate } from '../../generator/sandbox/negotiate.js';
import { checkPdf, checkPng } from '../../generator/sandbox/validate-response.js';
import { openSandbox, type Doc, type Page, type TestSandbox, messages } from './helpers.js';

let t: TestSandbox;
let id: string;
beforeAll(async () => {
  t = await openSandbox();
  id = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).items[0]!.id;
});
afterAll(() => t.close());

describe('content negotiation and representations', () => {
  it('serves a valid PDF by default (the first documented type) and for */*', async () => {
    for (const accept of [undefined, '*/*', 'application/pdf']) {
      const r = await t.call('GET', `/document/v1/documents/${id}/presentation`, accept ? { headers: { accept } } : {});
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('cache-control')).toBe('max-age=60');
      expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(checkPdf(r.bytes)).toBeUndefined();
      expect(r.bytes.toString('latin1')).toContain(id);
    }
  });

  it('serves a valid PNG (signature, IHDR/IDAT/IEND, CRCs) and XML', async () => {
    const png = await t.call('GET', `/document/v1/documents/${id}/presentation`, { headers: { accept: 'image/png' } });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(checkPng(png.bytes)).toBeUndefined();
    const xml = await t.call('GET', `/document/v1/documents/${id}/presentation`, { headers: { accept: 'application/xml' } });
    expect(xml.headers.get('content-type')).toBe('application/xml');
    expect(xml.text).toMatch(/^<\?xml version="1.0"/);
    expect(xml.text).toContain(`<id>${id}</id>`);
  });

  it('follows Accept priority: q-values first, then the client\'s order; q=0 refuses', async () => {
    const get = async (accept: string) => (await t.call('GET', `/document/v1/documents/${id}/presentation`, { headers: { accept } })).headers.get('content-type');
    expect(await get('text/html, image/png, application/pdf')).toBe('image/png');
    expect(await get('application/pdf;q=0.5, application/xml;q=0.9')).toBe('application/xml');
    expect(await get('image/*')).toBe('image/png');
    expect(await get('application/pdf;q=0, */*;q=0.1')).toBe('application/xml');
    expect(negotiate('text/plain', ['application/json'])).toBeUndefined();
  });

  it('406 when no documented media type fits, with the error body as JSON', async () => {
    const r = await t.call('GET', `/document/v1/documents/${id}/presentation`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(406);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(messages(r.json)[0]!.technicalMessage).toContain('application/pdf');
  });

  it('a sub-resource of a missing instance is 404', async () => {
    expect((await t.call('GET', '/document/v1/documents/nope/presentation')).status).toBe(404);
  });

  it('takes an upload in a documented media type and 415 for others', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const ok = await t.call('POST', `/document/v1/documents/${id}/attachments`, { body: pdf, headers: { 'content-type': 'application/pdf' } });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ mediaType: 'application/pdf', size: pdf.length });
    const bad = await t.call('POST', `/document/v1/documents/${id}/attachments`, { body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(bad.status).toBe(415);
    expect(messages(bad.json)[0]!.technicalMessage).toMatch(/text\/plain.*application\/pdf, image\/png/);
    const json = await t.call('POST', '/document/v1/documents', { body: '<doc/>', headers: { 'content-type': 'application/xml' } });
    expect(json.status).toBe(415);
  });
});

describe('errors', () => {
  it('401 without a bearer token, or with a wrong one, with WWW-Authenticate', async () => {
    const none = await t.call('GET', '/document/v1/documents', { token: false });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await t.call('GET', '/document/v1/documents', { token: 'not-a-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    expect(messages(wrong.json)[0]!.errorCode).toBe('Unauthorized');
  });

  it('400 for an unknown query parameter name, suggesting the right one', async () => {
    const r = await t.call('GET', '/document/v1/documents?documenttype=Invoice');
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]).toMatchObject({ errorCode: 'UnknownParameter' });
    expect(messages(r.json)[0]!.technicalMessage).toContain('did you mean "documentType"');
  });

  it('400 for invalid parameter values, several problems as an array', async () => {
    const r = await t.call('GET', '/document/v1/documents?limit=0&offset=-1&documentType=Letter');
    expect(r.status).toBe(400);
    expect(Array.isArray(r.json)).toBe(true);
    expect(messages(r.json).length).toBeGreaterThanOrEqual(3);
  });

  it('404 with the error body for unknown paths and methods', async () => {
    const r = await t.call('GET', '/document/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(messages(r.json)[0]!.technicalMessage).toContain('/document/v1/nothing-here');
    expect((await t.call('GET', '/document/v9/documents')).status).toBe(404);
  });

  it('500 with the error body when the handler fails (test fault hook), then recovers', async () => {
    t.sb.injectFaults(1);
    const r = await t.call('GET', '/document/v1/documents');
    expect(r.status).toBe(500);
    expect(messages(r.json)[0]).toMatchObject({ errorCode: 'InternalServerError' });
    expect((await t.call('GET', '/document/v1/documents')).status).toBe(200);
  });

  it('every response carries Content-Type (when it has a body) and Cache-Control', async () => {
    const paths = ['/document/v1/documents?limit=1', '/network/v1/companies', '/nope', `/document/v1/documents/${id}/presentation`];
    for (const p of paths) {
      const r = await t.call('GET', p);
      expect(r.headers.get('cache-control')).toBeTruthy();
      expect(r.headers.get('content-type')).toBeTruthy();
    }
  });
});
