import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../generator/load/index.js';
import { documentContext, documentRoot, operations, readStream } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

/** The stream readings of a fixture document, by `<method> <path>`. */
function readings(file: string) {
  const doc = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  const ctx = documentContext(doc, file);
  return Object.fromEntries(operations(ctx, documentRoot(doc, file)).map((op) => [`${op.method} ${op.path}`, readStream(ctx, op)]));
}

describe('stream reader', () => {
  it('reads SSE and JSON Lines operations of a 3.2 document: item schema, event names, terminal event, resume', () => {
    const file = 'test/fixtures/streams/v32.yaml';
    const r = readings(file);
    const content = (path: string, method: string, media: string) => `#/paths/${path.replaceAll('/', '~1')}/${method}/responses/200/content/${media.replace('/', '~1')}`;
    expect(r['get /chats/{chatId}/events']).toEqual({
      mediaType: 'text/event-stream',
      item: { file, pointer: `${content('/chats/{chatId}/events', 'get', 'text/event-stream')}/itemSchema` },
      events: ['message', 'typing', 'done'],
      terminal: 'done',
      resumable: true,
      at: { file, pointer: content('/chats/{chatId}/events', 'get', 'text/event-stream') },
    });
    expect(r['post /chats/{chatId}/replies']).toMatchObject({ mediaType: 'text/event-stream', events: [], resumable: false });
    expect(r['post /chats/{chatId}/transcript']).toMatchObject({ events: ['message'], resumable: true, item: { pointer: '#/components/schemas/MessageEvent' } });
    expect(r['get /logs']).toMatchObject({ mediaType: 'application/jsonl', events: [], resumable: true, item: { pointer: '#/components/schemas/LogRecord' } });
  });

  it('reads a 3.1 stream without an item schema', () => {
    const r = readings('test/fixtures/streams/v31.yaml');
    expect(r['get /ticks']).toMatchObject({ mediaType: 'text/event-stream', events: [], resumable: true });
    expect(r['get /ticks']).not.toHaveProperty('item');
    expect(r['get /records']).toMatchObject({ mediaType: 'application/x-ndjson', events: [] });
  });

  it.each([
    ['JSON', `{ application/json: { schema: { type: object } } }`, undefined],
    ['JSON before an event stream', `{ application/json: {}, text/event-stream: { itemSchema: {} } }`, undefined],
    ['multipart/mixed (not carried)', `{ multipart/mixed: { schema: { type: object } } }`, undefined],
    ['JSON text sequences', `{ application/json-seq: { itemSchema: { type: object } } }`, 'application/json-seq'],
    ['a media type with parameters', `{ 'text/event-stream; charset=utf-8': { itemSchema: { type: object } } }`, 'text/event-stream'],
  ])('%s', (_name, content, want) => {
    const g = given(`paths: { /a: { get: { responses: { '200': { description: ok, content: ${content} } } } } }`, '3.2.0');
    expect(readStream(g.ctx, g.op('get /a'))?.mediaType).toBe(want);
  });

  it.each([
    ['get', '', true],
    ['query', '', true],
    ['post', '', false],
    ['post', 'x-resumable: true,', true],
    ['get', 'x-resumable: false,', false],
  ])('%s %s resumable: %s', (method, ext, want) => {
    const g = given(`paths: { /a: { ${method}: { ${ext} responses: { '200': { description: ok, content: { text/event-stream: { itemSchema: { type: object } } } } } } } }`, '3.2.0');
    expect(readStream(g.ctx, g.op(`${method} /a`))?.resumable).toBe(want);
  });

  it('names the events of anyOf/allOf branches and enums, each once', () => {
    const g = given(
      `paths: { /a: { get: { responses: { '200': { description: ok, content: { text/event-stream: { itemSchema: { anyOf: [{ properties: { event: { enum: [a, b] } } }, { allOf: [{ properties: { event: { const: b } } }, { properties: { event: { const: c } } }] }] } } } } } } } }`,
      '3.2.0',
    );
    expect(readStream(g.ctx, g.op('get /a'))?.events).toEqual(['a', 'b', 'c']);
  });
});
