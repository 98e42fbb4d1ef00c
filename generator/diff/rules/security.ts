// Security requirements (alternatives of AND-ed schemes) and the security schemes themselves.
import { sortedEntries } from '../sorted.js';
import type { OperationPair } from '../context.js';
import { isObject } from '../../util/json.js';
import type { OpenApiDocument, SecurityRequirement } from '../../load/types.js';
import type { RuleId } from '../registry.js';
import type { Params } from '../types.js';

const schemesKey = (r: SecurityRequirement): string => Object.keys(r).sort().join(' + ');
const show = (reqs: SecurityRequirement[]): string => reqs.map((r) => `\`${schemesKey(r)}\``).join(' or ');
const isPublic = (reqs: SecurityRequirement[]): boolean => reqs.length === 0 || reqs.some((r) => Object.keys(r).length === 0);

export function checkSecurity(pair: OperationPair): void {
  const b = pair.base.security;
  const h = pair.head.security;
  const bPublic = isPublic(b);
  const hPublic = isPublic(h);
  if (bPublic && !hPublic) pair.emit('security-added', 'security', { to: show(h) });
  if (!bPublic && hPublic) pair.emit('security-removed', 'security', { from: show(b) });
  if (bPublic || hPublic) return;
  const hByKey = new Map(h.map((r) => [schemesKey(r), r]));
  const bByKey = new Map(b.map((r) => [schemesKey(r), r]));
  for (const [key, br] of sortedEntries(bByKey)) {
    const hr = hByKey.get(key);
    if (!hr) {
      pair.emit('security-requirement-removed', 'security', { from: `\`${key}\`` });
      continue;
    }
    for (const scheme of Object.keys(br).sort()) {
      const bs = new Set(br[scheme] ?? []);
      const hs = new Set(hr[scheme] ?? []);
      const added = [...hs].filter((s) => !bs.has(s)).sort();
      const removed = [...bs].filter((s) => !hs.has(s)).sort();
      const list = (xs: string[]): string => xs.map((x) => `\`${x}\``).join(', ');
      if (added.length) pair.emit('security-scopes-added', `security.${scheme}`, { scheme, scopes: list(added) });
      if (removed.length) pair.emit('security-scopes-removed', `security.${scheme}`, { scheme, scopes: list(removed) });
    }
  }
  for (const key of [...hByKey.keys()].sort()) {
    if (!bByKey.has(key)) pair.emit('security-requirement-added', 'security', { to: `\`${key}\`` });
  }
}

const SCHEME_FIELDS = ['type', 'scheme', 'in', 'name', 'openIdConnectUrl', 'oauth2MetadataUrl'];
const FLOW_FIELDS = ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'];

/** Document-level: schemes added, removed, deprecated (3.2) or changed in a way clients must follow. */
export function checkSecuritySchemes(base: OpenApiDocument, head: OpenApiDocument, emit: (id: RuleId, location: string, params: Params) => void): void {
  const b = base.components?.securitySchemes ?? {};
  const h = head.components?.securitySchemes ?? {};
  for (const scheme of Object.keys(h).sort()) if (!(scheme in b)) emit('security-scheme-added', `components.securitySchemes.${scheme}`, { scheme });
  for (const scheme of Object.keys(b).sort()) {
    const location = `components.securitySchemes.${scheme}`;
    const hs = h[scheme];
    const bs = b[scheme];
    if (!hs || !bs) {
      emit('security-scheme-removed', location, { scheme });
      continue;
    }
    const changed = (field: string, from: unknown, to: unknown): void => {
      if (JSON.stringify(from) !== JSON.stringify(to)) emit('security-scheme-changed', location, { scheme, field, from: JSON.stringify(from) ?? 'none', to: JSON.stringify(to) ?? 'none' });
    };
    for (const f of SCHEME_FIELDS) changed(f, bs[f], hs[f]);
    if (bs.deprecated !== true && hs.deprecated === true) emit('security-scheme-deprecated', location, { scheme });
    const bf = isObject(bs.flows) ? bs.flows : {};
    const hf = isObject(hs.flows) ? hs.flows : {};
    for (const flow of Object.keys(bf).sort()) {
      const bflow = isObject(bf[flow]) ? bf[flow] : {};
      const hflow = isObject(hf[flow]) ? hf[flow] : undefined;
      if (!hflow) {
        changed('flows', Object.keys(bf).sort(), Object.keys(hf).sort());
        break;
      }
      for (const f of FLOW_FIELDS) changed(`${flow} ${f}`, bflow[f], hflow[f]);
    }
  }
}
