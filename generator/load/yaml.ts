// YAML parsed exactly as Redocly's bundler parses it (@redocly/openapi-core's lib/js-yaml, not exported): js-yaml's
// core schema with the merge, binary, omap, pairs and set types and without timestamps, one document per file. The
// js-yaml is the one Redocly resolves (test/load/yaml.test.ts), so a document docex parses itself is the document
// the bundler would have parsed.
import { CORE_SCHEMA, binaryTag, loadAll, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';

const SCHEMA = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** The one document of `text`; undefined when it is not exactly one YAML document (the bundler then reports it). */
export function parseYamlDocument(text: string, filename: string): unknown {
  let documents: unknown[];
  try {
    documents = loadAll(text, { schema: SCHEMA, filename }) as unknown[];
  } catch {
    return undefined;
  }
  return documents.length === 1 ? documents[0] : undefined;
}
