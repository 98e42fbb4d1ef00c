// styledParam against OpenAPI's own style examples (OpenAPI 3.1.1, "Style Examples", which corrects 3.0's label row
// to RFC 6570's): the parameter `color` with a string, an array and an object, in every style and explode. The
// expected texts are the specification's, with RFC 3986's percent-encoding of what a query may not hold as it is
// (the brackets of deepObject).
import { describe, expect, it } from 'vitest';
import { styledParam } from '../../templates/runtime/param-styles.js';
import type { ParamSpec } from '../../templates/runtime/types.js';

const string = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

// [in, style, explode, string, array, object]; undefined where the style does not apply.
const table: [ParamSpec['in'], string, boolean, string | undefined, string | undefined, string | undefined][] = [
  ['path', 'matrix', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['path', 'matrix', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['path', 'label', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['path', 'label', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['query', 'form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['query', 'form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['path', 'simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['path', 'simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['header', 'simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['header', 'simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['query', 'spaceDelimited', false, undefined, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
  ['query', 'pipeDelimited', false, undefined, 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
  ['query', 'deepObject', true, undefined, undefined, 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
  ['cookie', 'form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
];

describe('styledParam: the style examples of OpenAPI', () => {
  it.each(table)('%s %s explode=%s', (where, style, explode, s, a, o) => {
    const p: ParamSpec = { key: 'color', name: 'color', in: where, style, explode };
    const got = [s && styledParam(p, string), a && styledParam(p, array), o && styledParam(p, object)];
    expect(got).toEqual([s, a, o]);
  });

  it('defaults: form and explode in the query, simple without explode in the path and headers', () => {
    expect(styledParam({ key: 'c', name: 'color', in: 'query' }, object)).toBe('R=100&G=200&B=150');
    expect(styledParam({ key: 'c', name: 'color', in: 'path' }, object)).toBe('R,100,G,200,B,150');
    expect(styledParam({ key: 'c', name: 'color', in: 'header' }, array)).toBe('blue,black,brown');
  });

  it('percent-encodes values (not in headers), keeps reserved characters with allowReserved, and sends content as JSON', () => {
    expect(styledParam({ key: 'q', name: 'q', in: 'query' }, 'a b&c/d')).toBe('q=a%20b%26c%2Fd');
    expect(styledParam({ key: 'q', name: 'q', in: 'query', allowReserved: true }, 'a/b?c:d')).toBe('q=a/b?c:d');
    expect(styledParam({ key: 'w', name: 'where', in: 'query', content: 'application/json' }, { a: [1] })).toBe('where=%7B%22a%22%3A%5B1%5D%7D');
    expect(styledParam({ key: 'm', name: 'X-Meta', in: 'header', content: 'application/json' }, { a: 'b c' })).toBe('{"a":"b c"}');
    expect(styledParam({ key: 'h', name: 'X-Tag', in: 'header' }, 'a b')).toBe('a b');
  });

  it('sends nothing for an empty array or object', () => {
    expect(styledParam({ key: 'c', name: 'color', in: 'query' }, [])).toBe('');
    expect(styledParam({ key: 'c', name: 'color', in: 'query', style: 'deepObject' }, {})).toBe('');
  });

  // Issue 41 (N): cloudmersive's formTemplateDefinition, an object header with an object inside, went out as
  // `[object Object]`. OpenAPI serialises nested values only as deepObject: any other style refuses them.
  it('refuses a nested object in any style but deepObject, before sending; an array of primitives inside joins', () => {
    const nested = { name: 'invoice', fields: { total: 1 } };
    for (const p of [
      { key: 'h', name: 'formTemplateDefinition', in: 'header' },
      { key: 'h', name: 'X-Def', in: 'header', explode: true },
      { key: 'q', name: 'def', in: 'query' },
      { key: 'q', name: 'def', in: 'query', explode: false },
      { key: 'p', name: 'def', in: 'path', style: 'matrix' },
      { key: 'c', name: 'def', in: 'cookie' },
    ] as ParamSpec[]) {
      expect(() => styledParam(p, nested), `${p.in} ${p.name}`).toThrow(
        new TypeError(`parameter ${p.name}: a nested object cannot be sent in style ${p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple')}; OpenAPI defines no serialisation for it (send it as a JSON content parameter)`),
      );
      expect(() => styledParam(p, [{ a: 1 }]), `${p.in} ${p.name} array`).toThrow(TypeError);
    }
    expect(styledParam({ key: 'h', name: 'X-Def', in: 'header' }, { tags: ['a', 'b'], at: new Date(0) })).toBe('tags,a,b,at,1970-01-01T00:00:00.000Z');
    expect(styledParam({ key: 'q', name: 'def', in: 'query', style: 'deepObject' }, nested)).toBe('def%5Bname%5D=invoice&def%5Bfields%5D%5Btotal%5D=1');
  });
});

