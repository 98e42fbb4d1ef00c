// YAML parsed exactly as Redocly's bundler parses it (@redocly/openapi-core's lib/js-yaml, not exported): js-yaml's
// core schema with the merge, binary, omap, pairs and set types and without timestamps, one document per file. The
// js-yaml is the one Redocly resolves (test/generator/self-contained.test.ts), so a document docex parses itself is
// the document the bundler would have parsed; Redocly's own parse is this one too (resolver.ts). Between reading the
// events and building the objects, the file is held to docex's bounds (bounds.ts).
import { CORE_SCHEMA, YAMLException, binaryTag, constructFromEvents, mergeTag, omapTag, pairsTag, parseEvents, setTag, type Event } from 'js-yaml';
import { checkYamlEvents, depthError, MAX_DEPTH, type Demand } from './bounds.js';

const SCHEMA = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** js-yaml's parse events of `text`, and what they ask (bounds.ts); a bound exceeded throws a DocexError naming file and line. */
export function readEvents(text: string, filename: string): { events: Event[]; demand: Demand } {
  let events;
  try {
    // js-yaml's parser recurses per level; its limit, above docex's (its count of levels is not quite docex's: the
    // same 100 would refuse 99 nested flow sequences), keeps that recursion bounded. It is said as docex's.
    events = parseEvents(text, { filename, maxDepth: MAX_DEPTH + 10 });
  } catch (err) {
    if (err instanceof YAMLException && err.reason.startsWith('nesting exceeded maxDepth')) throw depthError(filename, err.mark && err.mark.line + 1);
    throw err;
  }
  return { events, demand: checkYamlEvents(events, text, filename) };
}

/** The documents of `text`, bounded; bad YAML throws js-yaml's YAMLException. */
function documentsOf(text: string, filename: string): unknown[] {
  return constructFromEvents(readEvents(text, filename).events, { source: text, filename, schema: SCHEMA });
}

/** What Redocly's parseYaml gives: undefined for an empty file, null for one of comments only, else the one document. */
export function parseYaml(text: string, filename: string): unknown {
  const documents = documentsOf(text, filename);
  if (documents.length === 0) return text.trim() === '' ? undefined : null;
  if (documents.length > 1) throw new YAMLException('expected a single document in the stream, but found more');
  return documents[0];
}

/** The one document of `text`; undefined when it is not exactly one YAML document (the bundler then reports it). */
export function parseYamlDocument(text: string, filename: string): unknown {
  let documents: unknown[];
  try {
    documents = documentsOf(text, filename);
  } catch (err) {
    if (err instanceof YAMLException) return undefined;
    throw err;
  }
  return documents.length === 1 ? documents[0] : undefined;
}
