/**
 * The promise a generated method returns: the data when awaited, and the HTTP response on request. The request is
 * sent at once; its body is read when the data is first asked for (awaiting, `.then`, `.withResponse()`), once, so
 * `.asResponse()` alone leaves the body to the caller. The methods use only the promise itself, so a method taken off
 * its client (`const get = api.getThing`) gives them too.
 */
import { requestIdOf } from './errors.js';

/** A call's response before its body is read, and the function that reads it into the data. */
export type Exchange<T> = [response: Response, read: () => Promise<T>];

/** What `.withResponse()` gives. `requestId`: the response's request id header, for a support ticket. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
}

/** Each ApiPromise's exchange, off its own properties: its response's `url` may hold a query API key, which
 *  util.inspect would otherwise show. `parsed`: the body's one read, once asked for. */
const states = new WeakMap<object, { exchange: Promise<Exchange<unknown>>; idHeader: string | undefined; parsed?: Promise<unknown> }>();

export class ApiPromise<T> extends Promise<T> {
  /** `idHeader`: the client's request id header (ClientSettings.requestIdHeader). */
  constructor(exchange: Promise<Exchange<T>>, idHeader?: string) {
    // The base promise is never observed: `then` below answers for it.
    super((resolve) => resolve(undefined as T));
    states.set(this, { exchange, idHeader });
  }

  // `finally` and the other Promise methods make their promises with this: a plain Promise, not an ApiPromise.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  override then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    const s = states.get(this)!;
    return (s.parsed ??= s.exchange.then(([, read]) => read())).then(onfulfilled as (value: unknown) => A, onrejected);
  }

  /** The response, its body unread; rejects as awaiting the call would for an error status or a failed request. */
  asResponse(): Promise<Response> {
    return states.get(this)!.exchange.then(([response]) => response);
  }

  /** The data with the response it came from (its body already read) and its request id. */
  async withResponse(): Promise<WithResponse<T>> {
    const [response, data] = await Promise.all([this.asResponse(), this]);
    return { data, response, requestId: requestIdOf(response.headers, states.get(this)!.idHeader) };
  }
}
