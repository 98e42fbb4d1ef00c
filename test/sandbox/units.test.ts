import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generator/load/index.js';
import { applyPlan, bodyPlan } from '../../generator/sandbox/body-plan.js';
import { pdf, png, xml } from '../../generator/sandbox/media.js';
import { negotiate } from '../../generator/sandbox/negotiate.js';
import { fromPattern } from '../../generator/sandbox/pattern.js';
import type { LoadedApi } from '../../generator/sandbox/load-apis.js';
import { Prng } from '../../generator/sandbox/prng.js';
import type { SortKey } from '../../generator/sandbox/sorted.js';
import { Store } from '../../generator/sandbox/store.js';
import { checkBinary, checkPdf, checkPng } from '../../generator/sandbox/validate-response.js';

describe('representations and their checkers', () => {
  it('the PDF checker accepts the generated PDF and rejects a broken xref', () => {
    const good = pdf('Document 1', ['documentType: Invoice', 'note: (parens) and \\ backslash']);
    expect(checkPdf(good)).toBeUndefined();
    const text = good.toString('latin1');
    const broken = Buffer.from(text.replace(/startxref\n(\d+)/, (_m, n: string) => `startxref\n${Number(n) + 3}`), 'latin1');
    expect(checkPdf(broken)).toMatch(/startxref/);
    const shifted = Buffer.from(text.replace('%PDF-1.4\n', '%PDF-1.4\n%x\n'), 'latin1');
    expect(checkPdf(shifted)).toBeDefined();
  });

  it('the PNG checker accepts the generated PNG and rejects a wrong CRC or a missing IEND', () => {
    const good = png(0x123456);
    expect(checkPng(good)).toBeUndefined();
    const badCrc = Buffer.from(good);
    badCrc.writeUInt8(badCrc.readUInt8(good.length - 1) ^ 0xff, good.length - 1);
    expect(checkPng(badCrc)).toMatch(/CRC/);
    expect(checkPng(good.subarray(0, good.length - 12))).toMatch(/out of order|IEND/);
    expect(png(1).equals(png(1))).toBe(true);
  });

  it('XML escapes text and names invalid element names safely', () => {
    const doc = xml('Document', { note: '<a & b>', 'bad name': 1, list: [1, 2] });
    expect(doc).toContain('<note>&lt;a &amp; b&gt;</note>');
    expect(doc).toContain('<value>1</value>');
    expect(checkBinary('application/xml', Buffer.from(doc))).toBeUndefined();
    expect(checkBinary('application/xml', Buffer.from('not xml'))).toBeDefined();
  });
});

describe('negotiation and patterns', () => {
  it('negotiates in q order, then client order, with wildcards and q=0', () => {
    const offered = ['application/pdf', 'application/xml', 'image/png'];
    expect(negotiate(undefined, offered)).toBe('application/pdf');
    expect(negotiate('image/png;q=0.4, application/xml;q=0.8', offered)).toBe('application/xml');
    expect(negotiate('image/*, application/*', offered)).toBe('image/png');
    expect(negotiate('*/*;q=0.1, application/pdf;q=0', offered)).toBe('application/xml');
    expect(negotiate('text/html', offered)).toBeUndefined();
  });

  it('generates strings matching the simple patterns documents use', () => {
    const prng = new Prng(9);
    for (const p of ['^[A-Z]{3}-[0-9]{4}$', '^-?[0-9]+(\\.[0-9]+)?$', '^[A-Z]{2}$', '^(Foo|Bar)-\\d{2,3}$', '^[a-z][a-zA-Z0-9]*$']) {
      for (let i = 0; i < 20; i++) expect(fromPattern(p, prng)).toMatch(new RegExp(p));
    }
    expect(fromPattern('^(?=lookahead)x$', prng)).toBeUndefined();
  });
});

describe('the timestamps plan of a request body (worked out once per operation)', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    components: {
      schemas: {
        Node: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
        NodeOut: { allOf: [{ $ref: '#/components/schemas/Node' }, { type: 'object', properties: { id: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/NodeOut' } } } }] },
      },
    },
  } as unknown as OpenApiDocument;

  it('rewrites the timestamps and dates the request declares to the output form, and nothing else', () => {
    const plan = bodyPlan(doc, { type: 'object', properties: { issueDate: { type: 'string', format: 'date' }, note: { type: 'string' }, lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } } } }, []);
    const problems: string[] = [];
    expect(applyPlan(plan, { issueDate: '20250419', note: '20250419', lines: [{ qty: 1 }] }, 'body', problems)).toEqual({ issueDate: '2025-04-19', note: '20250419', lines: [{ qty: 1 }] });
    expect(problems).toEqual([]);
  });

  it('follows a recursive schema as deep as the body goes, naming unknown properties and dropping the representation\'s', () => {
    const plan = bodyPlan(doc, { $ref: '#/components/schemas/Node' }, [{ $ref: '#/components/schemas/NodeOut' }]);
    const nested = (depth: number): Record<string, unknown> => ({ at: '2025-03-20T09:00:00+01:00', id: 'x', ...(depth > 0 ? { children: [nested(depth - 1)] } : { colour: 1 }) });
    const problems: string[] = [];
    const out = applyPlan(plan, nested(20), 'body', problems) as { at: string; id?: string; children: { at: string; id?: string; children: { at: string }[] }[] };
    expect(out.at).toBe('2025-03-20T08:00:00.000Z');
    expect(out.id).toBeUndefined();
    expect(out.children[0]!.id).toBeUndefined();
    expect(out.children[0]!.children[0]!.at).toBe('2025-03-20T08:00:00.000Z');
    expect(problems).toEqual([`body${'.children.0'.repeat(20)} has an unknown property "colour"`]);
  });
});

describe("a store's indexes", () => {
  const api = { doc: { openapi: '3.1.0', info: { title: 't', version: '1' } }, entry: { id: 't' }, prefix: '', base: 't' } as unknown as LoadedApi;
  const write = fc.oneof(
    fc.record({ set: fc.integer({ min: 0, max: 30 }), a: fc.option(fc.integer({ min: 0, max: 5 })), b: fc.constantFrom('x', 'y', undefined), ref: fc.option(fc.constantFrom('r1', 'r2')) }),
    fc.record({ del: fc.integer({ min: 0, max: 30 }) }),
  );
  const keys: SortKey[][] = [[{ property: 'a', descending: false }], [{ property: 'a', descending: true }, { property: 'b', descending: false }], [{ property: 'ref', descending: true }]];

  it('keep a sort order through sets and deletes that equals sorting afresh (ties in insertion order), and find duplicates as a scan does', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 80 }), fc.integer({ min: 0, max: 40 }), (writes, askAt) => {
        const store = new Store('T', api, {}, true, 0);
        const fields = ['b', 'ref'];
        writes.forEach((w, i) => {
          // The indexes are built at the first ask, then kept by the writes after it.
          if (i === askAt) {
            for (const k of keys) store.sorted(k);
            store.withCriteria(fields, {});
          }
          if ('del' in w) store.items.delete(`id${w.del}`);
          else store.items.set(`id${w.set}`, { id: `id${w.set}`, a: w.a, b: w.b, ...(w.ref ? { ref: { id: w.ref } } : {}) });
        });
        const ids = [...store.items.keys()];
        for (const k of keys) {
          const value = (it: Record<string, unknown>, p: string) => {
            const v = it[p] && typeof it[p] === 'object' ? (it[p] as { id: unknown }).id : it[p];
            return v === undefined || v === null ? null : v;
          };
          const fresh = [...store.items.values()].map((it, i) => ({ it, i })).sort((x, y) => {
            for (const { property, descending } of k) {
              const [p, q] = [value(x.it, property), value(y.it, property)];
              if (p === q) continue;
              if (p === null) return 1;
              if (q === null) return -1;
              const c = typeof p === 'number' && typeof q === 'number' ? p - q : String(p) < String(q) ? -1 : 1;
              return descending ? -c : c;
            }
            return x.i - y.i;
          });
          expect(store.sorted(k).values().map((it) => it.id)).toEqual(fresh.map((x) => x.it.id));
        }
        for (const probe of store.items.values()) {
          const scan = ids.filter((id) => fields.every((f) => JSON.stringify(store.items.get(id)![f]) === JSON.stringify(probe[f])));
          expect([...store.withCriteria(fields, probe)].sort()).toEqual(scan.sort());
        }
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});
