// Meta-tests of the rule registry: ids are well-formed, every id fires on some base/head pair, and every
// directional rule has its counterpart (request/response, added/removed, ...) unless listed with its reason.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId, diffDocuments, diffTrees } from '../../generator/diff/index.js';
import { ruleOf } from '../../generator/diff/registry.js';
import { RULE_CASES } from './rule-cases.js';

const IDS = [...RULES.keys()];
const has = (id: string): id is RuleId => RULES.has(id as RuleId);

describe('rule registry', () => {
  it('every rule has a kebab-case id, a level, a family and a message', () => {
    expect(IDS.length).toBeGreaterThan(80);
    for (const r of RULES.values()) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['breaking', 'non-breaking', 'info']).toContain(r.level);
      expect(r.message.length).toBeGreaterThan(10);
    }
    // The spec's enum rule, as levels.
    expect(RULES.get('response-enum-value-added')?.level).toBe('breaking');
    expect(RULES.get('response-enum-value-removed')?.level).toBe('breaking');
    expect(RULES.get('request-enum-value-removed')?.level).toBe('breaking');
    expect(RULES.get('request-enum-value-added')?.level).toBe('non-breaking');
    expect(RULES.get('response-extensible-enum-value-added')?.level).toBe('non-breaking');
    // A misspelt id is a compile error (`npm run typecheck` fails on an unused directive), not a run-time one.
    // @ts-expect-error not a rule id
    expect(() => ruleOf('response-enum-value-add')).toThrow(/unknown diff rule id/);
  });
});

describe('every rule fires on a base/head pair', () => {
  const fired = new Set<string>();

  for (const [family, cases] of Object.entries(RULE_CASES)) {
    it(`${family}: each pair produces exactly the rules it names`, () => {
      for (const c of cases) {
        const ids = [...new Set(diffDocuments(c.base, c.head, 'test', { today: '2026-01-01' }).map((x) => x.id))].sort();
        expect(ids, c.fires.join(' ')).toEqual([...c.fires].sort());
        for (const id of ids) fired.add(id);
      }
    });
  }

  it('apis: a version removed from or added to a tree', async () => {
    const fixtures = join(import.meta.dirname, 'fixtures', 'trees');
    const ids = (await diffTrees(join(fixtures, 'base'), join(fixtures, 'head'))).map((c) => c.id).filter((id) => id.startsWith('api-version-'));
    expect(ids.sort()).toEqual(['api-version-added', 'api-version-removed']);
    for (const id of ids) fired.add(id);
  });

  it('all ids of RULES are covered (runs after the cases above)', () => {
    expect(IDS.filter((id) => !fired.has(id))).toEqual([]);
    for (const c of Object.values(RULE_CASES).flat()) expect(c.fires.every(has)).toBe(true);
  });
});

// Variants of a rule by the state of what changed: their counterpart is the plain rule's counterpart.
const QUALIFIERS = ['-deprecated', '-before-sunset', '-required'];
const plain = (id: string): string => {
  for (const q of QUALIFIERS) if (id.endsWith(q) && has(id.slice(0, -q.length))) return id.slice(0, -q.length);
  return id;
};

/** The same change on the other side of the exchange. Widening a request is the safe move, as narrowing a response is. */
function otherSide(id: string): string | undefined {
  const m = /^(request|response)-(.*)$/.exec(id);
  if (!m) return undefined;
  const rest = m[2]!.replace(/generalized|narrowed/, (w) => (w === 'generalized' ? 'narrowed' : 'generalized'));
  return `${m[1] === 'request' ? 'response' : 'request'}-${rest}`;
}

const OPPOSITES: [string, string][] = [
  ['-became-enum', '-enum-removed'],
  ['-added', '-removed'],
  ['-increased', '-decreased'],
  ['-became-required', '-became-optional'],
  ['-became-nullable', '-became-not-nullable'],
];
/** The reverse change on the same side. */
function reverse(id: string): string | undefined {
  for (const [a, b] of OPPOSITES) {
    if (id.endsWith(a)) return id.slice(0, -a.length) + b;
    if (id.endsWith(b)) return id.slice(0, -b.length) + a;
  }
  return undefined;
}

/** Counterparts whose names do not follow the patterns above. */
const NAMED_REVERSE: Partial<Record<RuleId, RuleId>> = {
  // The collection `limit` is a renamed request-maximum-decreased; raising it is the plain rule.
  'collection-limit-maximum-decreased': 'request-maximum-increased',
};

/** Request or response rules with no rule on the other side, by prefix, and why. */
const ONE_SIDED_PREFIXES: Record<string, string> = {
  'request-parameter-': 'responses have no parameters; what a response sends beside its body are headers (response-header-*)',
  'request-body-': 'a response body belongs to a status: its presence is response-status-* and response-media-type-*',
  'response-status-': 'requests have no status codes',
  'response-success-status-': 'requests have no status codes',
  'response-header-': 'request headers are parameters (request-parameter-*)',
};

/** Single rules with no counterpart on the other side, and why. */
const ONE_SIDED: Partial<Record<RuleId, string>> = {
  'request-additional-properties-disallowed': 'a response that stops sending undocumented properties takes nothing from a client that reads the documented ones',
  'request-pattern-added': 'response-pattern-changed covers every response pattern change: clients do not validate responses against patterns, so it is one non-breaking rule',
  'request-pattern-removed': 'as request-pattern-added: response-pattern-changed covers it',
  'request-pattern-generalized': 'as request-pattern-added: response-pattern-changed covers it',
  'request-unique-items-added': 'a response promising unique items only narrows what clients receive: nothing to report',
  'response-enum-became-extensible': 'a request enum becoming extensible accepts at least the values it did: nothing breaks, nothing to report',
};

/** Rules with no reverse change, and why. */
const ONE_WAY: Partial<Record<RuleId, string>> = {
  'path-removed': 'a new path is reported per operation, as operation-added',
  'request-unique-items-added': 'dropping uniqueItems only relaxes what a request may hold: nothing for a client to change',
  'response-header-became-optional': 'a header that becomes always sent adds a guarantee no existing client relied on (a new header is response-header-added)',
};

describe('rule symmetry (like oasdiff: every directional rule has its counterpart)', () => {
  it('both directions of each schema rule exist: request/response counterparts, or a listed reason', () => {
    const missing: string[] = [];
    const excused = new Set<string>();
    for (const id of IDS) {
      if (plain(id) !== id) continue;
      const other = otherSide(id);
      if (!other || has(other)) continue;
      const prefix = Object.keys(ONE_SIDED_PREFIXES).find((p) => id.startsWith(p));
      if (prefix) excused.add(prefix);
      else if (ONE_SIDED[id]) excused.add(id);
      else missing.push(`${id} (no ${other})`);
    }
    expect(missing).toEqual([]);
    // No stale exceptions: each listed one is still needed.
    expect([...excused].sort()).toEqual([...Object.keys(ONE_SIDED_PREFIXES), ...Object.keys(ONE_SIDED)].sort());
  });

  it('every added/removed, increased/decreased, became-x rule has its reverse, or a listed reason', () => {
    const missing: string[] = [];
    const excused = new Set<string>();
    for (const id of IDS) {
      if (plain(id) !== id) {
        expect(has(plain(id)), `${id} qualifies ${plain(id)}`).toBe(true);
        continue;
      }
      const named = NAMED_REVERSE[id];
      if (named) {
        expect(has(named), `${id} reverses as ${named}`).toBe(true);
        continue;
      }
      const back = reverse(id);
      if (!back || has(back)) continue;
      if (ONE_WAY[id]) excused.add(id);
      else missing.push(`${id} (no ${back})`);
    }
    expect(missing).toEqual([]);
    expect([...excused].sort()).toEqual(Object.keys(ONE_WAY).sort());
  });
});
