import { arrayItems, child, EXT, extensibleEnum, hasStatus, isType, jsonSchema, keyword, param, parts, props, readEffect, refusesByState, successSchemaNode, targetIdParam, types, type At, type Ctx } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'effect-valid';
export const summary = `an \`${EXT.effect}\` that is malformed, not on a POST, or names what is not there: a target without a GET, a request property (\`ids\`, \`by\`) the body lacks or of another type than the target's id, a case that is not a value of \`by\`, a target property or value its schema does not take; or one naming ids without a 404, or \`from\` states without a 409`;
export const spec = '4.1 HTTP verbs: "POST: Create new resources."; 7.2 404 "The resource does not exist", 409 "Conflict".';

// 4.1: POST creates. A create that also changes resources that exist states the change in x-effect; the
// statement must hold in the document: the request properties it names, a target path with a GET, properties of
// the target's representation, and values those properties take. Whether it does is judged here; what it says
// is read once, by readEffect.
export const check = operationRule((op, ctx, report, all) => {
  const reading = readEffect(ctx, op);
  if (!reading) return;
  const at = reading.at;
  if (reading.kind === 'malformed') return report(at, `Fix ${EXT.effect}: ${reading.problem}.`, true);
  const { effect } = reading;
  if (op.method !== 'post') return report(at, `Move ${EXT.effect} to the POST that creates the record of the change: a ${op.method.toUpperCase()} changes what its own path names.`, true);
  const get = all.find((o) => o.path === effect.target && o.method === 'get');
  if (!get) return report(at.child(['target']), `Target an instance path of this API that has a GET: ${effect.target} has none.`, true);
  const sent = props(ctx, jsonSchema(ctx, child(ctx, op.op, 'requestBody')));
  const idParam = targetIdParam(effect);
  if (effect.ids === undefined) {
    if (!op.path.startsWith(`${effect.target}/`))
      report(at.child(['target']), `Name the request property holding the targets' ids in ids, or target the instance this POST is below: ${op.path} is not below ${effect.target}.`, true);
  } else {
    const ids = sent.get(effect.ids);
    const want = types(ctx, param(get, idParam, 'path')?.schema);
    const one = ids && (isType(ctx, ids.schema, 'array') ? arrayItems(ctx, ids.schema) : ids.schema);
    if (!ids) report(at.child(['ids']), `Name a property of the request body in ids: ${effect.ids} is not one.`, true);
    else if (want.size > 0 && !same(types(ctx, one), want)) report(at.child(['ids']), `Give ${effect.ids} the type of the path parameter ${idParam} (${[...want].join(', ')}), or make it a list of that type.`, true);
    if (!hasStatus(op, '404')) report(at.child(['ids']), `Declare a 404 response: a resource named in ${effect.ids} may not exist.`, true);
  }
  if (effect.by !== undefined) {
    const by = sent.get(effect.by);
    const values = by && valuesOf(ctx, by.schema);
    if (!by) report(at.child(['by']), `Name a property of the request body in by: ${effect.by} is not one.`, true);
    else if (!values) report(at.child(['by']), `Give ${effect.by} an enum: its values pick the cases.`, true);
    else for (const c of effect.changes) if (!values.includes(c.when)) report(at.child(['cases', c.when!]), `Key each case by a value of ${effect.by}: ${c.when} is not one (${values.join(', ')}).`, true);
  }
  const target = props(ctx, successSchemaNode(ctx, get));
  for (const c of effect.changes) {
    const change = c.when === undefined ? at : at.child(['cases', c.when]);
    const check = (key: 'from' | 'set', name: string, values: unknown[]): void => {
      const p = target.get(name);
      if (!p) return report(change.child([key, name]), `Name a property of the representation of ${effect.target} in ${key}: ${name} is not one.`, true);
      const wrong = values.filter((v) => !fits(ctx, p.schema, v));
      const known = valuesOf(ctx, p.schema);
      if (wrong.length > 0)
        report(change.child([key, name]), `Use values that ${name} takes in ${key}: ${wrong.map((v) => JSON.stringify(v)).join(', ')} ${wrong.length > 1 ? 'are' : 'is'} not one${known ? ` (${known.join(', ')})` : ''}.`, true);
    };
    for (const [name, values] of Object.entries(c.from)) check('from', name, values);
    for (const [name, value] of Object.entries(c.set)) check('set', name, [value]);
  }
  if (refusesByState(effect) && !hasStatus(op, '409'))
    report(at, 'Declare a 409 response: a target whose state is not in `from` cannot take the change.', true);
});

/** The values a schema allows, where it lists them: `enum`, the known values of `x-extensible-enum`, `const`. */
function valuesOf(ctx: Ctx, s: At | undefined): unknown[] | undefined {
  const listed = keyword(ctx, s, 'enum') ?? parts(ctx, s).map((p) => extensibleEnum(p.node)).find((v) => v !== undefined);
  if (Array.isArray(listed)) return listed;
  const only = keyword(ctx, s, 'const');
  return only === undefined ? undefined : [only];
}

function fits(ctx: Ctx, s: At | undefined, v: unknown): boolean {
  const values = valuesOf(ctx, s);
  if (values) return values.includes(v);
  const t = types(ctx, s);
  const kind = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
  return t.size === 0 || t.has(kind) || (kind === 'integer' && t.has('number'));
}

function same(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
