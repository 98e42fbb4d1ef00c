// Type-level tests of the generated document client (generated/document/v1), run by vitest --typecheck.
import { describe, expectTypeOf, it } from 'vitest';
import { ApiError, NotFoundError, PreconditionFailedError } from '../../generated/document/v1/index.js';
import type { components, DocumentClient, ListDocumentsParams } from '../../generated/document/v1/index.js';

declare const api: DocumentClient;
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
    expectTypeOf(it).toEqualTypeOf<AsyncIterableIterator<Page<ReturnType<typeof api.listDocuments<'sender'>>>['items'][number]>>();
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
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'application/pdf' })).toEqualTypeOf<Promise<Blob>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'image/png' })).toEqualTypeOf<Promise<Blob>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' }, { accept: 'application/xml' })).toEqualTypeOf<Promise<string>>();
    expectTypeOf(api.getDocumentPresentation({ documentId: 'd' })).toEqualTypeOf<Promise<Blob>>();
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
