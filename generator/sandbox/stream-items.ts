// The items of a stream against the operation's itemSchema (issue 47): an SSE event as the item a client makes of it
// (`event`, `data` as sent, `id`), its data also parsed and checked against the `contentSchema` of its event's branch
// where it has one; a JSON line or record as the JSON value. Used by the stream handler for each item it serves and
// by the response validator for a whole stream body.
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { createParser } from 'eventsource-parser';
import type { SchemaObject } from '../load/index.js';
import type { StreamReading } from '../model/index.js';
import { compileIn, describeErrors } from './ajv.js';
import type { LoadedApi } from './load-apis.js';
import { resolveSchema, writtenAt } from './schema-tools.js';

/** An SSE event as sent. */
export interface SseItem {
  event?: string;
  data: string;
  id?: string;
}

/** Checks one item of the stream: the problems found, each naming `where`; empty when it matches. */
export type StreamItemCheck = (item: unknown, where: string) => string[];

export function streamItemCheck(ajv: Ajv2020, api: LoadedApi, stream: StreamReading): StreamItemCheck {
  const schema = stream.item ? writtenAt(api.doc, stream.item) : undefined;
  const whole = compileIn(ajv, api, schema);
  const sse = stream.mediaType === 'text/event-stream';
  const byEvent = new Map<string, ValidateFunction | undefined>();
  const contentCheck = (event: string) => {
    if (!byEvent.has(event)) {
      const content = schema && contentSchemaOf(api, schema, event);
      byEvent.set(event, content && compileIn(ajv, api, content));
    }
    return byEvent.get(event);
  };
  return (item, where) => {
    if (!whole(item)) return describeErrors(whole.errors, where);
    const check = sse ? contentCheck((item as SseItem).event ?? 'message') : undefined;
    if (!check) return [];
    let data: unknown;
    try {
      data = JSON.parse((item as SseItem).data);
    } catch {
      return [`${where}.data is not JSON, its contentSchema says JSON`];
    }
    return check(data) ? [] : describeErrors(check.errors, `${where}.data`);
  };
}

/** The `contentSchema` of `data` in the alternative of the item schema that names `event` (or names none). */
function contentSchemaOf(api: LoadedApi, schema: SchemaObject, event: string): SchemaObject | undefined {
  const s = resolveSchema(api.doc, schema);
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? []), s]) {
    const b = resolveSchema(api.doc, branch);
    const named = b.properties?.event && resolveSchema(api.doc, b.properties.event);
    const names = named ? [named.const, ...(Array.isArray(named.enum) ? named.enum : [])].filter((v) => v !== undefined) : [];
    if (names.length && !names.includes(event)) continue;
    const data = b.properties?.data && resolveSchema(api.doc, b.properties.data);
    if (data?.contentSchema !== undefined) return data.contentSchema as SchemaObject;
  }
  return undefined;
}

/** The items of a whole stream body, or the problem that keeps it from being read as items. */
export function streamItemsOf(stream: StreamReading, text: string): unknown[] | string {
  if (stream.mediaType === 'text/event-stream') {
    const items: SseItem[] = [];
    const parser = createParser({
      onEvent: (e) => items.push({ ...(e.event !== undefined ? { event: e.event } : {}), data: e.data, ...(e.id !== undefined ? { id: e.id } : {}) }),
    });
    parser.feed(text);
    return items;
  }
  const values: unknown[] = [];
  for (const part of text.split(stream.mediaType === 'application/json-seq' ? '\x1e' : '\n')) {
    if (!part.trim()) continue;
    try {
      values.push(JSON.parse(part));
    } catch {
      return `an item is not JSON: ${part.slice(0, 80)}`;
    }
  }
  return values;
}
