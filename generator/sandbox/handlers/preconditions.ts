// Entity tags and the conditional requests that compare them: If-Match (412) and If-None-Match (304).
import { isBlob, isTagList, matchesWeak, parseTags, quoteTag, type Blob } from '../store.js';
import type { Item } from '../schema-tools.js';
import { httpError } from '../http-error.js';
import type { Call } from './context.js';

/**
 * An item's ETag: `"<version>"`, or `"<version>.<representation>"` for another representation of the same version
 * (expanded, or another media type). GETs tell representations apart (304 only for the same one); If-Match
 * compares versions, so the tag of any representation names the resource's version (spec, ETags: PUT).
 */
export function itemEtag(item: Item | Blob, variant = ''): string {
  let version = versions.get(item);
  if (version === undefined) versions.set(item, (version = digest(isBlob(item) ? item.data : JSON.stringify(item))));
  return variant ? `"${version}.${digest(variant)}"` : `"${version}"`;
}

// Stored items and uploads are replaced, never changed in place (copy-on-write), so each one's version is hashed once.
const versions = new WeakMap<Item | Blob, string>();

/** The same version as `etag`, in the representation `variant` names. */
export function variantEtag(etag: string, variant: string): string {
  return `"${versionOf(etag)}.${digest(`${etag}\u0000${variant}`)}"`;
}

/** The version part of one of the sandbox's tags (a tag it did not issue stays as it is). */
function versionOf(tag: string): string {
  return tag.replace(/^"([^".]*)(?:\.[^"]*)?"$/, '$1');
}

function digest(content: string | Buffer): string {
  return quoteTag(content).slice(1, -1);
}

/**
 * 412 unless an `If-Match` header, when given, names the current version (strong comparison, RFC 9110 13.1.1). A header
 * that is not `*` or a list of entity tags (`If-Match: stale`) names no version, so it never matches (spec 8: the
 * resource is updated only if the ETags are equal).
 */
export function checkIfMatch(call: Call, current: string | undefined, accept: (tag: string) => boolean = (t) => current !== undefined && versionOf(t) === versionOf(current)): void {
  const header = call.req.headers['if-match'];
  if (header === undefined) return;
  const tags = isTagList(header) ? parseTags(header) : [];
  const ok = current !== undefined && tags.some((t) => t === '*' || (!t.startsWith('W/') && accept(t)));
  if (!ok) throw httpError(412, 'the resource has changed since the ETag in If-Match was issued; fetch it again');
}

/** If-None-Match (weak comparison) on operations that answer 304 (the model's ETag reading). */
export function notModified(call: Call, etag: string): boolean {
  if (!call.spec.op.conventions.etag.notModified) return false;
  return matchesWeak(parseTags(call.req.headers['if-none-match']), etag);
}
