import { describe, expect, it } from 'vitest';
import { readEffect, targetIdParam } from '../../../generator/model/conventions/index.js';
import { readConventions } from '../../../generator/model/read.js';
import { given } from './given.js';

/** A POST /things declaring `effect` as its x-effect (none when undefined), with `components` appended. */
const things = (effect: string | undefined, components = '') =>
  given(`
paths:
  /things:
    post:
${effect === undefined ? '' : `      x-effect: ${effect}\n`}      responses: { '201': { description: ok } }
${components}`);

const readThings = (effect: string | undefined, components = '') => {
  const g = things(effect, components);
  return readEffect(g.ctx, g.op('post /things'));
};

describe('x-effect reader', () => {
  it.each([
    [
      'items named by a request property get a value',
      "{ target: '/documents/{documentId}', ids: documentIds, set: { isFetched: true } }",
      { target: '/documents/{documentId}', ids: 'documentIds', changes: [{ from: {}, set: { isFetched: true } }] },
    ],
    [
      'the instance the POST is below, changed by the value of a request property, from listed states',
      "{ target: '/file-parts/{filePartId}', by: action, cases: { Restart: { from: { status: [AwaitingInteraction, Error] }, set: { status: Processing } }, Cancel: { set: { status: Cancelled } } } }",
      {
        target: '/file-parts/{filePartId}',
        by: 'action',
        changes: [
          { when: 'Restart', from: { status: ['AwaitingInteraction', 'Error'] }, set: { status: 'Processing' } },
          { when: 'Cancel', from: {}, set: { status: 'Cancelled' } },
        ],
      },
    ],
  ])('%s', (_name, effect, want) => {
    const reading = readThings(effect);
    expect(reading).toMatchObject({ kind: 'effect', effect: want });
    expect(reading?.kind === 'effect' && reading.effect).toEqual(want);
    expect(reading?.at.pointer).toBe('#/paths/~1things/post/x-effect');
    expect(reading?.at.source.absoluteRef).toBe('given.yaml');
  });

  it('reads an x-effect written as a $ref to a component, located where the operation names it', () => {
    const components = `
components:
  x-effects:
    Fetch: { target: '/documents/{documentId}', ids: documentIds, set: { isFetched: true } }`;
    const reading = readThings("{ $ref: '#/components/x-effects/Fetch' }", components);
    expect(reading?.kind === 'effect' && reading.effect.ids).toBe('documentIds');
  });

  it.each([
    ['not a map', '[isFetched]', 'must be a map'],
    ['a collection path as target', "{ target: /documents, set: { isFetched: true } }", 'instance path'],
    ['no set', "{ target: '/documents/{documentId}', ids: documentIds }", '`set` must map'],
    ['an empty set', "{ target: '/documents/{documentId}', ids: documentIds, set: {} }", '`set` must map'],
    ['cases without by', "{ target: '/documents/{documentId}', cases: { A: { set: { x: 1 } } } }", '`cases` needs `by`'],
    ['by without cases', "{ target: '/documents/{documentId}', by: action }", '`cases` must map'],
    ['by with a top-level set', "{ target: '/documents/{documentId}', by: action, set: { x: 1 }, cases: { A: { set: { x: 1 } } } }", 'each change goes under `cases`'],
    ['from not a list', "{ target: '/documents/{documentId}', by: action, cases: { A: { from: { status: Error }, set: { x: 1 } } } }", 'case A: `from` must map'],
    ['an unknown key', "{ target: '/documents/{documentId}', ids: documentIds, set: { x: 1 }, when: later }", 'unknown key `when`'],
    ['an empty ids', "{ target: '/documents/{documentId}', ids: '', set: { x: 1 } }", '`ids` must name'],
  ])('%s -> malformed', (_name, effect, problem) => {
    const reading = readThings(effect);
    expect(reading?.kind).toBe('malformed');
    expect(reading?.kind === 'malformed' && reading.problem).toContain(problem);
  });

  it('no x-effect -> none; the target id parameter comes from the path', () => {
    expect(readThings(undefined)).toBeUndefined();
    expect(targetIdParam({ target: '/file-parts/{filePartId}' })).toBe('filePartId');
  });

  it("the model carries a well-formed reading in the operation's conventions, with file and pointer; a malformed one not", () => {
    const g = given(`
paths:
  /things:
    post:
      x-effect: { target: '/documents/{documentId}', ids: documentIds, set: { isFetched: true } }
      responses: { '201': { description: ok } }
  /others:
    post:
      x-effect: { target: /documents }
      responses: { '201': { description: ok } }`);
    const conventions = readConventions(g.doc, 'given.yaml');
    expect(conventions.get('post /things')?.effect).toEqual({
      target: '/documents/{documentId}', ids: 'documentIds', changes: [{ from: {}, set: { isFetched: true } }],
      at: { file: 'given.yaml', pointer: '#/paths/~1things/post/x-effect' },
    });
    expect(conventions.get('post /others')?.effect).toBeUndefined();
  });
});
