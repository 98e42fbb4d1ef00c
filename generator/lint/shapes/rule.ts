import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isTokenService, operations, reachableSchemas, tokenServiceSchemas, type At, type Operation } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';
import { reporter, Said, rootAt, type Report } from './report.js';

type OperationCheck = (op: Operation, ctx: UserContext, report: Report, all: Operation[]) => void;

/** A rule that looks at each operation with its whole document in view. */
export function operationRule(check: OperationCheck): Oas3Rule {
  return () => {
    const said = new Said();
    return {
      Root: {
        enter(root: object, ctx: UserContext) {
          if (!isObject(root)) return;
          const report = reporter(ctx, said);
          const all = operations(ctx, rootAt(root, ctx));
          for (const op of all) check(op, ctx, report, all);
        },
      },
    };
  };
}

type SchemaCheck = (schema: At, ctx: UserContext, report: Report) => void;

/** The schemas every schema rule leaves alone in a document, worked out once per document (by its root object). */
const exemptions = new WeakMap<object, Set<unknown>>();
function exemptSchemas(root: object, ctx: UserContext): Set<unknown> {
  let exempt = exemptions.get(root);
  if (!exempt) {
    const doc = rootAt(root as Parameters<typeof rootAt>[0], ctx);
    exempt = tokenServiceSchemas(ctx, doc);
    for (const op of operations(ctx, doc))
      for (const p of op.params) if (p.in === 'query' && (p.name === 'sort' || p.name === 'expand')) reachableSchemas(ctx, p.schema, exempt);
    exemptions.set(root, exempt);
  }
  return exempt;
}

/**
 * A rule that looks at every schema once, except those of the token service (OAuth 2.0 fixes
 * their snake_case names and values) and those of `sort`/`expand` (their values are property names).
 */
export function schemaRule(check: SchemaCheck): Oas3Rule {
  return () => {
    let exempt = new Set<unknown>();
    // One report function for the whole walk, passing to the context of the schema being looked at: a schema
    // visit is the walk's most frequent, and most report nothing.
    let visit: UserContext | undefined;
    const report = reporter({ report: (problem) => visit?.report(problem) }, new Said());
    return {
      Root: {
        enter(root: object, ctx: UserContext) {
          if (isObject(root)) exempt = exemptSchemas(root, ctx);
        },
      },
      Schema: {
        enter(schema: object, ctx: UserContext) {
          if (!isObject(schema) || exempt.has(schema)) return;
          visit = ctx;
          check({ node: schema, location: ctx.location }, ctx, report);
        },
      },
    };
  };
}

type SubApiCheck = (root: At, ctx: UserContext, report: Report, all: Operation[]) => void;

/** A rule that looks at a sub API document as a whole; the token service (at {auth_url}, unversioned) is exempt. */
export function subApiRule(check: SubApiCheck): Oas3Rule {
  return () => {
    const said = new Said();
    return {
      Root: {
        enter(node: object, ctx: UserContext) {
          if (!isObject(node)) return;
          const root = rootAt(node, ctx);
          const all = operations(ctx, root);
          if (all.some((op) => isTokenService(ctx, op))) return;
          check(root, ctx, reporter(ctx, said), all);
        },
      },
    };
  };
}
