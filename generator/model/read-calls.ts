// What a client needs to call any API as its document describes, beyond docex's conventions: servers, security
// schemes and requirements, and declared error bodies, read through the readers of conventions/.
import type { OpenApiDocument } from '../load/index.js';
import {
  defaultServer,
  documentContext,
  documentRoot,
  isObj,
  operations,
  operationServer,
  readErrorBodies,
  requirementNames,
  schemeKind,
  securitySchemes,
  str,
  type ErrorBody,
} from './conventions/index.js';
import type { ApiModel } from './types.js';

export interface CallReading {
  server?: string;
  security?: string[][];
  errorBodies: ErrorBody[];
}

export function readCalls(doc: OpenApiDocument, file: string): Pick<ApiModel, 'server' | 'schemes' | 'security'> & { operations: Map<string, CallReading> } {
  const ctx = documentContext(doc, file);
  const root = documentRoot(doc, file);
  const out = new Map<string, CallReading>();
  for (const op of operations(ctx, root)) {
    const server = operationServer(ctx, op);
    const own = op.op.node.security;
    out.set(`${op.method} ${op.path}`, {
      ...(server !== undefined ? { server } : {}),
      ...(Array.isArray(own) ? { security: requirementNames(own.filter(isObj)) } : {}),
      errorBodies: readErrorBodies(ctx, op),
    });
  }
  const server = defaultServer(ctx, root);
  const schemes = [...securitySchemes(ctx, root)].map(([name, s]) => ({ name, kind: schemeKind(s), ...(str(s.node.description) ? { description: str(s.node.description) } : {}) }));
  const security = Array.isArray(root.node.security) ? requirementNames(root.node.security.filter(isObj)) : [];
  return { ...(server !== undefined ? { server } : {}), schemes, security, operations: out };
}
