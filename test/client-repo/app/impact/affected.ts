// Issue 36: code of a client developer that the regeneration of client-repo.test.ts breaks, one place of each kind the
// changed documents produce, each marked before the node the report names (the syntax is in test/impact/markers.ts).
import type { DocumentClient, components } from '../generated/document/v1/index.js';

type Doc = components['schemas']['Document'];

export function arrow(doc: Doc): string {
  /*@enum-value-added*/switch (doc.direction) {
    case 'Sent':
      return '->';
    case 'Received':
      return '<-';
  }
  return '';
}

export async function notes(api: DocumentClient): Promise<string[]> {
  const page = await api.listDocuments({ /*@parameter-removed,request-property-removed*/searchTerm: 'acme', documentType: /*@enum-value-removed*/'Catalogue' });
  return page.items.map((d) => d./*@response-property-removed*/note ?? '');
}

export async function create(api: DocumentClient): Promise<void> {
  const body = { documentType: 'Invoice', documentIdentifier: 'INV-1', sender: { id: 's' }, receiver: { id: 'r' } } as const;
  await api.createDocument({ body: /*@request-property-became-required*/{ ...body, issueDate: '2026-01-01' } });
  await api./*@operation-removed*/getDocumentPresentation({ documentId: 'x' });
}
