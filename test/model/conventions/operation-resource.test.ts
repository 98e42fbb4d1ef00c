import { describe, expect, it } from 'vitest';
import { readOperationResource } from '../../../generator/model/conventions/index.js';
import type { OperationResource } from '../../../generator/model/index.js';
import { CREATED, given, OK } from './given.js';

const DOC = `{ $ref: '#/components/schemas/Doc' }`;
const EVENT = `{ $ref: '#/components/schemas/Event' }`;
const USER = `{ type: object, properties: { username: { type: string } } }`;

const g = given(`
paths:
  /documents:
    get: { responses: ${OK(`{ type: object, properties: { meta: { $ref: '#/components/schemas/Page' }, items: { type: array, items: ${DOC} } } }`)} }
    post: { responses: ${CREATED(DOC)} }
    delete: { responses: { '204': { description: gone } } }
  /documents/fetch:
    post: { responses: { '204': { description: done } } }
  /documents/{documentId}:
    get: { responses: ${OK(DOC)} }
    put: { responses: ${OK(DOC)} }
    delete: { responses: { '204': { description: gone } } }
    post: { responses: { '204': { description: done } } }
  /documents/{documentId}/presentation:
    get: { responses: { '200': { description: ok, content: { application/pdf: {} } } } }
    put: { responses: { '204': { description: stored } } }
  /documents/{documentId}/events:
    get: { responses: ${OK(`{ type: array, items: ${EVENT} }`)} }
    post: { responses: ${CREATED(EVENT)} }
  /documents/{documentId}/events/{eventId}:
    get: { responses: ${OK(EVENT)} }
  /current-user:
    get: { responses: ${OK(USER)} }
    put: { responses: ${OK(USER)} }
  /{tenant}/settings:
    get: { responses: ${OK(USER)} }
components:
  schemas:
    Page: { type: object, properties: { total: { type: integer }, offset: { type: integer }, limit: { type: integer } } }
    Doc: { type: object, properties: { id: { type: string }, title: { type: string } } }
    Event: { type: object, properties: { id: { type: string }, at: { type: string, format: date-time } } }
`);

const docs = { collection: '/documents' };
const below = { parent: { path: '/documents/{documentId}', idParam: 'documentId', collection: '/documents' } };

describe('operation resource reader: what an operation does to the resource its path names', () => {
  it.each<[string, OperationResource]>([
    ['get /documents', { role: 'collection', kind: 'list', ...docs }],
    ['post /documents', { role: 'collection', kind: 'create', ...docs }],
    ['delete /documents', { role: 'collection', kind: 'action', ...docs }],
    ['post /documents/fetch', { role: 'singular', kind: 'action' }],
    ['get /documents/{documentId}', { role: 'instance', kind: 'read', ...docs, idParam: 'documentId' }],
    ['put /documents/{documentId}', { role: 'instance', kind: 'replace', ...docs, idParam: 'documentId' }],
    ['delete /documents/{documentId}', { role: 'instance', kind: 'remove', ...docs, idParam: 'documentId' }],
    ['post /documents/{documentId}', { role: 'instance', kind: 'action', ...docs }],
    ['get /documents/{documentId}/presentation', { role: 'sub-resource', kind: 'sub-read', ...below }],
    ['put /documents/{documentId}/presentation', { role: 'sub-resource', kind: 'sub-replace', ...below }],
    ['get /documents/{documentId}/events', { role: 'collection', kind: 'list', collection: '/documents/{documentId}/events', ...below }],
    ['post /documents/{documentId}/events', { role: 'collection', kind: 'create', collection: '/documents/{documentId}/events', ...below }],
    ['get /documents/{documentId}/events/{eventId}', { role: 'instance', kind: 'read', collection: '/documents/{documentId}/events', idParam: 'eventId', ...below }],
    ['get /current-user', { role: 'singular', kind: 'single-read' }],
    ['put /current-user', { role: 'singular', kind: 'single-replace' }],
    ['get /{tenant}/settings', { role: 'other', kind: 'action' }],
  ])('%s', (key, want) => {
    expect(readOperationResource(g.ctx, g.op(key))).toEqual(want);
  });
});
