// Builds a document from a fragment for the readers' given/want tables: `paths` and `components` in YAML.
import { parse } from 'yaml';
import type { OpenApiDocument } from '../../../generator/load/index.js';
import { documentContext, documentRoot, operations, type Ctx, type Operation } from '../../../generator/model/conventions/index.js';

export interface Given {
  doc: OpenApiDocument;
  ctx: Ctx;
  /** The operation `<method> <path>`. */
  op(key: string): Operation;
}

export function given(yaml: string, openapi = '3.1.0'): Given {
  const doc = { openapi, info: { title: 't', version: '1' }, ...(parse(yaml) as object) } as OpenApiDocument;
  const ctx = documentContext(doc, 'given.yaml');
  const ops = operations(ctx, documentRoot(doc, 'given.yaml'));
  return {
    doc,
    ctx,
    op: (key) => {
      const found = ops.find((o) => `${o.method} ${o.path}` === key);
      if (!found) throw new Error(`no operation ${key}`);
      return found;
    },
  };
}

/** Responses in the fragments' YAML: a 200 and a 201 answering JSON of `schema`. */
export const OK = (schema: string): string => `{ '200': { description: ok, content: { application/json: { schema: ${schema} } } } }`;
export const CREATED = (schema: string): string => `{ '201': { description: created, content: { application/json: { schema: ${schema} } } } }`;
