// Issue 30: what one file may ask of docex (generator/load/bounds.ts), at the parse every loader shares (yaml.ts) and
// at the JSON depth scan. The commands are held to it in test/cli/bounds.test.ts, hostile documents at random in
// test/reliability/hostile-documents.property.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, binaryTag, load, loadAll, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ALIAS_NODES, checkJsonDepth, MAX_DEPTH } from '../../generator/load/bounds.js';
import { checkRefDepth, MAX_REF_DEPTH } from '../../generator/load/ref-depth.js';
import { parseYaml } from '../../generator/load/yaml.js';
import { DocexError } from '../../generator/util/errors.js';
import { aliasBomb, deepJson, depthWithRefs, documentYaml, laughsAdded, refChain, type ChainKind } from '../helpers/hostile.js';
import { repoRoot } from '../helpers/run-docex.js';

function refusal(f: () => unknown): DocexError {
  try {
    f();
  } catch (err) {
    if (err instanceof DocexError) return err;
    throw err;
  }
  throw new Error('not refused');
}

/** `n` nested flow sequences around one scalar: the scalar is at level n + 1. */
const nested = (n: number): string => `${'['.repeat(n)}x${']'.repeat(n)}`;

describe('YAML aliases', () => {
  it('a billion laughs (1 KB) is refused at the alias that crosses the bound, naming file and line', () => {
    const text = aliasBomb();
    expect(text.length).toBeLessThan(1100);
    const err = refusal(() => parseYaml(text, 'bomb.yaml'));
    expect(err.exitCode).toBe(2);
    expect(err.format()).toMatch(/^bomb\.yaml:\d+: alias \*l\d: YAML aliases would add over 100,000 nodes/);
    // The line is the one of the alias that crossed: 9^5 + 9^4 + ... passes 100,000 at level l5, which aliases l4.
    expect(text.split('\n')[err.line! - 1]).toContain('l5: &l5 [*l4');
  });

  it('merge keys and anchors are legal YAML, read as Redocly reads them', () => {
    const text = 'defaults: &defaults { type: string, maxLength: 10 }\nName: { <<: *defaults, description: a name }\nSame: *defaults\nList: [&one 1, *one]\n';
    const redocly = loadAll(text, { schema: CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag) })[0];
    expect(parseYaml(text, 'merge.yaml')).toEqual(redocly);
    expect(parseYaml(text, 'merge.yaml')).toMatchObject({ Name: { type: 'string', maxLength: 10, description: 'a name' }, List: [1, 1] });
  });

  it(`aliases may add ${ALIAS_NODES.toLocaleString('en-US')} nodes to a small document, not one more`, () => {
    // An anchored sequence of 999 scalars is 1,000 nodes; each alias of it adds 1,000.
    const anchored = `a: &a [${Array<string>(999).fill('x').join(', ')}]\n`;
    const uses = (n: number) => `b: [${Array<string>(n).fill('*a').join(', ')}]\n`;
    expect(() => parseYaml(anchored + uses(ALIAS_NODES / 1000), 'at.yaml')).not.toThrow();
    expect(refusal(() => parseYaml(anchored + uses(ALIAS_NODES / 1000 + 1), 'over.yaml')).line).toBe(2);
    // Nested aliases, counted once per anchor: four levels of nine add 15,670 nodes, five 141,148.
    expect([laughsAdded(4, 9), laughsAdded(5, 9)]).toEqual([15_670, 141_148]);
    expect(() => parseYaml(aliasBomb(4, 9), 'small.yaml')).not.toThrow();
    expect(refusal(() => parseYaml(aliasBomb(5, 9), 'big.yaml')).exitCode).toBe(2);
  });

  it('a large document may gain by aliases as many nodes as it has', () => {
    const own = `big: [${Array<string>(300_000).fill('1').join(',')}]\n`;
    const anchored = `a: &a [${Array<string>(999).fill('x').join(', ')}]\n`;
    const uses = (n: number) => `b: [${Array<string>(n).fill('*a').join(', ')}]\n`;
    expect(() => parseYaml(own + anchored + uses(250), 'gains.yaml')).not.toThrow();
    expect(refusal(() => parseYaml(own + anchored + uses(302), 'more.yaml')).message).toMatch(/to a document of 301,0\d\d /);
  });

  it('an alias inside the node it names (an endless document) is refused', () => {
    expect(refusal(() => parseYaml('ok: 1\nloop: &a [1, { again: *a }]\n', 'loop.yaml')).format()).toBe('loop.yaml:2: alias *a is inside the node it names: the document would be endless');
  });

  it('anchors are counted per document of a stream, and a name defined again names the new node', () => {
    expect(() => parseYaml('a: &a [1]\nb: &a 2\nc: *a\n', 'again.yaml')).not.toThrow();
  });
});

describe(`nesting (at most ${MAX_DEPTH} levels)`, () => {
  it('YAML: 100 levels are read, 101 refused with the line', () => {
    expect(parseYaml(nested(MAX_DEPTH - 1), 'ok.yaml')).toBeDefined();
    const err = refusal(() => parseYaml(`a: 1\nb: ${nested(MAX_DEPTH)}\n`, 'deep.yaml'));
    expect(err.format()).toBe('deep.yaml:2: nested more than 100 levels deep (docex reads documents up to 100 levels)');
  });

  it('JSON: the same levels, counted by the scan', () => {
    expect(checkJsonDepth(nested(MAX_DEPTH - 1).replace('x', '1'), 'ok.json')).toBe(MAX_DEPTH);
    expect(refusal(() => checkJsonDepth(`{\n"a": ${nested(MAX_DEPTH).replace('x', '"x"')}\n}`, 'deep.json')).line).toBe(2);
    // Brackets inside strings are text.
    expect(checkJsonDepth(`{"a": "${'['.repeat(500)}\\"{"}`, 'text.json')).toBe(2);
    expect(refusal(() => checkJsonDepth(deepJson(10_000), 'deep.json')).exitCode).toBe(2);
  });

  it('aliases count as the levels they copy', () => {
    const anchor = `a: &a ${nested(60)}\n`;
    // The anchored node is 61 levels high; at level 40 it reaches level 100, at 41 level 101.
    expect(() => parseYaml(`${anchor}b: ${nested(38).replace('x', '*a')}\n`, 'ok.yaml')).not.toThrow();
    expect(refusal(() => parseYaml(`${anchor}b: ${nested(39).replace('x', '*a')}\n`, 'deep.yaml')).line).toBe(2);
  });
});

describe(`$ref chains (at most ${MAX_REF_DEPTH} levels with $refs followed)`, () => {
  const refused = async (text: string, file: string): Promise<DocexError | undefined> => {
    try {
      await checkRefDepth({ file, parsed: load(text), text });
      return undefined;
    } catch (err) {
      if (err instanceof DocexError) return err;
      throw err;
    }
  };

  it.each<ChainKind>(['property', 'ref', 'items', 'allOf'])('a chain through %s: read up to the bound, refused one schema past it at a line of the chain', async (kind) => {
    // The longest chain within the bound, by the oracle.
    let length = 1;
    while (depthWithRefs(load(refChain(length + 1, kind))) <= MAX_REF_DEPTH) length++;
    expect(await refused(refChain(length, kind), 'ok.yaml')).toBeUndefined();
    const text = refChain(length + 1, kind);
    const err = (await refused(text, 'chain.yaml'))!;
    expect(err.format()).toMatch(/^chain\.yaml:\d+: more than 250 levels deep with its \$refs followed/);
    expect(text.split('\n')[err.line! - 1]).toMatch(/^\s+C\d+: /);
    // 2,000 schemas in a row: measured without recursing, refused the same way.
    expect((await refused(refChain(2000, kind), 'long.yaml'))?.exitCode).toBe(2);
  });

  it('a schema that refers to itself, directly or through others, is recursion, not a chain', async () => {
    const text = documentYaml(['    Thing: { type: object, properties: { self: { $ref: "#/components/schemas/Thing" }, other: { $ref: "#/components/schemas/Other" } } }', '    Other: { type: array, items: { $ref: "#/components/schemas/Thing" } }']);
    expect(await refused(text, 'recursive.yaml')).toBeUndefined();
  });

  it('a schema reached from many places is measured once (a wide diamond of 2^40 paths is read at once)', async () => {
    const schemas = Array.from({ length: 40 }, (_, i) => `    D${i}: { type: object, properties: { a: { $ref: "#/components/schemas/D${i + 1}" }, b: { $ref: "#/components/schemas/D${i + 1}" } } }`);
    const text = documentYaml(['    Thing: { $ref: "#/components/schemas/D0" }', ...schemas, '    D40: { type: string }']);
    const started = performance.now();
    expect(await refused(text, 'diamond.yaml')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/** Every YAML and JSON file of the repository's documents and test fixtures. */
function fixtures(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : fixtures(path);
    return /\.(ya?ml|json)$/.test(e.name) ? [path] : [];
  });
}

describe('no document of the repository is refused', () => {
  const files = [...fixtures(join(repoRoot, 'openapi')), ...fixtures(join(repoRoot, 'test'))];

  it(`${files.length} documents and fixtures`, () => {
    expect(files.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      try {
        if (file.endsWith('.json')) {
          JSON.parse(text);
          checkJsonDepth(text, file);
        }
        parseYaml(text, file);
      } catch (err) {
        // Fixtures of bad YAML or JSON are the parsers' to refuse; a bound refusing one would be a DocexError.
        if (err instanceof DocexError) refused.push(err.format());
      }
    }
    expect(refused).toEqual([]);
  });
});
