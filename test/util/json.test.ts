// The one module of JSON helpers every part uses: the object test and JSON Pointers (RFC 6901, as URI fragments).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointer, fragmentKeys, isObject, placeTarget, pointerTarget, unescapePointer } from '../../generator/util/json.js';

describe('JSON helpers', () => {
  it('an object is neither null nor an array', () => {
    expect([{}, Object.create(null), { a: 1 }].map(isObject)).toEqual([true, true, true]);
    expect([null, undefined, [], 'x', 1, true].map(isObject)).toEqual([false, false, false, false, false, false]);
  });

  it('escapes ~ before / and unescapes in the other order, so every key comes back', () => {
    expect(escapePointer('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointer('~01')).toBe('~1');
    fc.assert(fc.property(fc.string(), (key) => unescapePointer(escapePointer(key)) === key), { numRuns: 200, seed: 35 });
  });

  it('follows a fragment, percent-decoded then unescaped, through own keys only', () => {
    const doc = { paths: { '/documents': { get: { tags: ['a', 'b'] } } }, 'a b': { '%': 1 } };
    expect(fragmentKeys('#/paths/~1documents/get')).toEqual(['paths', '/documents', 'get']);
    expect(pointerTarget(doc, '#/paths/~1documents/get/tags/1')).toBe('b');
    expect(pointerTarget(doc, '#/a%20b/%25')).toBe(1);
    expect(pointerTarget(doc, '#')).toBe(doc);
    expect(pointerTarget(doc, '#/paths/constructor')).toBeUndefined();
    expect(pointerTarget(doc, '#/paths/%zz')).toBeUndefined();
    expect(pointerTarget(doc, 'other.yaml#/paths')).toBeUndefined();
    expect(pointerTarget(doc, '#/paths/~1documents/get/tags/1/length')).toBeUndefined();
  });

  it("follows a model's place, unescaped but not percent-decoded: a key holding % is itself", () => {
    const doc = { paths: { '/files/%41': { get: { tags: ['a'] } }, '/files/A': {} }, 'a%zz': 1 };
    expect(placeTarget(doc, '#/paths/~1files~1%41/get/tags/0')).toBe('a');
    expect(pointerTarget(doc, '#/paths/~1files~1%41')).toBe(doc.paths['/files/A']);
    expect(placeTarget(doc, '#/a%zz')).toBe(1);
    expect(placeTarget(doc, '#')).toBe(doc);
    expect(placeTarget(doc, '#/paths/constructor')).toBeUndefined();
    expect(placeTarget(doc, 'other.yaml#/paths')).toBeUndefined();
  });
});
