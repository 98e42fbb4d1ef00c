// index.ts of one API: the client, the document's types and the runtime, from one module.
import type { ApiModel } from '../model/index.js';
import type { Printer } from './print.js';

export function renderIndex(_api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  return printer.print([
    { kind: K.ExportDeclaration, moduleSpecifier: './client.js' },
    { kind: K.ExportDeclaration, isTypeOnly: true, namedExports: ['components', 'operations', 'paths'], moduleSpecifier: './schema.js' },
    { kind: K.ExportDeclaration, moduleSpecifier: runtimeImport },
  ]);
}
