// JSON read by JSON.parse (generator/load/json.ts) gives the YAML parser's value, or nothing when they could differ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../generator/load/bounds.js';
import { parseJsonExactly } from '../../generator/load/json.js';
import { parseYaml } from '../../generator/load/yaml.js';
import { DocexError } from '../../generator/util/errors.js';

describe('parseJsonExactly', () => {
  it('gives the YAML parser value for any JSON text, indented or not', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        const parsed = parseJsonExactly(text, 'any.json');
        expect(parsed).not.toBeUndefined();
        expect(parsed).toStrictEqual(parseYaml(text, 'any.json'));
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it('leaves a duplicate key, at any depth, to the YAML parser (which refuses it)', () => {
    expect(parseJsonExactly('{"a": 1, "a": 2}', 'dup.json')).toBeUndefined();
    expect(parseJsonExactly('{"x": [{"b": {}, "c": 1, "b": {"d": 1}}]}', 'dup.json')).toBeUndefined();
    expect(parseJsonExactly('{"__proto__": 1, "__proto__": 2}', 'dup.json')).toBeUndefined();
    expect(() => parseYaml('{"a": 1, "a": 2}', 'dup.json')).toThrow(/duplicated mapping key/);
    // Members that merely look alike are not duplicates; a colon inside a string is not a member.
    expect(parseJsonExactly('{"a": {"a": "b:c"}, "__proto__": {"a": 1}, "<<": {"e": 1}}', 'ok.json')).toStrictEqual(
      parseYaml('{"a": {"a": "b:c"}, "__proto__": {"a": 1}, "<<": {"e": 1}}', 'ok.json'),
    );
  });

  it('leaves what is not JSON to the YAML parser, and refuses JSON nested past the bound as the YAML parser does', () => {
    for (const text of ['', 'a: 1', '\ufeff{}', '{"a": 1,}', "{'a': 1}"]) expect(parseJsonExactly(text, 'not.json')).toBeUndefined();
    const deep = `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`;
    expect(() => parseJsonExactly(deep, 'deep.json')).toThrow(DocexError);
    expect(() => parseYaml(deep, 'deep.json')).toThrow(DocexError);
  });
});
