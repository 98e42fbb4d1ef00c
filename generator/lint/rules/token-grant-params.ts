import type { At, Ctx } from '../../model/conventions/index.js';
import { list } from '../../model/conventions/index.js';
import { formSchema, isTokenEndpoint, param, type Operation } from '../../model/conventions/index.js';
import type { Report } from '../shapes/report.js';
import { enumValues, props, required } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'token-grant-params';
export const summary = 'a token endpoint missing a grant or a grant\'s required form fields (query parameters, when it has no form)';
export const spec = '4.3 Parameters by grant: authorization_code (code, redirect_uri), password (username, password), refresh_token (refresh_token).';

const GRANTS: Record<string, string[]> = {
  authorization_code: ['code', 'redirect_uri'],
  password: ['username', 'password'],
  refresh_token: ['refresh_token'],
};

/** The `grant_type` values a form schema (or one of its variants) accepts. */
export function grantValues(ctx: Ctx, s: At): string[] {
  const g = props(ctx, s).get('grant_type')?.schema;
  if (!g) return [];
  if (typeof g.node.const === 'string') return [g.node.const];
  return (enumValues(g) ?? []).filter((v): v is string => typeof v === 'string');
}

export function grantVariants(ctx: Ctx, form: At): At[] {
  const variants = [...list(ctx, form, 'oneOf'), ...list(ctx, form, 'anyOf')];
  return variants.length > 0 ? variants : [form];
}

export const check = operationRule((op, ctx, report) => {
  if (!isTokenEndpoint(ctx, op)) return;
  const form = formSchema(ctx, op);
  if (!form) return queryGrantParams(op, ctx, report);
  const variants = grantVariants(ctx, form);
  for (const [grant, fields] of Object.entries(GRANTS)) {
    const variant = variants.find((v) => grantValues(ctx, v).includes(grant));
    if (!variant) {
      report(form.location, `Accept grant_type "${grant}" at the token endpoint.`, true);
      continue;
    }
    const known = props(ctx, variant);
    // One flat schema for all grants cannot require each grant's fields; then they only need to exist.
    const req = variants.length > 1 ? required(ctx, variant) : undefined;
    const missing = fields.filter((f) => !known.has(f) || (req && !req.has(f)));
    if (missing.length > 0)
      report(variant.location, `Declare ${missing.map((f) => `"${f}"`).join(' and ')} as ${req ? 'required ' : ''}form field${missing.length > 1 ? 's' : ''} of the "${grant}" grant.`);
  }
});

/** A token endpoint taking its parameters in the query only: `grant_type` lists the grants, each grant's fields exist. */
function queryGrantParams(op: Operation, ctx: Ctx, report: Report): void {
  const grantType = param(op, 'grant_type', 'query');
  if (!grantType) return;
  const values = grantType.schema ? (enumValues(grantType.schema) ?? (typeof grantType.schema.node.const === 'string' ? [grantType.schema.node.const] : [])) : [];
  for (const [grant, fields] of Object.entries(GRANTS)) {
    if (!values.includes(grant)) {
      report(grantType.node.location, `Accept grant_type "${grant}" at the token endpoint.`, true);
      continue;
    }
    const missing = fields.filter((f) => !param(op, f, 'query'));
    if (missing.length > 0) report(grantType.node.location, `Declare ${missing.map((f) => `"${f}"`).join(' and ')} as query parameter${missing.length > 1 ? 's' : ''} of the "${grant}" grant.`);
  }
}
