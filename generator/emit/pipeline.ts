// load -> model -> emit for a whole input (an `openapi/` tree or one foreign document), in memory.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { bundleFile, discoverApis } from '../load/index.js';
import { buildApiModel, factoryName } from '../model/index.js';
import { DocexError } from '../util/errors.js';
import { renderSchema } from './schema.js';
import { addApi, addTokenSchema, copyTemplates, type OutputTree } from './tree.js';

export interface ApiSummary {
  id: string;
  source: string;
  operations: number;
  ms: number;
  warnings: string[];
}

export interface GenerateResult {
  tree: OutputTree;
  apis: ApiSummary[];
}

export async function generateTree(input: string): Promise<GenerateResult> {
  let isDir: boolean;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    throw new DocexError('input not found', 2, input);
  }
  const tree: OutputTree = new Map();
  const apis: ApiSummary[] = [];
  copyTemplates(tree, 'runtime');
  if (!isDir) {
    const start = performance.now();
    const source = basename(input);
    const { document, warnings } = await bundleFile(input, { mode: 'foreign' });
    if (!/^3\./.test(String(document.openapi ?? ''))) {
      throw new DocexError(`not an OpenAPI 3.x document (${document.swagger ? `Swagger ${String(document.swagger)}` : 'no "openapi: 3.x"'}); convert it to OpenAPI 3 first`, 2, input, 1);
    }
    const model = buildApiModel(document, { id: '', factory: factoryName(document.info?.title ?? ''), apiPath: '', source, mode: 'foreign' });
    addApi(tree, model, renderSchema(document));
    apis.push({ id: source, source, operations: model.operations.length, ms: performance.now() - start, warnings: [...warnings.map((w) => `${w.file}:${w.line}: ${w.message}`), ...model.warnings] });
    return { tree, apis };
  }
  const entries = discoverApis(input);
  if (entries.length === 0) throw new DocexError('no <subApi>/<version>/openapi.yaml or token/openapi.yaml found', 2, input);
  for (const entry of entries) {
    const start = performance.now();
    const source = entry.relPath.split('\\').join('/');
    const { document, warnings } = await bundleFile(entry.file, { mode: 'own' });
    let operations = 0;
    const modelWarnings: string[] = [];
    if (entry.id === 'token') {
      copyTemplates(tree, 'token');
      addTokenSchema(tree, source, renderSchema(document));
    } else {
      const apiPath = entry.version ? `${entry.subApi}/${entry.version}/` : `${entry.subApi}/`;
      const model = buildApiModel(document, { id: entry.id, factory: factoryName(entry.subApi), apiPath, source, mode: 'own' });
      addApi(tree, model, renderSchema(document));
      operations = model.operations.length;
      modelWarnings.push(...model.warnings);
    }
    apis.push({ id: entry.id, source, operations, ms: performance.now() - start, warnings: [...warnings.map((w) => `${w.file}:${w.line}: ${w.message}`), ...modelWarnings] });
  }
  return { tree: new Map([...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), apis };
}
