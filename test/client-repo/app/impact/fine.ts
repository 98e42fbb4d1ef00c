// Issue 36: code that the same regeneration does not affect: look-alikes of every place in affected.ts.
import type { DocumentClient, components } from '../generated/document/v1/index.js';

type Doc = components['schemas']['Document'];

export function arrowOr(doc: Doc): string {
  switch (doc.direction) {
    case 'Sent':
      return '->';
    default:
      return '?';
  }
}

export async function recent(api: DocumentClient): Promise<string[]> {
  const page = await api.listDocuments({ documentType: 'Invoice', limit: 5 });
  await api.createDocument({ body: { documentType: 'Order', documentIdentifier: 'O-1', sender: { id: 's' }, receiver: { id: 'r' }, sendMode: 'Test' } });
  return page.items.map((d) => d.documentIdentifier ?? d.id);
}

const own = { note: 'mine', searchTerm: 'x', getDocumentPresentation: () => 'pdf' };
export const ownLine = `${own.note} ${own.searchTerm} ${own.getDocumentPresentation()}`;

type Way = 'Sent' | 'Received';
export function way(w: Way): number {
  switch (w) {
    case 'Sent':
      return 1;
    case 'Received':
      return 2;
  }
}
