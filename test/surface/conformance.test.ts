// Cross-check of the client-surface report against `docex diff` on the shared breaking-change corpus: for every pair
// whose two documents both generate, the report's verdict must equal the diff engine's wherever the change is visible
// in TypeScript. The pairs whose change TypeScript cannot see are listed below with the reason.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/index.js';
import { loadDocument } from '../../generator/diff/load.js';
import { generateTree } from '../../generator/generate/pipeline.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { surfaceReport } from '../../generator/surface/index.js';
import { corpus, withCorpus } from '../helpers/conformance-corpus.js';

/** Pairs where the diff says breaking (or not) for a reason the generated TypeScript does not show. */
const INVISIBLE: Record<string, string> = {
  // The diff allows removing a deprecated operation (after its sunset); TypeScript shows @deprecated but no sunset
  // date, and a removed method fails the client's compile either way.
  '002-path-removed-deprecated-no-sunset': 'deprecation and sunset are not in the types; the method is gone',
  '003-operation-removed-deprecated-no-sunset': 'deprecation and sunset are not in the types; the method is gone',
  '004-operation-removed-after-sunset': 'deprecation and sunset are not in the types; the method is gone',
  // Without an operationId the method name comes from the path, so renaming a path parameter renames the method.
  '007-path-param-renamed': 'the method name is derived from the path: getBooksByBookId became getBooksById',
  // Validation keywords: TypeScript types have no bounds, lengths, patterns or defaults.
  '021-param-max-items-decreased': 'maxItems is not in the types',
  '022-param-max-length-decreased': 'maxLength is not in the types',
  '023-param-maximum-decreased': 'maximum is not in the types',
  '024-param-min-items-increased': 'minItems is not in the types',
  '027-param-pattern-added': 'pattern is not in the types',
  '029-param-pattern-changed': 'pattern is not in the types',
  '032-param-default-value-changed': 'default is not in the types',
  '033-exclusive-bounds-narrowed': 'exclusiveMinimum/exclusiveMaximum are not in the types',
  '059-request-property-pattern-added': 'pattern is not in the types',
  '061-request-property-minimum-increased': 'minimum is not in the types',
  '087-response-minimum-decreased': 'minimum is not in the types',
  // Composition: openapi-typescript prints anyOf/oneOf/allOf as unions and intersections that the surface compares
  // by the kinds of their members only.
  '051-anyof-branch-property-became-required': 'a property inside one anyOf branch: the union member is compared by kind only',
  '065-request-allof-subschema-added': 'an allOf part added to a request: an intersection member, compared by kind only',
  '069-request-body-wrapped-in-oneof': 'the body became a oneOf of the same object: still an object to the surface',
  '067-anyof-inline-enum-refactored-to-ref': 'the same enum moved to a named schema: a reference and an inline union differ as text',
  // The client's types differ from the document's in these.
  '052-readonly-required-properties-added': 'readOnly is not marked in the types (readWriteMarkers off), so a required readOnly property looks required in requests',
  '070-request-xml-body-loosely-typed': 'an XML body is typed string by the client, so a change of its schema shows as a type change',
  '071-webhook-request-body-became-required': 'webhooks have no client methods',
  '094-response-success-status-removed': 'the result type keeps its name; the status it came from is only in schema.ts lookups the surface does not compare',
  // The other way round: the TypeScript shows what the diff (as oasdiff) does not count as breaking.
  '095-response-non-success-status-removed':
    "a single document's client types the error bodies it declares (issue 37): with its only one removed, the exported CreateOneGroupError goes, which breaks code that imports it",
};

// The corpus is read inside the test, so a clone without ../shared reports the suite as skipped.
describe('surface report vs docex diff (../shared/conformance/breaking)', withCorpus, () => {
  it('agrees wherever the change is visible in TypeScript', async () => {
    const printer = await loadPrinter();
    const cases = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'head.yaml'))).map((d) => d.name).sort();
    const disagree: string[] = [];
    let compared = 0;
    for (const name of cases) {
      let trees;
      try {
        trees = [(await generateTree(join(corpus, name, 'base.yaml'))).tree, (await generateTree(join(corpus, name, 'head.yaml'))).tree] as const;
      } catch {
        continue; // one of the two does not generate: nothing to compare
      }
      compared++;
      const reports = surfaceReport(printer, trees[0], trees[1]);
      const surfaceBreaking = reports.some((r) => r.breaking > 0);
      const changes = diffDocuments(await loadDocument(join(corpus, name, 'base.yaml')), await loadDocument(join(corpus, name, 'head.yaml')), name, { today: '2026-01-01' });
      const diffBreaking = changes.some((c) => c.level === 'breaking');
      if (surfaceBreaking !== diffBreaking) {
        disagree.push(name);
        if (process.env.SURFACE_DEBUG) console.log(name, { diffBreaking, surfaceBreaking }, changes.filter((c) => c.level === 'breaking').map((c) => c.id), reports.flatMap((r) => r.changes.map((c) => c.message)));
      }
    }
    console.log(`surface report vs docex diff: ${compared - disagree.length} of ${compared} generated pairs agree; ${disagree.length} listed as invisible in TypeScript`);
    expect(compared).toBeGreaterThan(50);
    expect(disagree).toEqual(Object.keys(INVISIBLE).sort());
  });
});
