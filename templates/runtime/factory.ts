/**
 * bindOperations: the body of every generated `create...Client`. Here rather than in each client.ts because
 * runtime/ is not type-checked again in client builds (see the @ts-nocheck line of the generated copies): a loop in
 * client.ts made every client build type-check it (~60 ms of tsc, issue 10).
 */
import { all, pages } from './api.js';
import { createCaller } from './core.js';
import type { AuthOptions, CallOptions, ClientOptions, Codecs, OperationSpec } from './types.js';

type Specs = Readonly<Record<string, OperationSpec>>;
// Parsed once per generated client module (the list is a module constant there, so the same array every call).
const parsed = new WeakMap<readonly string[], Specs>();

/**
 * One method per operation, from `specs`: one `"methodName": OperationSpec` JSON member a line (parsed at first use:
 * about 1 ms for GitHub's 1,223 operations, where an object literal would cost tsc ~0.5 s). C is the generated
 * client interface that the methods implement. Built on createCaller, not createApi, so that the raw client's fetch
 * tree-shakes out of programs that only call methods. `codecs`: the encoders the document's operations need.
 */
export function bindOperations<C>(options: ClientOptions & AuthOptions, apiPath: string, specs: readonly string[], codecs?: Codecs): C {
  let ops = parsed.get(specs);
  if (!ops) parsed.set(specs, (ops = JSON.parse(`{${specs.join(',')}}`) as Specs));
  const api = createCaller(options, apiPath, codecs);
  const client: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(ops)) {
    const call = (params?: object, o?: CallOptions) => api.call(spec, params, o);
    client[name] = spec.paginated
      ? Object.assign(call, { all: (params?: object, o?: CallOptions) => all(api, spec, params, o), pages: (params?: object, o?: CallOptions) => pages(api, spec, params, o) })
      : call;
  }
  return client as C;
}
