// Type-level tests of the generated document client (generated/document/v1), run by vitest --typecheck.
import { describe, expectTypeOf, it } from 'vitest';
import { ApiError, NotFoundError, NotModified, PreconditionFailedError } from '../../generated/document/v1/index.js';
import type {
  ApiPromise,
  components,
  CreateDocumentResult,
  DocumentClient,
  GetCompanyResult,
  GetDocumentResult,
  ListDocumentsParams,
  ListDocumentsResult,
  UpdateDocumentResult,
} from '../../generated/document/v1/index.js';

declare const api: DocumentClient;
declare const storedTag: string | undefined;
type Company = components['schemas']['Company'];
type Document = components['schemas']['Document'];
type Page<T> = T extends Promise<infer P> ? P : never;

describe('expand', () => {
  it('narrows expanded references to the full target type, and only those', () => {
    const expanded = api.listDocuments({ expand: ['sender'] });
    type Item = Page<typeof expanded>['items'][number];
    expectTypeOf<Item['sender']>().toEqualTypeOf<Company>();
    expectTypeOf<Item['sender']['name']>().toBeString();
    expectTypeOf<Item['receiver']>().toEqualTypeOf<Document['receiver']>();

    const plain = api.listDocuments({});
    type PlainItem = Page<typeof plain>['items'][number];
    expectTypeOf<PlainItem['sender']>().toEqualTypeOf<Document['sender']>();
    expectTypeOf<PlainItem['sender']>().not.toHaveProperty('name');

    const one = api.getDocument({ documentId: 'd1', expand: ['receiver'] });
    expectTypeOf<Page<typeof one>['receiver']>().toEqualTypeOf<Company | undefined>(); // optional stays optional
  });
  it('accepts only expandable property names', () => {
    // @ts-expect-error 'documentType' is not expandable
    api.listDocuments({ expand: ['documentType'] });
    expectTypeOf<NonNullable<ListDocumentsParams<'sender' | 'receiver'>['expand']>>().toEqualTypeOf<readonly ('sender' | 'receiver')[]>();
  });
  it('narrows the items of .all() too', () => {
    const it = api.listDocuments.all({ expand: ['sender'] });
    expectTypeOf(it).toEqualTypeOf<AsyncIterableIterator<ListDocumentsResult<'sender'>['items'][number]>>();
  });
});

describe('sort', () => {
  it('takes the x-sortable properties, optionally descending', () => {
    api.listDocuments({ sort: 'createdAt' });
    api.listDocuments({ sort: '-createdAt' });
    // @ts-expect-error not sortable
    api.listDocuments({ sort: 'note' });
    // @ts-expect-error descending is a leading '-', not a suffix
    api.listDocuments({ sort: 'createdAt-' });
  });
});

describe('enums', () => {
  it('types a closed enum as a closed union', () => {
    expectTypeOf<Document['documentType']>().toEqualTypeOf<
      'Invoice' | 'CreditNote' | 'Order' | 'OrderResponse' | 'DespatchAdvice' | 'PaymentReminder' | 'ApplicationResponse' | 'Catalogue'
    >();
    api.listDocuments({ documentType: 'Invoice' });
    // @ts-expect-error not a DocumentType
    api.listDocuments({ documentType: 'Receipt' });
  });
  it('types x-extensible-enum as the known values plus any string', () => {
    type Status = Exclude<Document['status'], undefined>;
    expectTypeOf<'Done'>().toExtend<Status>();
    expectTypeOf<'SomethingNew'>().toExtend<Status>();
    expectTypeOf<string>().toExtend<Status>();
    expectTypeOf<Status>().not.toEqualTypeOf<string>();
    // The known values stay visible (editor completion): the literal members of the union.
    type Literals<T> = T extends string ? (string extends T ? never : T) : never;
    expectTypeOf<Literals<Status>>().toEqualTypeOf<
      'Processing' | 'WaitingToBeDelivered' | 'Done' | 'Fetched' | 'ErrorAtReceiver' | 'Rejected' | 'Cancelled'
    >();
  });
});

describe('accept', () => {
  it('chooses the result type by media type', () => {
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'application/pdf' })).toEqualTypeOf<ApiPromise<Blob>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'image/png' })).toEqualTypeOf<ApiPromise<Blob>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'application/xml' })).toEqualTypeOf<ApiPromise<string>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' })).toEqualTypeOf<ApiPromise<Blob>>();
    // @ts-expect-error not a documented media type
    api.getDocumentPresentation({ documentId: 'd' }, { accept: 'text/html' });
  });
});

describe('ETag, params and errors', () => {
  it('exposes the ETag of GET results and takes ifMatch on PUT', () => {
    const doc = api.getDocument({ documentId: 'd' });
    expectTypeOf<Page<typeof doc>['etag']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Parameters<typeof api.updateDocument>[0]['ifMatch']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error documentId is required
    api.getDocument({});
  });
  it('throws typed errors', () => {
    expectTypeOf<NotFoundError>().toExtend<ApiError>();
    expectTypeOf<PreconditionFailedError['status']>().toBeNumber();
    expectTypeOf<ApiError['messages']>().toExtend<readonly { technicalMessage: string }[]>();
  });
});

describe('304 to the caller\'s own ifNoneMatch: NotModified', () => {
  it('is in the result type only of calls that pass ifNoneMatch (possibly undefined)', () => {
    expectTypeOf(api.getDocument({ documentId: 'd' })).toEqualTypeOf<ApiPromise<GetDocumentResult>>();
    expectTypeOf(api.getDocument({ documentId: 'd', expand: ['sender'] })).toEqualTypeOf<ApiPromise<GetDocumentResult<'sender'>>>();
    expectTypeOf(api.getDocument({ documentId: 'd', ifNoneMatch: undefined })).toEqualTypeOf<ApiPromise<GetDocumentResult>>();
    expectTypeOf(api.getDocument({ documentId: 'd', ifNoneMatch: '"v1"' })).toEqualTypeOf<ApiPromise<GetDocumentResult | NotModified>>();
    expectTypeOf(api.getDocument({ documentId: 'd', expand: ['sender'], ifNoneMatch: '"v1"' })).toEqualTypeOf<ApiPromise<GetDocumentResult<'sender'> | NotModified>>();
    expectTypeOf(api.getDocument({ documentId: 'd', ifNoneMatch: storedTag })).toEqualTypeOf<ApiPromise<GetDocumentResult | NotModified>>();
    expectTypeOf(api.getCompany({ companyId: 'c', ifNoneMatch: '"v1"' })).toEqualTypeOf<ApiPromise<GetCompanyResult | NotModified>>();
    expectTypeOf(api.listDocuments()).toEqualTypeOf<ApiPromise<ListDocumentsResult>>();
    expectTypeOf(api.listDocuments({ limit: 5, ifNoneMatch: '"p1"' })).toEqualTypeOf<ApiPromise<ListDocumentsResult | NotModified>>();
  });
  it('cannot be used as the resource until the 304 is handled', async () => {
    const result = await api.getDocument({ documentId: 'd', ifNoneMatch: '"v1"' });
    // @ts-expect-error NotModified has no id: the 304 must be handled first
    void result.id;
    // @ts-expect-error NotModified is not a document
    const asDocument: GetDocumentResult = result;
    void asDocument;
    if (result instanceof NotModified) expectTypeOf(result.etag).toBeString();
    else expectTypeOf(result.id).toBeString();
    const plain = await api.getDocument({ documentId: 'd' });
    expectTypeOf(plain.id).toBeString();
  });
  it('pages() and all() take no ifNoneMatch', () => {
    // @ts-expect-error an ETag names one page
    api.listDocuments.all({ ifNoneMatch: '"p1"' });
    // @ts-expect-error an ETag names one page
    api.listDocuments.pages({ ifNoneMatch: '"p1"' });
  });
});

describe('ETags of writes', () => {
  it('the result of a create or update carries the new etag', () => {
    expectTypeOf<CreateDocumentResult['etag']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UpdateDocumentResult['etag']>().toEqualTypeOf<string | undefined>();
  });
});
