// The sandbox's reading of a JSON request body (generator/sandbox/json-body.ts) on generated and hostile text: a name
// given twice in one object is found wherever it is and however it is written, nothing else is taken for one, and the
// pass stays linear on bodies built to slow it down. Seeded and bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, MAX_JSON_BODY_BYTES } from '../../generator/sandbox/body-bounds.js';
import { HttpError } from '../../generator/sandbox/http-error.js';
import { parseJsonBody } from '../../generator/sandbox/json-body.js';

/** The errorCode parseJsonBody answers `text` with, or undefined when it reads it. */
function verdict(text: string): string | undefined {
  try {
    parseJsonBody(text);
    return undefined;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return err.messages[0]?.errorCode;
  }
}

/** JSON as a tree of members, so that a test knows where names repeat; written with or without escapes. */
type Node = { object: [string, Node][] } | { array: Node[] } | { scalar: string };

const NAMES = ['a', 'b', 'id', '__proto__', 'é', '"q"', ''];
/** A name as JSON text: plain (JSON.stringify), or every character escaped as \uXXXX. */
const writeName = (name: string, escape: boolean) =>
  escape ? `"${[...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"` : JSON.stringify(name);

const tree = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 0 }).map((v) => ({ scalar: JSON.stringify(v) })),
    fc.array(fc.tuple(fc.constantFrom(...NAMES), tie('node')), { maxLength: 4 }).map((object) => ({ object })),
    fc.array(tie('node'), { maxLength: 4 }).map((array) => ({ array })),
  ),
})).node;

function write(node: Node, escapes: boolean[], k = { n: 0 }): string {
  if ('scalar' in node) return node.scalar;
  if ('array' in node) return `[${node.array.map((n) => write(n, escapes, k)).join(', ')}]`;
  return `{${node.object.map(([name, n]) => `${writeName(name, escapes[k.n++ % escapes.length] ?? false)} : ${write(n, escapes, k)}`).join(',')}}`;
}

const hasDuplicate = (node: Node): boolean =>
  'object' in node
    ? new Set(node.object.map(([name]) => name)).size < node.object.length || node.object.some(([, n]) => hasDuplicate(n))
    : 'array' in node && node.array.some(hasDuplicate);

describe('a JSON request body with a name given twice', () => {
  it('is refused exactly when some object repeats a name, whatever the depth, spacing or escapes', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (node, escapes) => {
        const text = write(node, escapes);
        expect(verdict(text), text).toBe(hasDuplicate(node) ? 'DuplicateKey' : undefined);
        expect(JSON.parse(text)).toBeDefined();
      }),
      { seed: 41, numRuns: 1000 },
    );
  });

  it('never refuses JSON that JSON.stringify wrote, strings holding quotes, braces and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(verdict(JSON.stringify(value))).toBeUndefined();
      }),
      { seed: 41, numRuns: 1000 },
    );
    expect(verdict('{"a":"\\"b\\":1,\\"a\\":2","b":"{\\"a\\":1}","c":"\\\\","a\\\\":0}')).toBeUndefined();
  });

  it(`stays linear on hostile bodies of up to ${MAX_JSON_BODY_BYTES / 1024 / 1024} MiB`, () => {
    const size = MAX_JSON_BODY_BYTES - 64;
    const keys = (n: number, name: (i: number) => string) => `{${Array.from({ length: n }, (_, i) => `${name(i)}:0`).join(',')}}`;
    const hostile: [string, string, string | undefined][] = [
      ['distinct names', keys(Math.floor(size / 12), (i) => `"k${i}"`), undefined],
      ['escaped names', keys(Math.floor(size / 40), (i) => `"\\u006b${[...String(i)].map((c) => `\\u003${c}`).join('')}"`), undefined],
      ['names sharing a long prefix', keys(Math.floor(size / 1030), (i) => `"${'p'.repeat(1000)}${i}"`), undefined],
      ['the duplicate last', keys(Math.floor(size / 12) - 1, (i) => `"k${i}"`).slice(0, -1) + ',"k0":1}', 'DuplicateKey'],
      ['small objects', `[${Array.from({ length: Math.floor(size / 14) }, () => '{"a":1,"b":2}').join(',')}]`, undefined],
      ['one name of escapes', `{"${'\\\\'.repeat(size / 2 - 8)}":1}`, undefined],
      ['nesting past the bound', `${'['.repeat(size / 2)}${']'.repeat(size / 2)}`, 'BodyTooDeep'],
      ['objects nested to the bound, each with names', `${'{"a":1,"b":'.repeat(MAX_BODY_DEPTH - 1)}{"a":1,"a":2}${'}'.repeat(MAX_BODY_DEPTH - 1)}`, 'DuplicateKey'],
    ];
    for (const [what, text, expected] of hostile) {
      expect(text.length, what).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
      const started = performance.now();
      expect(verdict(text), what).toBe(expected);
      // JSON.parse and the pass together: a few ms each on a laptop; a quadratic pass would take minutes.
      expect(performance.now() - started, what).toBeLessThan(1000);
    }
  });
});
