import { bundleFile, discoverApis, type ApiEntry, type OpenApiDocument } from '../load/index.js';

/** One sub API document, bundled, with the id the sandbox's ajv instances know it by. */
export interface LoadedApi {
  entry: ApiEntry;
  doc: OpenApiDocument;
  /** `$id` of the document in ajv, so that internal `#/components/...` refs resolve. */
  base: string;
  /** `/document/v1`: where its operations are served. */
  prefix: string;
}

/** Every versioned sub API under `openapiDir` (the token service is served by token/service.ts). */
export async function loadSubApis(openapiDir: string): Promise<LoadedApi[]> {
  const entries = discoverApis(openapiDir).filter((e) => e.version !== undefined);
  const bundled = await Promise.all(entries.map((e) => bundleFile(e.file, { mode: 'own' })));
  return entries.map((entry, i) => ({
    entry,
    doc: bundled[i]!.document,
    base: `https://sandbox.docex.invalid/${entry.id}/openapi.json`,
    prefix: `/${entry.subApi}/${entry.version}`,
  }));
}
