// Redocly reads every file it lints or bundles, the entry document and each one a `$ref` reaches, through a resolver
// (`externalRefResolver`). This one parses as Redocly's own does, but bounded (yaml.ts), so no file reaches a
// Redocly walker unchecked. Redocly turns an error in a referenced file into an unresolved-$ref problem; the first
// bound a file exceeded is kept in `refused`, for the caller to report as what it is.
// It reads local files only: no command fetches a `$ref` over the network (a lint in CI of an untrusted change would
// otherwise send a request to any host the change names, and a generation would depend on that host). A remote ref is
// a ref that does not resolve, with the reason in its message: generate, diff, docs and the sandbox exit 2 on it,
// lint reports it as it reports a dangling ref.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BaseResolver, Document, ResolveConfig, Source } from '@redocly/openapi-core';
import { YAMLException } from 'js-yaml';
import { DocexError } from '../util/errors.js';
import { parseJsonExactly } from './json.js';
import { checkRefDepth, type ReadFile } from './ref-depth.js';
import { parseYaml } from './yaml.js';

export interface BoundedResolver extends BaseResolver {
  refused: DocexError | undefined;
  /** Throws the first bound a file exceeded, if any. */
  check(): void;
}

type Make = (config: ResolveConfig) => BoundedResolver;
let make: Promise<Make> | undefined;

/**
 * BaseResolver is exported by the package index only, whose import is slow (bundle.ts `core`);
 * the OpenAPI-only entry that foreign documents are bundled with has loaded its module, lib/resolve.js, already, and
 * the index imports that same module, so the class is taken from there.
 */
async function subclass(): Promise<Make> {
  const entry = createRequire(import.meta.url).resolve('@redocly/openapi-core/lib/bundle-oas');
  const resolveModule = pathToFileURL(join(dirname(entry), '..', 'resolve.js')).href;
  const { BaseResolver: Base, ResolveError } = (await import(resolveModule)) as { BaseResolver: typeof BaseResolver; ResolveError: new (err: Error) => Error };

  class Bounded extends Base implements BoundedResolver {
    refused: DocexError | undefined;

    override async loadExternalRef(absoluteRef: string): Promise<Source> {
      // What BaseResolver would fetch (http:, https:, file:, data: URLs): refused as it refuses a missing file.
      if (/^(https?|file|data):/.test(absoluteRef)) {
        const url = absoluteRef.startsWith('data:') ? 'data: URL' : absoluteRef.replace(/[?#].*$/s, '');
        throw new ResolveError(new Error(`remote reference ${url}: docex does not fetch over the network; save that document locally and point the $ref at the file`));
      }
      return super.loadExternalRef(absoluteRef);
    }

    override parseDocument(source: Source, isRoot = false): Document {
      // What BaseResolver parses as YAML (docex never reads URLs: loadExternalRef); the rest it keeps as text.
      const yaml = isRoot || /\.(ya?ml|json)$/.test(source.absoluteRef) || /(json|yaml|openapi)/.test(source.mimeType ?? '');
      if (!yaml || /\.(graphql|gql)$/i.test(source.absoluteRef)) return super.parseDocument(source, isRoot);
      try {
        const json = /\.json$/i.test(source.absoluteRef) ? parseJsonExactly(source.body, source.absoluteRef) : undefined;
        return { source, parsed: json === undefined ? parseYaml(source.body, source.absoluteRef) : json };
      } catch (err) {
        if (err instanceof DocexError) throw (this.refused ??= err);
        // Bad YAML: Redocly's own parse of it fails the same way, with the error its reports expect.
        if (err instanceof YAMLException) return super.parseDocument(source, isRoot);
        throw err;
      }
    }

    check(): void {
      if (this.refused) throw this.refused;
    }
  }
  return (config) => new Bounded(config);
}

export async function boundedResolver(config: { resolve: ResolveConfig }): Promise<BoundedResolver> {
  return (await (make ??= subclass()))(config.resolve);
}

/** A file as the resolver reads it (cached: Redocly's own walk reads it from there), or undefined when it cannot. */
async function readThrough(resolver: BaseResolver, from: string | null, ref: string, isRoot = false): Promise<ReadFile | undefined> {
  try {
    const doc = await resolver.resolveDocument(from, ref, isRoot);
    return 'parsed' in doc ? { file: doc.source.absoluteRef, parsed: doc.parsed, text: doc.source.body } : undefined;
  } catch {
    // Redocly's walk meets the same error, and reports it as it does.
    return undefined;
  }
}

/**
 * Holds `file` and every file it reaches to the bound across `$ref`s (ref-depth.ts), before a Redocly walk, which
 * recurses, meets them; `root` when the caller has parsed it already.
 */
export async function checkRefChains(resolver: BaseResolver, file: string, root?: ReadFile): Promise<void> {
  const start = root ?? (await readThrough(resolver, null, file, true));
  if (start) await checkRefDepth(start, (from, path) => readThrough(resolver, from, path));
}
