import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { child, entries, list, type At, type Ctx, type Location } from '../../model/conventions/index.js';
import { operations } from '../../model/conventions/index.js';
import { reporter, Said, rootAt, type Report } from '../shapes/report.js';
import { arrayItems, keyword, props } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';

export const id = 'timestamp-example-format';
export const summary = 'a date-time or date example (in a response or a schema) not in the output format `yyyy-mm-ddThh:mm:ss.fffZ` / `yyyy-mm-dd`';
export const spec = '2.1 Timestamps: "UTC, ISO 8601. Output format yyyy-mm-ddThh:mm:ss.fffZ. Output dates are yyyy-mm-dd."';

const OUTPUT: Record<string, { re: RegExp; shape: string }> = {
  'date-time': { re: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, shape: 'yyyy-mm-ddThh:mm:ss.fffZ (UTC, milliseconds)' },
  date: { re: /^\d{4}-\d{2}-\d{2}$/, shape: 'yyyy-mm-dd' },
};

/** The location of a value inside an example: made only for a problem, most values have none. */
function locate(example: Location, path: (string | number)[]): Location {
  return path.reduce((location, key) => location.child([key]), example);
}

/** Walks an example value beside its schema, checking every timestamp and date in it; `path` leads from the example to the value. */
function walk(ctx: Ctx, value: unknown, schema: At | undefined, example: Location, path: (string | number)[], report: Report, depth = 0): void {
  if (!schema || depth > 24) return;
  const format = keyword(ctx, schema, 'format');
  const out = typeof format === 'string' ? OUTPUT[format] : undefined;
  if (out && typeof value === 'string' && !out.re.test(value)) report(locate(example, path), `Write the example "${value}" in the output format ${out.shape}.`);
  if (value === null || typeof value !== 'object') return;
  if (schema.node.oneOf !== undefined || schema.node.anyOf !== undefined)
    for (const alt of [...list(ctx, schema, 'oneOf'), ...list(ctx, schema, 'anyOf')]) walk(ctx, value, alt, example, path, report, depth + 1);
  const step = (key: string | number, v: unknown, s: At | undefined) => {
    path.push(key);
    walk(ctx, v, s, example, path, report, depth + 1);
    path.pop();
  };
  if (Array.isArray(value)) {
    const items = arrayItems(ctx, schema);
    value.forEach((v: unknown, i) => step(i, v, items));
    return;
  }
  const known = props(ctx, schema);
  for (const [k, v] of Object.entries(value)) step(k, v, known.get(k)?.schema);
}

/** Response examples: the spec fixes the output format of timestamps and dates (input may be any ISO 8601). */
export const check: Oas3Rule = () => {
  const said = new Said();
  return {
    Root: {
      enter(root: object, ctx: UserContext) {
        if (!isObject(root)) return;
        const report = reporter(ctx, said);
        for (const op of operations(ctx, rootAt(root, ctx)))
          for (const response of op.responses.values())
            for (const [, media] of entries(ctx, response, 'content')) {
              const schema = child(ctx, media, 'schema');
              if (media.node.example !== undefined) walk(ctx, media.node.example, schema, media.location.child(['example']), [], report);
              for (const [, example] of entries(ctx, media, 'examples'))
                if (example.node.value !== undefined) walk(ctx, example.node.value, schema, example.location.child(['value']), [], report);
            }
      },
    },
    Schema: {
      enter(schema: object, ctx: UserContext) {
        if (!isObject(schema)) return;
        const report = reporter(ctx, said);
        const s = { node: schema, location: ctx.location };
        if (schema.example !== undefined) walk(ctx, schema.example, s, ctx.location.child(['example']), [], report);
        if (Array.isArray(schema.examples))
          schema.examples.forEach((v: unknown, i) => walk(ctx, v, s, ctx.location.child(['examples', i]), [], report));
      },
    },
  };
};

