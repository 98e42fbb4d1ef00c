import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { child, entries, list, type At, type Ctx, type Location } from '../../model/conventions/index.js';
import { operations } from '../../model/conventions/index.js';
import { reporter, rootAt, type Report } from '../shapes/report.js';
import { arrayItems, keyword, props } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';

export const id = 'timestamp-example-format';
export const summary = 'a date-time or date example (in a response or a schema) not in the output format `yyyy-mm-ddThh:mm:ss.fffZ` / `yyyy-mm-dd`';
export const spec = '2.1 Timestamps: "UTC, ISO 8601. Output format yyyy-mm-ddThh:mm:ss.fffZ. Output dates are yyyy-mm-dd."';

const OUTPUT: Record<string, { re: RegExp; shape: string }> = {
  'date-time': { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, shape: 'yyyy-mm-ddThh:mm:ss.fffZ (UTC, milliseconds)' },
  date: { re: /^\d{4}-\d{2}-\d{2}$/, shape: 'yyyy-mm-dd' },
};

function checkValue(value: unknown, format: unknown, location: Location, report: Report): void {
  const out = typeof format === 'string' ? OUTPUT[format] : undefined;
  if (out && typeof value === 'string' && !out.re.test(value)) report(location, `Write the example "${value}" in the output format ${out.shape}.`);
}

/** Walks an example value beside its schema, checking every timestamp and date in it. */
function walk(ctx: Ctx, value: unknown, schema: At | undefined, location: Location, report: Report, depth = 0): void {
  if (!schema || depth > 24) return;
  checkValue(value, keyword(ctx, schema, 'format'), location, report);
  if (value === null || typeof value !== 'object') return;
  for (const alt of [...list(ctx, schema, 'oneOf'), ...list(ctx, schema, 'anyOf')]) walk(ctx, value, alt, location, report, depth + 1);
  if (Array.isArray(value)) {
    const items = arrayItems(ctx, schema);
    value.forEach((v: unknown, i) => walk(ctx, v, items, location.child([i]), report, depth + 1));
    return;
  }
  const known = props(ctx, schema);
  for (const [k, v] of Object.entries(value)) walk(ctx, v, known.get(k)?.schema, location.child([k]), report, depth + 1);
}

/** Response examples: the spec fixes the output format of timestamps and dates (input may be any ISO 8601). */
export const check: Oas3Rule = () => {
  const seen = new Set<string>();
  return {
    Root: {
      enter(root: object, ctx: UserContext) {
        if (!isObject(root)) return;
        const report = reporter(ctx, seen);
        for (const op of operations(ctx, rootAt(root, ctx)))
          for (const response of op.responses.values())
            for (const [, media] of entries(ctx, response, 'content')) {
              const schema = child(ctx, media, 'schema');
              if (media.node.example !== undefined) walk(ctx, media.node.example, schema, media.location.child(['example']), report);
              for (const [, example] of entries(ctx, media, 'examples'))
                if (example.node.value !== undefined) walk(ctx, example.node.value, schema, example.location.child(['value']), report);
            }
      },
    },
    Schema: {
      enter(schema: object, ctx: UserContext) {
        if (!isObject(schema)) return;
        const report = reporter(ctx, seen);
        const s = { node: schema, location: ctx.location };
        if (schema.example !== undefined) walk(ctx, schema.example, s, ctx.location.child(['example']), report);
        if (Array.isArray(schema.examples))
          schema.examples.forEach((v: unknown, i) => walk(ctx, v, s, ctx.location.child(['examples', i]), report));
      },
    },
  };
};

