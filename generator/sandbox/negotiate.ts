/**
 * Picks the documented media type for an `Accept` header (RFC 9110 12.5.1): ranges in order of
 * q-value (ties keep the client's order, as the spec's "list in priority order" asks), the first
 * range that one of `offered` fits wins, `*` ranges pick the document's first fitting type.
 * No header means anything: the document's first. `undefined` means 406.
 */
export function negotiate(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (offered.length === 0) return undefined;
  if (!accept || !accept.trim()) return offered[0];
  const ranges = accept
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const qv = q ? Number(q.slice(2)) : 1;
      return { range: range.toLowerCase(), q: Number.isFinite(qv) ? qv : 0, order };
    })
    .filter((r) => r.range && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  // A type the client listed with q=0 is refused even if a wildcard would allow it.
  const refused = new Set(
    accept
      .split(',')
      .filter((p) => /;\s*q=0(?:\.0*)?\s*(?:;|$)/i.test(p))
      .map((p) => p.split(';')[0]!.trim().toLowerCase()),
  );
  for (const { range } of ranges) {
    const hit = offered.find((m) => {
      const t = m.split(';')[0]!.trim().toLowerCase();
      if (refused.has(t)) return false;
      if (range === '*/*') return true;
      if (range.endsWith('/*')) return t.startsWith(range.slice(0, -1));
      return t === range;
    });
    if (hit) return hit;
  }
  return undefined;
}
