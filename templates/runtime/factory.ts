/**
 * bindOperations: the body of every generated `create...Client`. Here rather than in each client.ts, whose every
 * line the compiler checks again in each build of the program; runtime/ is checked where it is written.
 */
import { paged } from './api.js';
import { createCaller } from './core.js';
import type { AuthOptions, CallOptions, ClientOptions, Codecs, OperationSpec, PageOptions } from './types.js';

type Specs = Readonly<Record<string, OperationSpec>>;
// Parsed once per generated client module (the list is a module constant there, so the same array every call).
const parsed = new WeakMap<readonly string[], Specs>();

/**
 * One method per operation, from `specs`: OperationSpecs by method path (`listDocuments`, `repos.get` for the
 * method `get` of the resource `repos`), or for a large document one
 * `"path": OperationSpec` JSON member a line, parsed at first use (the compiler checks an object literal entry
 * by entry, which a large document's client would pay in every build). C is the generated
 * client interface that the methods implement. Built on createCaller, not createApi, so that the raw client's fetch
 * tree-shakes out of programs that only call methods. `codecs`: the encoders the document's operations need, and the
 * loaders of their pagination styles.
 */
export function bindOperations<C>(options: ClientOptions & AuthOptions, apiPath: string, specs: Specs | readonly string[], codecs?: Codecs): C {
  let ops: Specs | undefined;
  if (!Array.isArray(specs)) ops = specs as Specs;
  else if (!(ops = parsed.get(specs))) parsed.set(specs, (ops = JSON.parse(`{${specs.join(',')}}`) as Specs));
  const api = createCaller(options, apiPath, codecs);
  const client: Record<string, unknown> = {};
  for (const [path, spec] of Object.entries(ops)) {
    // `repos.get`: the method `get` of the resource object `repos`. Each method is a closure over its spec, never
    // `this`, so it works taken off its object.
    const names = path.split('.');
    let at = client;
    for (const r of names.slice(0, -1)) at = (at[r] ??= {}) as Record<string, unknown>;
    const call = spec.stream && codecs?.stream ? codecs.stream(api, spec, options.requestIdHeader, options.validate, codecs) : (params?: object, o?: CallOptions) => api.call(spec, params, o);
    at[names.at(-1)!] = spec.paging
      ? Object.assign(call, { all: (params?: object, o?: PageOptions) => paged(api, spec, params, o, codecs!.paging!, true), pages: (params?: object, o?: PageOptions) => paged(api, spec, params, o, codecs!.paging!) })
      : call;
  }
  return client as C;
}
