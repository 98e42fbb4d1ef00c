// Type-level tests: what schema.ts leaves out of openapi-typescript's output (emit/schema-trim.ts) changes nothing
// openapi-fetch resolves through a raw client. `Padded` puts the filler back as openapi-typescript writes it (each
// absent method `?: never`, a path item's `parameters` of `?: never` groups, `headers` on each response declaring
// none), and openapi-fetch's types give the same over both.
import type { ClientForPath, FetchResponse, ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod } from 'openapi-typescript-helpers';
import { describe, expectTypeOf, it } from 'vitest';
import { createDocumentRawClient } from '../../generated/document/v1/raw.js';
import type { components, operations, paths } from '../../generated/document/v1/schema.js';
// A golden fixture's: responses declaring no header, an operation without operationId (typed inline under paths).
import type { components as BasicComponents, operations as BasicOperations, paths as BasicPaths } from './fixtures/basic/expected/schema.js';

type NeverGroups = { query?: never; header?: never; path?: never; cookie?: never };
type WithHeaders<R> = { [S in keyof R]: 'headers' extends keyof R[S] ? R[S] : R[S] & { headers: { [name: string]: unknown } } };
type PaddedOp<O> = O extends { responses: infer R } ? Omit<O, 'responses'> & { responses: WithHeaders<R> } : O;
type PaddedItem<I> = { [M in keyof I]: M extends HttpMethod ? PaddedOp<I[M]> : I[M] } & { [M in Exclude<HttpMethod, keyof I>]?: never } & ('parameters' extends keyof I ? unknown : { parameters: NeverGroups });
type Padded<P> = { [K in keyof P]: PaddedItem<P[K]> };

/** What openapi-fetch makes of each operation of `P` called with `method`: its init's params and body, its result. */
type Resolved<P extends object, method extends HttpMethod> = {
  [K in PathsWithMethod<P, method>]: K extends keyof P
    ? method extends keyof P[K]
      ? {
          params: ParamsOption<P[K][method]>;
          body: RequestBodyOption<P[K][method]>;
          data: NonNullable<FetchResponse<P[K][method] & Record<string | number, unknown>, object, MediaType>['data']>;
          error: FetchResponse<P[K][method] & Record<string | number, unknown>, object, MediaType>['error'];
        }
      : never
    : never;
};

declare const client: ReturnType<typeof createDocumentRawClient>;

describe('schema.ts without the filler openapi-typescript writes', () => {
  it('has no absent method and no path parameters of never alone; keeps what a response declares', () => {
    expectTypeOf<paths['/documents']>().not.toHaveProperty('put');
    expectTypeOf<paths['/documents']>().not.toHaveProperty('parameters');
    expectTypeOf<paths['/documents/{documentId}']['parameters']['path']>().toEqualTypeOf<{ documentId: components['parameters']['DocumentId'] }>();
    expectTypeOf<operations['listDocuments']['responses'][200]>().toHaveProperty('headers');
    // Kept: openapi-fetch's ParamsOption and RequestBodyOption read these.
    expectTypeOf<operations['getCompany']['parameters']['query']>().toEqualTypeOf<undefined>();
    expectTypeOf<operations['getCompany']>().toHaveProperty('requestBody');
  });

  it('gives openapi-fetch the same paths per method, and the same options and results per operation', () => {
    expectTypeOf<PathsWithMethod<paths, 'get'>>().toEqualTypeOf<PathsWithMethod<Padded<paths>, 'get'>>();
    expectTypeOf<PathsWithMethod<paths, 'put'>>().toEqualTypeOf<PathsWithMethod<Padded<paths>, 'put'>>();
    expectTypeOf<PathsWithMethod<paths, 'post'>>().toEqualTypeOf<PathsWithMethod<Padded<paths>, 'post'>>();
    expectTypeOf<PathsWithMethod<paths, 'delete'>>().toEqualTypeOf<PathsWithMethod<Padded<paths>, 'delete'>>();
    expectTypeOf<PathsWithMethod<paths, 'patch'>>().toEqualTypeOf<PathsWithMethod<Padded<paths>, 'patch'>>();
    expectTypeOf<PathsWithMethod<paths, 'head' | 'options' | 'trace'>>().toEqualTypeOf<never>();
    expectTypeOf<PathsWithMethod<Padded<paths>, 'head' | 'options' | 'trace'>>().toEqualTypeOf<never>();
    expectTypeOf<Resolved<paths, 'get'>>().branded.toEqualTypeOf<Resolved<Padded<paths>, 'get'>>();
    expectTypeOf<Resolved<paths, 'put'>>().branded.toEqualTypeOf<Resolved<Padded<paths>, 'put'>>();
    expectTypeOf<Resolved<paths, 'post'>>().branded.toEqualTypeOf<Resolved<Padded<paths>, 'post'>>();
    expectTypeOf<Resolved<paths, 'delete'>>().branded.toEqualTypeOf<Resolved<Padded<paths>, 'delete'>>();
  });

  it('still types a call of a present method, and refuses one of an absent method or path', async () => {
    const { data, error } = await client.GET('/documents/{documentId}', { params: { path: { documentId: 'd1' } } });
    expectTypeOf<NonNullable<typeof data>['documentType']>().toEqualTypeOf<components['schemas']['Document']['documentType']>();
    expectTypeOf(error).not.toBeAny();
    // @ts-expect-error the path parameter is required
    await client.GET('/documents/{documentId}', {});
    // @ts-expect-error no PUT on /documents
    await client.PUT('/documents', { body: {} as never });
    // @ts-expect-error no GET on /document-fetches
    await client.GET('/document-fetches');
    // @ts-expect-error no such path
    await client.GET('/nowhere');
    // @ts-expect-error GET sends no body
    await client.GET('/documents', { body: {} });
  });

  it('leaves a path-based client only the present methods', () => {
    expectTypeOf<keyof ClientForPath<paths['/documents'], MediaType>>().toEqualTypeOf<'GET' | 'POST'>();
  });

  it('is the same to openapi-fetch for responses without headers and inline operations', () => {
    expectTypeOf<BasicOperations['upload']['responses'][204]>().not.toHaveProperty('headers');
    expectTypeOf<BasicComponents['responses']['Error']>().not.toHaveProperty('headers');
    expectTypeOf<Resolved<BasicPaths, 'get'>>().branded.toEqualTypeOf<Resolved<Padded<BasicPaths>, 'get'>>();
    expectTypeOf<Resolved<BasicPaths, 'put'>>().branded.toEqualTypeOf<Resolved<Padded<BasicPaths>, 'put'>>();
    expectTypeOf<Resolved<BasicPaths, 'post'>>().branded.toEqualTypeOf<Resolved<Padded<BasicPaths>, 'post'>>();
    expectTypeOf<PathsWithMethod<BasicPaths, 'get'>>().toEqualTypeOf<'/items' | '/items/{itemId}/render'>();
    expectTypeOf<Resolved<BasicPaths, 'get'>['/items/{itemId}/render']['error']>().not.toBeNever();
  });
});
