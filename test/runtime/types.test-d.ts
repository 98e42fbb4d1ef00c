// Type-level behaviour of the runtime types used by generated signatures.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Api,
  ApiPromise,
  WithResponse,
  CallOptions,
  CollectionPage,
  Expanded,
  ExtensibleEnum,
  MethodArgs,
  ItemsAt,
  PageItem,
  PaginatedMethod,
  WithNextPage,
  ResultFor,
  SortParam,
  TokenSource,
  WithEtag,
} from '../../templates/runtime/index.js';
import { ApiError, createApi, NotFoundError, PreconditionFailedError } from '../../templates/runtime/index.js';

interface Party { id: string; name: string; vatId?: string }
interface Ref { id: string }
interface Doc { id: string; sender: Ref; receiver?: Ref; payer: Ref | null; title: string }
interface Map { sender: Party; receiver: Party; payer: Party }
type Page = { meta: { offset: number; limit: number; total: number }; items: Doc[] };

describe('SortParam', () => {
  it('accepts the properties with an optional leading -', () => {
    type S = SortParam<'createdAt' | 'title'>;
    expectTypeOf<'-createdAt'>().toExtend<S>();
    expectTypeOf<'title'>().toExtend<S>();
    expectTypeOf<'+title'>().not.toExtend<S>();
    expectTypeOf<'size'>().not.toExtend<S>();
  });
});

describe('ExtensibleEnum', () => {
  it('takes the known values and any string, but stays a string', () => {
    type E = ExtensibleEnum<'Invoice' | 'Order'>;
    expectTypeOf<'Invoice'>().toExtend<E>();
    expectTypeOf<'NewKind'>().toExtend<E>();
    expectTypeOf<E>().toExtend<string>();
    expectTypeOf<42>().not.toExtend<E>();
  });
});

describe('WithEtag', () => {
  it('adds a readonly optional etag', () => {
    expectTypeOf<WithEtag<Doc>['etag']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<WithEtag<Doc>>().toExtend<Doc>();
  });
});

describe('Expanded', () => {
  it('is T itself when nothing is expanded', () => {
    expectTypeOf<Expanded<Doc, Map, never>>().toEqualTypeOf<Doc>();
  });

  it('replaces the named references at top level, keeping optionality and null', () => {
    type X = Expanded<Doc, Map, 'sender' | 'receiver' | 'payer'>;
    expectTypeOf<X['sender']>().toEqualTypeOf<Party>();
    expectTypeOf<X['sender']['name']>().toEqualTypeOf<string>();
    expectTypeOf<X['receiver']>().toEqualTypeOf<Party | undefined>();
    expectTypeOf<X['payer']>().toEqualTypeOf<Party | null>();
    expectTypeOf<X['title']>().toEqualTypeOf<string>();
    expectTypeOf<{ id: string; sender: Party; payer: null; title: string }>().toExtend<X>(); // receiver stays optional
  });

  it('leaves the references not named as they are', () => {
    type X = Expanded<Doc, Map, 'sender'>;
    expectTypeOf<X['sender']>().toEqualTypeOf<Party>();
    expectTypeOf<X['receiver']>().toEqualTypeOf<Ref | undefined>();
    // @ts-expect-error a Ref has no name
    type _ = X['payer'] extends null ? never : NonNullable<X['payer']>['name'];
  });

  it('replaces them inside items[] of a collection page', () => {
    type X = Expanded<Page, Map, 'sender'>;
    expectTypeOf<X['items'][number]['sender']>().toEqualTypeOf<Party>();
    expectTypeOf<X['items'][number]['receiver']>().toEqualTypeOf<Ref | undefined>();
    expectTypeOf<X['meta']>().toEqualTypeOf<Page['meta']>();
    expectTypeOf<Expanded<{ items?: Doc[] }, Map, 'sender'>['items']>().toEqualTypeOf<Expanded<Doc, Map, 'sender'>[] | undefined>();
  });

  it('rejects keys that are not expandable', () => {
    // @ts-expect-error 'title' is not a key of Map
    type _ = Expanded<Doc, Map, 'title'>;
  });
});

describe('ResultFor', () => {
  it('picks the type for the accept value', () => {
    type M = { 'application/pdf': Blob; 'application/xml': string; 'application/json': Doc };
    expectTypeOf<ResultFor<M, 'application/pdf'>>().toEqualTypeOf<Blob>();
    expectTypeOf<ResultFor<M, 'application/xml'>>().toEqualTypeOf<string>();
    expectTypeOf<ResultFor<M, 'application/json'>>().toEqualTypeOf<Doc>();
  });
});

describe('MethodArgs and PaginatedMethod', () => {
  it('makes params optional only when none is required', () => {
    expectTypeOf<MethodArgs<{ limit?: number }>>().toEqualTypeOf<[params?: { limit?: number }, options?: CallOptions]>();
    expectTypeOf<MethodArgs<{ documentId: string }>>().toEqualTypeOf<[params: { documentId: string }, options?: CallOptions]>();
  });

  it('a paginated method returns a page, all() items and pages() pages', () => {
    type M = PaginatedMethod<{ limit?: number; sort?: SortParam<'title'> }, Page>;
    const m = null as unknown as M;
    expectTypeOf(m()).toEqualTypeOf<ApiPromise<Page>>();
    expectTypeOf(m()).toMatchTypeOf<Promise<Page>>();
    expectTypeOf(m().withResponse()).resolves.toEqualTypeOf<WithResponse<Page>>();
    expectTypeOf(m().asResponse()).resolves.toEqualTypeOf<Response>();
    expectTypeOf<Awaited<ReturnType<M>>>().toEqualTypeOf<Page>();
    expectTypeOf(m.all({ sort: '-title' })).toEqualTypeOf<AsyncIterableIterator<Doc>>();
    expectTypeOf(m.pages({}, { signal: new AbortController().signal, maxPages: 5 })).toEqualTypeOf<AsyncIterableIterator<WithNextPage<Page>>>();
    expectTypeOf<WithNextPage<Page>['items']>().toEqualTypeOf<Doc[]>();
    expectTypeOf<ReturnType<WithNextPage<Page>['getNextPage']>>().toEqualTypeOf<Promise<WithNextPage<Page>>>();
    expectTypeOf<PageItem<CollectionPage<Party>>>().toEqualTypeOf<Party>();
    // @ts-expect-error sort takes only sortable properties
    m({ sort: 'size' });
  });

  it('ItemsAt: the item type at a body path, never unknown', () => {
    type Slack = { ok: boolean; channels: Party[]; response_metadata?: { next_cursor?: string } };
    type Nested = { data?: { results: readonly Doc[] } | null };
    expectTypeOf<ItemsAt<Slack, ['channels']>>().toEqualTypeOf<Party>();
    expectTypeOf<ItemsAt<Nested, ['data', 'results']>>().toEqualTypeOf<Doc>();
    expectTypeOf<ItemsAt<Party[], []>>().toEqualTypeOf<Party>();
    expectTypeOf<ItemsAt<Slack, ['ok']>>().toBeNever();
    expectTypeOf<ItemsAt<Slack, ['missing']>>().toBeNever();
  });
});

describe('createApi and errors', () => {
  it('has the contract shape', () => {
    const tokens: TokenSource = { getAccessToken: async () => 't', refreshAfterUnauthorized: async () => 't' };
    const api = createApi({ baseUrl: 'https://x/', tokens, retry: { retries: 1 }, etagCache: true }, 'document/v1/');
    expectTypeOf(api).toEqualTypeOf<Api>();
    expectTypeOf(api.call<Doc>).returns.toEqualTypeOf<ApiPromise<Doc>>();
    expectTypeOf(api.all<Doc>).returns.toEqualTypeOf<AsyncIterableIterator<Doc>>();
    expectTypeOf(api.fetch).toEqualTypeOf<typeof fetch>();
    expectTypeOf(api.baseUrl).toEqualTypeOf<string>();
  });

  it('error subclasses narrow with instanceof', () => {
    const e = null as unknown;
    if (e instanceof PreconditionFailedError) {
      expectTypeOf(e.status).toEqualTypeOf<number>();
      expectTypeOf(e.messages[0]!.technicalMessage).toEqualTypeOf<string>();
      expectTypeOf(e.errorCode).toEqualTypeOf<string | undefined>();
    }
    expectTypeOf<NotFoundError>().toExtend<ApiError>();
  });
});
