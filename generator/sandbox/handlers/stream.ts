// Stream operations (issue 47): the model's stream reading says the media type, where the itemSchema is written, the
// SSE event names and the terminal event. The sandbox answers a finite sequence of items made by the data generator
// and checked against the itemSchema, the same on every request, so that a client resuming with `Last-Event-ID` gets
// exactly the items after that id.
import type { FastifyReply } from 'fastify';
import type { StreamReading } from '../../model/index.js';
import type { SchemaObject } from '../../load/index.js';
import { generateValue } from '../generate-data.js';
import { hash32, Prng } from '../prng.js';
import { resolveSchema, writtenAt } from '../schema-tools.js';
import { isObject } from '../../util/json.js';
import { streamItemCheck, type SseItem, type StreamItemCheck } from '../stream-items.js';
import type { Call, SubApiContext } from './context.js';

/** The request header that stalls a stream: after that many items it sends nothing more and keeps the connection
 *  open, until the client closes it or the sandbox stops (to test a client's idle timeout). */
export const STALL_HEADER = 'sandbox-stall-after';

/** Tries at making an item that matches the item schema before the last one is sent as it is (the response validator
 *  of the tests then names what is wrong with it). */
const ATTEMPTS = 8;
const checks = new WeakMap<Call['spec'], StreamItemCheck>();

/** The stream's items, 1-based: item `index` as its wire text (an SSE event, a line of JSON), the first of the data
 *  generator's attempts that the item schema accepts. */
function itemText(ctx: SubApiContext, call: Call, stream: StreamReading, index: number, count: number): string {
  let check = checks.get(call.spec);
  if (!check) checks.set(call.spec, (check = streamItemCheck(ctx.strict, call.spec.api, stream)));
  let made = makeItem(call, stream, index, count, 0);
  for (let attempt = 1; attempt < ATTEMPTS && check(made.item, 'item').length; attempt++) made = makeItem(call, stream, index, count, attempt);
  return made.text;
}

/** Item `index` as the data generator makes it at its `attempt`: the value a client reads, and its wire text. */
function makeItem(call: Call, stream: StreamReading, index: number, count: number, attempt: number): { item: unknown; text: string } {
  const { doc } = call.spec.api;
  const gen = { doc, prng: new Prng(hash32(`${call.spec.name} ${index}${attempt ? ` ${attempt}` : ''}`)), index: index - 1, refId: () => undefined };
  const schema = stream.item ? writtenAt(doc, stream.item) : {};
  if (stream.mediaType !== 'text/event-stream') {
    const item = stream.item ? generateValue(gen, schema, 'item') : { index };
    const json = JSON.stringify(item);
    return { item, text: stream.mediaType === 'application/json-seq' ? `\x1e${json}\n` : `${json}\n` };
  }
  const event = eventAt(stream, index, count);
  const branch = branchOf(doc, schema, event, gen);
  const generated = generateValue(gen, branch, 'item');
  const fields = isObject(generated) ? generated : {};
  const resolved = resolveSchema(doc, branch);
  // An item schema that names no events: no `event:` line (a client reads the event as `message`), unless it
  // requires one, when the generated name goes.
  const name = event ?? (typeof fields.event === 'string' && resolved.required?.includes('event') ? fields.event : undefined);
  const data = dataText(gen, resolved.properties?.data, fields.data);
  const lines = [`id: ${index}`, ...(name ? [`event: ${name}`] : []), ...data.split('\n').map((l) => `data: ${l}`)];
  const item: SseItem = { ...(name ? { event: name } : {}), data, id: String(index) };
  return { item, text: `${lines.join('\n')}\n\n` };
}

/** Item `index` of `count`: the events other than the terminal one in turn, the terminal event last. */
function eventAt(stream: StreamReading, index: number, count: number): string | undefined {
  if (stream.terminal !== undefined && index === count) return stream.terminal;
  const others = stream.events.filter((e) => e !== stream.terminal);
  return others.length ? others[(index - 1) % others.length] : undefined;
}

/** The alternative of the item schema whose generated `event` is `event` (the whole schema when it has none). */
function branchOf(doc: Call['spec']['api']['doc'], schema: SchemaObject, event: string | undefined, gen: Parameters<typeof generateValue>[0]): SchemaObject {
  const s = resolveSchema(doc, schema);
  const alternatives = s.oneOf ?? s.anyOf;
  if (!alternatives?.length || event === undefined) return schema;
  const probe = { ...gen, prng: new Prng(0) };
  return alternatives.find((b) => {
    const v = generateValue(probe, b, 'item');
    return isObject(v) && v.event === event;
  }) ?? alternatives[0]!;
}

/** The `data` field's text: JSON of its `contentSchema` where it has one, else the string generated. */
function dataText(gen: Parameters<typeof generateValue>[0], schema: SchemaObject | undefined, generated: unknown): string {
  const s = schema && resolveSchema(gen.doc, schema);
  if (s?.contentSchema !== undefined) return JSON.stringify(generateValue(gen, s.contentSchema as SchemaObject, 'data'));
  return typeof generated === 'string' ? generated : JSON.stringify(generated ?? null);
}

/** Where a resumed SSE stream starts: after the id the client last received, when it is one this stream sends. */
function firstIndex(call: Call, stream: StreamReading, count: number): number {
  const last = call.req.headers['last-event-id'];
  if (stream.mediaType !== 'text/event-stream' || typeof last !== 'string' || !/^\d+$/.test(last.trim())) return 1;
  const n = Number(last.trim());
  return n <= count ? n + 1 : 1;
}

/** Answers a stream operation: its items one by one, then the end of the body (or a stall, on request). */
export function serveStream(ctx: SubApiContext, call: Call, stream: StreamReading): FastifyReply {
  const { reply } = call;
  const count = ctx.streams.items;
  const stallHeader = call.req.headers[STALL_HEADER];
  const stall = typeof stallHeader === 'string' && /^\d+$/.test(stallHeader.trim()) ? Number(stallHeader.trim()) : undefined;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(call.spec.op.conventions.successStatus, {
    'content-type': call.mediaType ?? stream.mediaType,
    'cache-control': 'no-cache',
    ...(stream.mediaType === 'text/event-stream' ? { connection: 'keep-alive' } : {}),
  });
  // Headers go out at once: a client waits for them before the first item (and a stall at 0 sends none).
  raw.flushHeaders();
  let index = firstIndex(call, stream, count);
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    ctx.streams.open.delete(raw);
  };
  ctx.streams.open.add(raw);
  raw.on('close', stop);
  const next = (): void => {
    if (raw.destroyed) return stop();
    if (stall !== undefined && sent >= stall) return; // stalled: open and silent until the client or the sandbox ends it
    if (index > count) {
      stop();
      raw.end();
      return;
    }
    raw.write(itemText(ctx, call, stream, index, count));
    index++;
    sent++;
    timer = setTimeout(next, ctx.streams.intervalMs);
  };
  next();
  return reply;
}
