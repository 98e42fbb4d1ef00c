// A JSON file's problem positions come from its text (generator/lint/json-offsets.ts), not from a YAML AST: they must
// be Redocly's getLineColLocation's for every node and key of any strict JSON text, and any other text gets no index.
import fc from 'fast-check';
import { escapePointerFragment, getLineColLocation, Source } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { JsonOffsets } from '../../generator/lint/json-offsets.js';
import { positionOf } from '../../generator/lint/positions.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** JSON text of `value` with the given indent and line break, strings escaped in every way JSON allows. */
function write(value: Json, indent: string, eol: string, escape: (s: string) => string, depth = 0): string {
  const pad = (d: number) => (indent ? eol + indent.repeat(d) : '');
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${value.map((v) => pad(depth + 1) + write(v, indent, eol, escape, depth + 1)).join(',')}${pad(depth)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    return `{${keys.map((k) => `${pad(depth + 1)}${escape(k)}:${indent ? ' ' : ''}${write(value[k]!, indent, eol, escape, depth + 1)}`).join(',')}${pad(depth)}}`;
  }
  return typeof value === 'string' ? escape(value) : JSON.stringify(value);
}

/** Every place in `value`: its pointer segments. */
function places(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...places(v, [...at, k]));
  return out;
}

function pointerOf(segments: (string | number)[]): string {
  return `#/${segments.map((s) => escapePointerFragment(s as string)).join('/')}`;
}

/** positionOf and Redocly's getLineColLocation of one pointer, on a value and on its key. */
function both(source: Source, pointer: string) {
  return [false, true].map((reportOnKey) => {
    const loc = { source, pointer, reportOnKey };
    const mine = positionOf(loc);
    const theirs = getLineColLocation(loc);
    return { pointer, reportOnKey, mine: [mine.line, mine.col], theirs: [theirs.start.line, theirs.start.col] };
  });
}

const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a/b', '~1', 'x~y', '%41', '50%', '"q"', 'é', '😀', '\t', '\\', ''));
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1.5e3, 12, ''),
    fc.string({ maxLength: 5 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(key, tie('v'), { maxKeys: 4 }),
  ),
})).v;
const escapes = fc.constantFrom(
  (s: string) => JSON.stringify(s),
  (s: string) => JSON.stringify(s).replace(/\//g, '\\/'),
  (s: string) => `"${[...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
);

describe('JSON problem positions', () => {
  it("are Redocly's for every node and key of any JSON object, however it is laid out and escaped", () => {
    fc.assert(
      fc.property(fc.dictionary(key, json, { maxKeys: 5 }), fc.constantFrom('', '  ', '\t'), fc.constantFrom('\n', '\r\n'), escapes, (doc, indent, eol, escape) => {
        const text = write(doc, indent, eol, escape) + eol;
        expect(JsonOffsets.of(text)).toBeDefined();
        const source = new Source('/x.json', text);
        // Each place, and below it a key that is not there (the walk stops), in walk order and then backwards.
        const pointers = places(doc).flatMap((at) => [pointerOf(at), pointerOf([...at, 'none', 0])]);
        for (const pointer of [...pointers, ...pointers.reverse()])
          for (const r of both(source, pointer)) expect(r.mine, `${JSON.stringify(text)} ${r.pointer} ${r.reportOnKey}`).toEqual(r.theirs);
      }),
      { numRuns: 300, seed: 35 },
    );
  });

  it("are Redocly's for pointers that name nothing, name an index badly, or go through a scalar", () => {
    const text = '{\n  "a": [1, {"b": "c"}],\n  "d": {"e": 2, "e": 3},\n  "x/y": {"~": null}\n}\n';
    const source = new Source('/x.json', text);
    for (const p of ['#/', '#/zz', '#/a/7', '#/a/-1', '#/a/01', '#/a/1x', '#/a/x', '#/a/0/deeper', '#/a/1/b/c', '#/d/e', '#/x~1y/~0', '#/x%2Fy', '#/a//1'])
      for (const r of both(source, p)) expect(r.mine, `${r.pointer} ${r.reportOnKey}`).toEqual(r.theirs);
  });

  it('gives no index to a text that is not strict JSON, whose positions come from the YAML AST', () => {
    const notJson = [
      'openapi: 3.1.0\ninfo: {title: x}\n',
      '{"a": 1,}',
      '{"a": [1,]}',
      '{"a": 1} # comment',
      '{"a"\n: 1}',
      "{'a': 1}",
      '{a: 1}',
      '{"a": tru}',
      '{"a": 01}',
      '{"a": 1 2}',
      '{"a": "\t"}',
      '{"a": "\\x41"}',
      '{"a": "\\u12"}',
      '{"a": 1}}',
      '{"a": 1',
      '{"a" 1}',
      '{"a": 1 "b": 2}',
      '[{"a": 1}]',
      '\uFEFF{"a": 1}',
      '{"a": [1}',
      '',
    ];
    for (const text of notJson) {
      expect(JsonOffsets.of(text), JSON.stringify(text)).toBeUndefined();
      const source = new Source('/x.yaml', text);
      for (const r of both(source, '#/a')) expect(r.mine, `${JSON.stringify(text)} ${r.reportOnKey}`).toEqual(r.theirs);
    }
  });

  it('never throws on any text', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'a', '1', '-', 'true', 'null', 'u', '"k"');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 40 }).map((p) => p.join(''))), (text) => {
        const index = JsonOffsets.of(text);
        if (index) expect(index.isObject(index.root)).toBe(true);
      }),
      { numRuns: 2000, seed: 35 },
    );
  });
});
