// Redocly reads every file it lints or bundles, the entry document and each one a `$ref` reaches, through a resolver
// (`externalRefResolver`). This one parses as Redocly's own does, but bounded (yaml.ts), so no file reaches a
// Redocly walker unchecked. Redocly turns an error in a referenced file into an unresolved-$ref problem; the first
// bound a file exceeded is kept in `refused`, for the caller to report as what it is.
import { BaseResolver, isGraphqlRef, isSupportedExtension, YamlParseError, type Document, type Source } from '@redocly/openapi-core';
import { DocexError } from '../util/errors.js';
import { parseYaml } from './yaml.js';

export class BoundedResolver extends BaseResolver {
  refused: DocexError | undefined;

  override parseDocument(source: Source, isRoot = false): Document {
    // As BaseResolver: GraphQL and files of other types are kept as text (docex never reads URLs: bundle.ts `offline`).
    const yaml = isRoot || isSupportedExtension(source.absoluteRef) || /(json|yaml|openapi)/.test(source.mimeType ?? '');
    if (!yaml || isGraphqlRef(source.absoluteRef)) return super.parseDocument(source, isRoot);
    try {
      return { source, parsed: parseYaml(source.body, source.absoluteRef) };
    } catch (err) {
      if (err instanceof DocexError) throw (this.refused ??= err);
      throw new YamlParseError(err as Error, source);
    }
  }

  /** Throws the first bound exceeded, if any. */
  check(): void {
    if (this.refused) throw this.refused;
  }
}
