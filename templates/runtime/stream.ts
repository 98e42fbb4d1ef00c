/**
 * Streamed responses (Server-Sent Events, JSON Lines, JSON text sequences) read item by item: the `Stream` a stream
 * operation's method resolves to once the headers arrive. Imported only by clients whose document has a stream
 * operation (Codecs.stream), so that other programs ship none of it. SSE is parsed by eventsource-parser.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiPromise, type Exchange } from './api-promise.js';
import { validators } from './core.js';
import { TimeoutError, ValidationError } from './errors.js';
import { accepts, unexpected } from './response.js';
import { sleep } from './retry.js';
import type { Api, CallOptions, Codecs, OperationSpec, StreamSpec, ValidateMode } from './types.js';

/** An SSE event as sent: its lines of `data` joined with `\n` (parsed where the document gives it as JSON). */
export interface ServerSentEvent<D = string> {
  event?: string;
  data: D;
  id?: string;
  retry?: number;
}

/** The most characters one item (an SSE event with its lines, a JSON line) may take; past it the stream ends with a
 *  StreamError rather than holding an endless line in memory. */
export const MAX_ITEM_CHARS = 8 * 1024 * 1024;
/** Reconnections in a row without an item between them before a dropped stream is given up. */
const MAX_RESUMES = 5;
/** The wait before a resume when the server sent no `retry`. */
const RESUME_DELAY_MS = 1000;

/** A stream that broke: an `error` event, a body that breaks the format (an item that is not JSON, a line past
 *  MAX_ITEM_CHARS), a stream that ended before its terminal event, or a connection dropped that could not be resumed.
 *  `rawText`: what was received of the item, at most 2000 characters. */
export class StreamError extends Error {
  declare readonly rawText: string | undefined;
  constructor(message: string, rawText?: string, options?: ErrorOptions) {
    super(message, options);
    this.rawText = rawText?.slice(0, 2000);
  }
  // A getter, not a statement beside the class: a program that never streams drops the whole module.
  override get name(): string {
    return 'StreamError';
  }
}

/**
 * The items of a streamed response, one by one as they arrive: `for await (const item of stream)`. Leaving the loop
 * (`break`, `return`, a throw), `close()`, or the call's `signal` closes the connection at once. Iterated once; `tee()`
 * gives two independent readers.
 */
export class Stream<T> implements AsyncIterable<T> {
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

  /** Closes the connection; a loop over the stream then ends. */
  close(): void {
    this.#controller.abort();
  }

  /** Two streams of the same items, each read at its own pace (the faster one's items wait for the slower). */
  tee(): [Stream<T>, Stream<T>] {
    const queues: IteratorResult<T>[][] = [[], []];
    let source: AsyncIterator<T> | undefined;
    let open = 2;
    const reader = (q: IteratorResult<T>[]) =>
      new Stream<T>(
        () => ({
          next: async () => {
            if (!q.length) {
              const r = await (source ??= this[Symbol.asyncIterator]()).next();
              for (const o of queues) o.push(r);
            }
            return q.shift()!;
          },
          return: async () => {
            if (--open === 0) this.close();
            return { done: true, value: undefined };
          },
        }),
        this.#controller,
      );
    return [reader(queues[0]!), reader(queues[1]!)];
  }

  /** The items as JSON Lines bytes: a Response body, a file, a pipe. */
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
    const send = (lastEventId?: string) =>
      api.call(spec, params, { ...o, signal, ...(lastEventId !== undefined ? { headers: { ...o.headers, 'last-event-id': lastEventId } } : {}) }).asResponse();
    const exchange = send().then(
      async (response): Promise<Exchange<unknown>> => {
        clearTimeout(timer);
        // A body of another type (a proxy's login page) is not read as items.
        const type = response.headers.get('content-type') ?? '';
        const accept = o.accept ?? spec.accept.join(', ');
        if (!accepts(accept, type)) throw await unexpected(response, `a ${type || 'untyped'} body, not the ${accept} stream asked for`, idHeader);
        const v = mode && mode !== 'off' ? await validators(codecs) : undefined;
        const check = v && ((item: unknown) => v.item(mode!, spec, item, ValidationError));
        const stream = new Stream(() => oneByOne(items(spec.stream!, response, controller, send, idleTimeoutMs, o.signal, what, check)), controller);
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

/** An SSE event as an item, its data parsed where the spec says it is JSON. */
function sseItem(spec: StreamSpec, e: EventSourceMessage, retry: number | undefined): ServerSentEvent<unknown> {
  const json = spec.json === true || (spec.json !== undefined && spec.json.includes(e.event ?? 'message'));
  const item: ServerSentEvent<unknown> = { data: json ? parse(e.data, `event ${e.event ?? 'message'}`) : e.data };
  if (e.event !== undefined) item.event = e.event;
  if (e.id !== undefined) item.id = e.id;
  if (retry !== undefined) item.retry = retry;
  return item;
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new StreamError(`the stream sent ${what} that is not JSON`, text);
  }
}

/** Splits text into items: SSE events (through eventsource-parser), JSON lines, or JSON text sequence records. */
interface Splitter {
  feed(text: string): void;
  /** The end of a body: what is left is an item too (a last line without its newline). */
  end(): void;
  /** A new connection (a resume): partial input of the last one is dropped. */
  reset(): void;
}

function splitter(spec: StreamSpec, push: (item: unknown) => void, fail: (e: StreamError) => void): Splitter & { lastId: () => string | undefined; retry: () => number | undefined } {
  if (spec.format === 'sse') {
    let retry: number | undefined;
    let pendingRetry: number | undefined;
    let lastId: string | undefined;
    const parser = createParser({
      maxBufferSize: MAX_ITEM_CHARS,
      onEvent(e) {
        if (e.id !== undefined) lastId = e.id;
        if (e.event === 'error') return fail(new StreamError('the stream sent an error event', e.data));
        try {
          push(sseItem(spec, e, pendingRetry));
        } catch (err) {
          fail(err as StreamError);
        }
        pendingRetry = undefined;
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
    if (!t) return;
    try {
      push(parse(t, spec.format === 'jsonl' ? 'a line' : 'a record'));
    } catch (err) {
      fail(err as StreamError);
    }
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

/** The items of each batch one by one: those a chunk of the body held are handed out without a trip through the
 *  generator each (which would cost more than parsing them). */
function oneByOne<T>(batches: AsyncGenerator<T[]>): AsyncIterator<T> {
  let batch: T[] = [];
  let i = 0;
  const step = (r: IteratorResult<T[]>): IteratorResult<T> | Promise<IteratorResult<T>> => {
    if (r.done) return { done: true, value: undefined };
    [batch, i] = [r.value, 1];
    return { done: false, value: batch[0]! };
  };
  return {
    next: () => (i < batch.length ? Promise.resolve({ done: false, value: batch[i++]! }) : batches.next().then(step)),
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
  check?: (item: unknown) => void,
): AsyncGenerator<unknown[]> {
  const queue: unknown[] = [];
  let failure: StreamError | undefined;
  let ended = false;
  const split = splitter(
    spec,
    (item) => {
      if (ended || failure) return;
      // A mismatch under 'throw' is thrown here, and the stream fails with it as with an item that does not parse.
      check?.(item);
      queue.push(item);
      if (spec.terminal !== undefined && (item as ServerSentEvent).event === spec.terminal) ended = true;
    },
    (e) => (failure ??= e),
  );
  let res = first;
  let resumes = 0;
  let idle = false;
  try {
    for (;;) {
      if (!res.body) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
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
          split.feed(value);
          // The items before a failure still arrive, then the failure.
          if (queue.length) {
            resumes = 0;
            yield queue.splice(0);
          }
          if (failure) throw failure;
          if (ended) return;
        }
        split.end();
        if (queue.length) yield queue.splice(0);
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
        throw new StreamError(`${what}: resuming the stream failed`, undefined, { cause: err });
      }
    }
  } finally {
    controller.abort();
  }
}
