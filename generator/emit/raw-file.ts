// raw.ts of one API: the openapi-fetch client for path-based calls. A module of its own, not re-exported by index.ts:
// a program that never makes path-based calls then does not load openapi-fetch at all (it declares no
// `sideEffects: false`, so a bundler keeps its module, and with code splitting esbuild emitted an empty shared chunk
// for it).
import type { ApiModel } from '../model/index.js';
import { jsdocText } from './client-docs.js';
import { importDeclarations, runtimeType, runtimeValue, schemaType, type Use } from './imports.js';
import { docs, q, type Printer } from './print.js';

export function renderRaw(api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  const uses: Use[] = [
    { from: { package: 'openapi-fetch' }, name: 'createClient', as: 'default' },
    { from: { package: 'openapi-fetch' }, name: 'Client', as: 'type' },
    schemaType('paths'),
    runtimeValue('index', 'createApi'),
    runtimeType('ClientOptions'),
  ];
  return printer.print([
    ...importDeclarations(uses, runtimeImport, K),
    {
      kind: K.Function,
      name: api.rawFactory,
      isExported: true,
      docs: docs(jsdocText([`The openapi-fetch client for path-based calls, on the same base URL${api.apiPath ? ` + \`${api.apiPath}\`` : ''}, auth and retries as ${api.factory}.`])),
      parameters: [{ name: 'options', type: 'ClientOptions' }],
      returnType: 'Client<paths>',
      statements: [`const api = createApi(options, ${q(api.apiPath)});`, 'return createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });'],
    },
  ]);
}
