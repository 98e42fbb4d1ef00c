/**
 * Streamed responses (Server-Sent Events, JSON Lines, JSON text sequences) read item by item: the `Stream` a stream
 * operation's method resolves to once the headers arrive. Imported only by clients whose document has a stream
 * operation (Codecs.stream), so that other programs ship none of it. SSE is parsed by eventsource-parser.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiPromise, type Exchange } from './api-promise.js';
import { validators } from './core.js';
import { RAW_CHARS, TimeoutError, ValidationError } from './errors.js';
import { accepts, textStart, unexpected } from './response.js';
import { sleep } from './retry.js';
import type { Api, CallOptions, Codecs, OperationSpec, ServerSentEvent, Stream, StreamSpec, ValidateMode } from './types.js';

/** The most characters one item (an SSE event with its lines, a JSON line) may take; past it the stream ends with a
 *  StreamError rather than holding an endless line in memory. */
export const MAX_ITEM_CHARS = 8 * 1024 * 1024;
/** Reconnections in a row without an item between them before a dropped stream is given up. */
const MAX_RESUMES = 5;
/** The wait before a resume when the server sent no `retry`. */
const RESUME_DELAY_MS = 1000;

/** The most items a tee() branch may fall behind the other; past it, that branch ends with a StreamError. */
export const MAX_TEE_LAG = 10_000;

/** A stream that broke: an `error` event the item schema does not declare, a body that breaks the format (an item that
 *  is not JSON, a line past MAX_ITEM_CHARS), a stream that ended before its terminal event, a connection dropped that
 *  could not be resumed, a resumed response that is not the stream, or a tee() branch left behind.
 *  `rawText`: what was received of the item (or of the body that is not the stream), at most 2000 characters. */
export class StreamError extends Error {
  declare readonly rawText: string | undefined;
  constructor(message: string, rawText?: string, options?: ErrorOptions) {
    super(message, options);
    this.rawText = rawText?.slice(0, RAW_CHARS);
  }
  // A getter, not a statement beside the class: a program that never streams drops the whole module.
  override get name(): string {
    return 'StreamError';
  }
}

/** Stream (types.ts) over the items a body's reader hands out. */
class ItemStream<T> implements Stream<T> {
  #items: (() => AsyncIterator<T>) | undefined;
  readonly #controller: AbortController;

  constructor(items: () => AsyncIterator<T>, controller: AbortController) {
    this.#items = items;
    this.#controller = controller;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    const items = this.#items;
    if (!items) throw new TypeError('a Stream is iterated once: tee() it for two readers');
    this.#items = undefined;
    return items();
  }

  close(): void {
    this.#controller.abort();
  }

  tee(): [Stream<T>, Stream<T>] {
    // Each branch's queue holds the source's answers (promises, so a failure reaches both branches, in order).
    type Branch = { queue: Promise<IteratorResult<T>>[]; open: boolean; behind: boolean };
    const branches: [Branch, Branch] = [
      { queue: [], open: true, behind: false },
      { queue: [], open: true, behind: false },
    ];
    let source: AsyncIterator<T> | undefined;
    const end = (b: Branch) => {
      if (!b.open) return;
      [b.open, b.queue] = [false, []];
      if (!branches.some((o) => o.open)) this.close();
    };
    const reader = (b: Branch, other: Branch) =>
      new ItemStream<T>(
        () => ({
          next: () => {
            if (b.behind) {
              end(b);
              return Promise.reject(new StreamError(`a tee() branch fell more than ${MAX_TEE_LAG} items behind the other: read both, or close the one left`));
            }
            if (!b.queue.length) {
              const answer = (source ??= this[Symbol.asyncIterator]()).next();
              // A failure the other branch never reads is not an unhandled rejection.
              answer.catch(() => undefined);
              b.queue.push(answer);
              if (other.open && !other.behind && other.queue.push(answer) > MAX_TEE_LAG) [other.behind, other.queue] = [true, []];
            }
            return b.queue.shift()!;
          },
          return: async () => {
            end(b);
            return { done: true, value: undefined };
          },
        }),
        this.#controller,
      );
    return [reader(branches[0], branches[1]), reader(branches[1], branches[0])];
  }

  toReadableStream(): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    let it: AsyncIterator<T> | undefined;
    return new ReadableStream<Uint8Array>({
      pull: async (ctl) => {
        const r = await (it ??= this[Symbol.asyncIterator]()).next();
        if (r.done) ctl.close();
        else ctl.enqueue(encoder.encode(`${JSON.stringify(r.value)}\n`));
      },
      cancel: async () => {
        await it?.return?.();
        this.close();
      },
    });
  }
}

/**
 * The method of a stream operation (Codecs.stream): the call goes through the client's request path (auth, retries,
 * redirects, errors), its body left unread, and resolves to a Stream once the headers arrive. `timeoutMs` bounds only
 * that wait; the connection then has its own controller, which the Stream closes. A resume is the same call again with
 * Last-Event-ID.
 */
export function streamCall(api: Pick<Api, 'call'>, spec: OperationSpec, idHeader?: string, validate?: ValidateMode, codecs: Codecs = {}) {
  return (params?: object, options: CallOptions = {}): ApiPromise<unknown> => {
    // Each item checked against the document's item schema (validators.js, loaded before the first item).
    const mode = options.validate ?? validate;
    const { timeoutMs, idleTimeoutMs, ...o } = options;
    const what = `${spec.method} ${spec.path}`;
    const controller = new AbortController();
    const deadline = new AbortController();
    const timer = timeoutMs != null ? setTimeout(() => deadline.abort(new TimeoutError(timeoutMs, what)), timeoutMs) : undefined;
    const signal = AbortSignal.any([controller.signal, deadline.signal, ...(o.signal ? [o.signal] : [])]);
    const accept = o.accept ?? spec.accept.join(', ');
    const send = (lastEventId?: string) =>
      api.call(spec, params, { ...o, signal, ...(lastEventId !== undefined ? { headers: { ...o.headers, 'last-event-id': lastEventId } } : {}) }).asResponse();
    // A resumed response is checked as the first one is: an error status or a body of another type ends the stream
    // with its start as the raw text, and is never read as items.
    const resume = (lastEventId: string) =>
      send(lastEventId).then(
        async (response) => {
          const type = response.headers.get('content-type') ?? '';
          if (response.ok && accepts(accept, type)) return response;
          throw new StreamError(`${what}: the resumed stream answered ${response.status} with a ${type || 'untyped'} body, not the ${accept} stream`, await textStart(response));
        },
        (err: unknown) => {
          throw new StreamError(`${what}: resuming the stream failed: ${err instanceof Error ? err.message : String(err)}`, (err as { rawText?: string }).rawText, { cause: err });
        },
      );
    const exchange = send().then(
      async (response): Promise<Exchange<unknown>> => {
        clearTimeout(timer);
        // A body of another type (a proxy's login page) is not read as items.
        const type = response.headers.get('content-type') ?? '';
        if (!accepts(accept, type)) throw await unexpected(response, `a ${type || 'untyped'} body, not the ${accept} stream asked for`, idHeader);
        const v = mode && mode !== 'off' ? await validators(codecs) : undefined;
        const check = v && ((item: unknown) => v.item(mode!, spec, item, ValidationError));
        const stream = new ItemStream(() => oneByOne(spec.stream!, items(spec.stream!, response, controller, resume, idleTimeoutMs, o.signal, what), check), controller);
        return [response, async () => stream, idHeader];
      },
      (err: unknown) => {
        clearTimeout(timer);
        throw err;
      },
    );
    return new ApiPromise(exchange);
  };
}

/** What the body held for one item, before it is made one: an SSE event as parsed (with the `retry` sent before it), or
 *  the text of a JSON line or record. */
type Raw = (EventSourceMessage & { retry?: number }) | string;

/** The one place an item is made of what the body held: an SSE event with its data parsed where the spec says it is
 *  JSON, or a JSON line or record parsed. Made when the loop asks for it, not when its chunk arrives: a chunk's parsed
 *  items would otherwise live through the loop's turns (and the garbage collector's) all at once. */
function makeItem(spec: StreamSpec, raw: Raw): unknown {
  if (typeof raw === 'string') return parse(spec, raw);
  const event = raw.event ?? 'message';
  const json = spec.json === true || (spec.json !== undefined && spec.json.includes(event));
  const item: ServerSentEvent<unknown> = { data: json ? parse(spec, raw.data, event) : raw.data };
  if (raw.event !== undefined) item.event = raw.event;
  if (raw.id !== undefined) item.id = raw.id;
  if (raw.retry !== undefined) item.retry = raw.retry;
  return item;
}

/** JSON of an item: an SSE event's data (`event` its name), a line, a record. */
function parse(spec: StreamSpec, text: string, event?: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const what = event !== undefined ? `event ${event}` : spec.format === 'jsonl' ? 'a line' : 'a record';
    throw new StreamError(`the stream sent ${what} that is not JSON`, text);
  }
}

/** Splits text into raw items: SSE events (through eventsource-parser), JSON lines, or JSON text sequence records. */
interface Splitter {
  feed(text: string): void;
  /** The end of a body: what is left is an item too (a last line without its newline). */
  end(): void;
  /** A new connection (a resume): partial input of the last one is dropped. */
  reset(): void;
}

function splitter(spec: StreamSpec, push: (raw: Raw) => void, fail: (e: StreamError) => void): Splitter & { lastId: () => string | undefined; retry: () => number | undefined } {
  if (spec.format === 'sse') {
    let retry: number | undefined;
    let pendingRetry: number | undefined;
    let lastId: string | undefined;
    const parser = createParser({
      maxBufferSize: MAX_ITEM_CHARS,
      onEvent(message) {
        const e: Raw & object = message;
        if (e.id !== undefined) lastId = e.id;
        // An `error` event the item schema declares is an item like the others; any other ends the stream.
        if (e.event === 'error' && !spec.errorItem) return fail(new StreamError('the stream sent an error event', e.data));
        if (pendingRetry !== undefined) e.retry = pendingRetry;
        pendingRetry = undefined;
        push(e);
      },
      onRetry(ms) {
        retry = pendingRetry = ms;
      },
      onError(err) {
        if (err.type === 'max-buffer-size-exceeded') fail(new StreamError(`the stream sent an event longer than ${MAX_ITEM_CHARS} characters`, err.line));
      },
    });
    return {
      feed: (t) => parser.feed(t),
      // A last event without its blank line is incomplete: the SSE standard drops it.
      end: () => parser.reset(),
      reset: () => parser.reset(),
      lastId: () => lastId,
      retry: () => retry,
    };
  }
  const sep = spec.format === 'jsonl' ? '\n' : '\x1e';
  let rest = '';
  const item = (text: string) => {
    const t = text.trim();
    if (t) push(t);
  };
  return {
    feed(text) {
      let start = 0;
      let at = text.indexOf(sep);
      if (at >= 0) {
        item(rest + text.slice(0, at));
        rest = '';
        start = at + 1;
        while ((at = text.indexOf(sep, start)) >= 0) {
          item(text.slice(start, at));
          start = at + 1;
        }
      }
      rest += text.slice(start);
      if (rest.length > MAX_ITEM_CHARS) {
        const raw = rest;
        rest = '';
        fail(new StreamError(`the stream sent a ${spec.format === 'jsonl' ? 'line' : 'record'} longer than ${MAX_ITEM_CHARS} characters`, raw));
      }
    },
    end() {
      item(rest);
      rest = '';
    },
    reset() {
      rest = '';
    },
    lastId: () => undefined,
    retry: () => undefined,
  };
}

/** The items of each batch one by one, each made as it is handed out: those a chunk of the body held go without a
 *  trip through the generator each (which would cost more than parsing them). An item that cannot be made (data that
 *  is not JSON) closes the connection and is the loop's error. */
function oneByOne(spec: StreamSpec, batches: AsyncGenerator<Raw[]>, check?: (item: unknown) => void): AsyncIterator<unknown> {
  let batch: Raw[] = [];
  let i = 0;
  // A mismatch under 'throw' is thrown by check, and the stream fails with it as with an item that does not parse.
  const give = (): IteratorResult<unknown> => {
    const value = makeItem(spec, batch[i++]!);
    check?.(value);
    return { done: false, value };
  };
  const fail = (err: unknown): Promise<never> => ((batch = []), batches.return([]).then(() => Promise.reject(err)));
  const step = (r: IteratorResult<Raw[]>): IteratorResult<unknown> | Promise<IteratorResult<unknown>> => {
    if (r.done) return { done: true, value: undefined };
    [batch, i] = [r.value, 0];
    try {
      return give();
    } catch (err) {
      return fail(err);
    }
  };
  return {
    next: () => {
      if (i >= batch.length) return batches.next().then(step);
      try {
        return Promise.resolve(give());
      } catch (err) {
        return fail(err);
      }
    },
    return: () => ((batch = []), batches.return([]).then(() => ({ done: true, value: undefined }))),
  };
}

/**
 * Batches of the items (those of one chunk of the body) of `first` and, where the spec allows a resume, of the responses that continue it. Leaving the loop in any
 * way aborts `controller`, which closes the connection.
 */
async function* items(
  spec: StreamSpec,
  first: Response,
  controller: AbortController,
  again: (lastEventId: string) => Promise<Response>,
  idleTimeoutMs: number | undefined,
  signal: AbortSignal | undefined,
  what: string,
): AsyncGenerator<Raw[]> {
  let queue: Raw[] = [];
  const take = () => {
    const batch = queue;
    queue = [];
    return batch;
  };
  let failure: StreamError | undefined;
  let ended = false;
  const split = splitter(
    spec,
    (raw) => {
      if (ended || failure) return;
      queue.push(raw);
      if (spec.terminal !== undefined && typeof raw === 'object' && raw.event === spec.terminal) ended = true;
    },
    (e) => (failure ??= e),
  );
  let res = first;
  let resumes = 0;
  let idle = false;
  try {
    for (;;) {
      if (!res.body) return;
      // A TextDecoder on the body's own reader: a TextDecoderStream between them costs a stream hop per chunk.
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let dropped: unknown;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        if (idleTimeoutMs == null) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          idle = true;
          controller.abort();
        }, idleTimeoutMs);
      };
      try {
        for (arm(); ; arm()) {
          const { done, value } = await reader.read();
          if (done) break;
          split.feed(decoder.decode(value, { stream: true }));
          // The items before a failure still arrive, then the failure.
          if (queue.length) {
            resumes = 0;
            yield take();
          }
          if (failure) throw failure;
          if (ended) return;
        }
        split.feed(decoder.decode());
        split.end();
        if (queue.length) yield take();
        if (failure) throw failure;
        if (ended || spec.terminal === undefined) return;
        dropped = new StreamError(`${what}: the stream ended before its ${spec.terminal} event`);
      } catch (err) {
        if (err === failure) throw err;
        if (idle) throw new TimeoutError(idleTimeoutMs!, `${what}: the stream (idle)`);
        // Closed by the caller (close(), the call's signal): the loop ends, or the signal's reason is thrown.
        if (signal?.aborted) throw signal.reason;
        if (controller.signal.aborted) return;
        dropped = err;
      } finally {
        clearTimeout(timer);
      }
      // Resumed only where faithful: the method may be repeated and the server sent an id to resume from.
      const lastId = split.lastId();
      if (!spec.resumable || lastId === undefined || resumes++ >= MAX_RESUMES) {
        throw dropped instanceof StreamError ? dropped : new StreamError(`${what}: the stream's connection dropped`, undefined, { cause: dropped });
      }
      try {
        await sleep(split.retry() ?? RESUME_DELAY_MS, controller.signal);
        split.reset();
        res = await again(lastId);
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (controller.signal.aborted) return;
        throw err instanceof StreamError ? err : new StreamError(`${what}: resuming the stream failed`, undefined, { cause: err });
      }
    }
  } finally {
    controller.abort();
  }
}
