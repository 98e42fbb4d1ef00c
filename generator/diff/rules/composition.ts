// oneOf/anyOf variants and allOf members. Variants are matched by component name, then by structure (so a
// renamed-but-identical component is the same variant), then in order; a request losing a variant breaks
// clients that send it, a response gaining one breaks clients that cannot read it.
import type { SchemaCheck, SchemaContext } from '../schema/compare.js';
import { type DocSchemas, type Schema, schemaRefName } from '../schema/resolve.js';

interface Member {
  raw: unknown;
  index: number;
  name: string | undefined;
  print: string;
}

function members(list: unknown[], doc: DocSchemas): Member[] {
  return list.map((raw, index) => ({ raw, index, name: schemaRefName(raw), print: doc.fingerprint(raw) }));
}

function label(m: Member, doc: DocSchemas): string {
  if (m.name) return `\`${m.name}\``;
  const title = doc.deref(m.raw).title;
  return typeof title === 'string' ? `\`${title}\`` : `#${m.index + 1}`;
}

interface Matching {
  pairs: [Member, Member][];
  removed: Member[];
  added: Member[];
}

function match(base: Member[], head: Member[], pairLeftovers: boolean): Matching {
  const pairs: [Member, Member][] = [];
  let b = [...base];
  let h = [...head];
  const take = (same: (x: Member, y: Member) => boolean): void => {
    for (const x of [...b]) {
      const y = h.find((m) => same(x, m));
      if (!y) continue;
      pairs.push([x, y]);
      b = b.filter((m) => m !== x);
      h = h.filter((m) => m !== y);
    }
  };
  take((x, y) => x.name !== undefined && x.name === y.name);
  take((x, y) => x.print === y.print);
  // What is left is a changed variant when it is inline, or when exactly one is left on each side.
  if (pairLeftovers) {
    const inline = (m: Member): boolean => m.name === undefined;
    if (b.length === 1 && h.length === 1) take(() => true);
    else take((x, y) => inline(x) && inline(y));
  }
  return { pairs, removed: b, added: h };
}

function altKind(s: Schema): 'oneOf' | 'anyOf' | undefined {
  if (Array.isArray(s.oneOf)) return 'oneOf';
  if (Array.isArray(s.anyOf)) return 'anyOf';
  return undefined;
}

function checkVariants(ctx: SchemaContext): void {
  const { dir, base, head, baseDoc, headDoc } = ctx;
  const bKind = altKind(base);
  const hKind = altKind(head);
  if (!bKind && !hKind) return;
  if (!bKind && hKind) {
    ctx.emit(`${dir}-wrapped-in-variants`, { kind: hKind, count: (head[hKind] as unknown[]).length });
    ctx.stop();
    return;
  }
  const bList = bKind ? members(base[bKind] as unknown[], baseDoc) : [];
  // A schema that drops its variants for one shape is matched as a single variant.
  const hList = hKind ? members(head[hKind] as unknown[], headDoc) : [{ raw: head, index: 0, name: undefined, print: headDoc.fingerprint(head) }];
  const kind = hKind ?? bKind ?? 'oneOf';
  const m = match(bList, hList, true);
  for (const x of m.removed) ctx.emit(`${dir}-variant-removed`, { kind, variant: label(x, baseDoc) });
  for (const y of m.added) ctx.emit(`${dir}-variant-added`, { kind, variant: label(y, headDoc) });
  for (const [x, y] of m.pairs) ctx.child(x.raw, y.raw, `${kind}[${y.index}]`);
  if (!hKind) ctx.stop();
}

/** allOf members that are components: one joining a request adds its constraints, even if its properties look familiar. */
function checkAllOf(ctx: SchemaContext): void {
  const bAll = ctx.baseDoc.allOfOf.get(ctx.base) ?? [];
  const hAll = ctx.headDoc.allOfOf.get(ctx.head) ?? [];
  if (!bAll.length && !hAll.length) return;
  const named = (list: unknown[], doc: DocSchemas): Member[] => members(list, doc).filter((m) => m.name !== undefined);
  const bNamed = named(bAll, ctx.baseDoc);
  const hNamed = named(hAll, ctx.headDoc);
  // Moving inline properties into a first component member is a refactoring; the folded compare covers it.
  if (!bNamed.length || !hNamed.length) return;
  const m = match(bNamed, hNamed, false);
  for (const y of m.added) ctx.emit(`${ctx.dir}-all-of-added`, { variant: label(y, ctx.headDoc) });
  for (const x of m.removed) ctx.emit(`${ctx.dir}-all-of-removed`, { variant: label(x, ctx.baseDoc) });
}

export const checkComposition: SchemaCheck = (ctx) => {
  checkAllOf(ctx);
  checkVariants(ctx);
};
