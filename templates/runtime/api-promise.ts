/**
 * The promise a generated method returns: the data when awaited, and the HTTP response on request. The request is
 * sent at once; its body is read when the data is first asked for (awaiting, `.then`, `.withResponse()`), once, so
 * `.asResponse()` alone leaves the body to the caller. The methods use only the promise itself, so a method taken off
 * its client (`const get = api.getThing`) gives them too.
 */
import { requestIdOf } from './errors.js';

/** A call's response before its body is read, the function that reads it into the data (once, however often it is
 *  called), and the client's request id header (ClientSettings.requestIdHeader). */
export type Exchange<T> = [response: Response, read: () => Promise<T>, idHeader?: string];

/** What `.withResponse()` gives. `requestId`: the response's request id header, for a support ticket. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
}

/** Each ApiPromise's exchange, behind a function in a property of its own: its response's `url` may hold a query API
 *  key, which util.inspect would show were the exchange itself a property. Not a WeakMap: its entries kept each call's
 *  promise, exchange and response alive through young-generation collections, which then promoted them (GC was a
 *  fifth of a call's CPU over a stub fetch). Not in the class's type, which stays structural. */
type Held<T> = { _exchange: () => Promise<Exchange<T>> };
const exchangeOf = <T>(p: ApiPromise<T>): Promise<Exchange<T>> => (p as unknown as Held<T>)._exchange();
const pending = (): void => {};

export class ApiPromise<T> extends Promise<T> {
  constructor(exchange: Promise<Exchange<T>>) {
    // The base promise is never observed (`then` below answers for it), so it is left pending.
    super(pending);
    (this as unknown as Held<T>)._exchange = () => exchange;
  }

  // `finally` would make its promise with the species constructor (ApiPromise): it is given a plain Promise's. No
  // Symbol.species getter for that: with one, V8 kept every call's objects through young-generation collections.
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  override then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return exchangeOf(this).then(read).then(onfulfilled as (value: unknown) => A, onrejected);
  }

  /** The response, its body unread; rejects as awaiting the call would for an error status or a failed request. */
  asResponse(): Promise<Response> {
    return exchangeOf(this).then(([response]) => response);
  }

  /** The data with the response it came from (its body already read) and its request id. */
  async withResponse(): Promise<WithResponse<T>> {
    const [[response, , idHeader], data] = await Promise.all([exchangeOf(this), this]);
    return { data, response, requestId: requestIdOf(response.headers, idHeader) };
  }
}

const read = ([, r]: Exchange<unknown>): Promise<unknown> => r();
