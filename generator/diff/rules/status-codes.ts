// Response status codes: losing a success status breaks the clients that expect it; error statuses are
// informational (clients handle errors generically). Matched statuses go on to headers and media types.
import { sortedEntries } from '../sorted.js';
import type { OperationPair } from '../context.js';
import { isObject } from '../../util/json.js';
import { compareHeaders } from './headers.js';
import { compareContent } from './media-types.js';

const isSuccess = (status: string): boolean => /^2(\d\d|xx)$/i.test(status);

export function checkResponses(pair: OperationPair): void {
  const b = isObject(pair.base.op.responses) ? pair.base.op.responses : {};
  const h = isObject(pair.head.op.responses) ? pair.head.op.responses : {};
  const key = (s: string): string => s.toUpperCase();
  const hKeys = new Map(Object.keys(h).map((s) => [key(s), s]));
  const bKeys = new Map(Object.keys(b).map((s) => [key(s), s]));
  for (const [k, s] of sortedEntries(bKeys)) {
    if (!hKeys.has(k)) pair.emit(isSuccess(s) ? 'response-success-status-removed' : 'response-status-removed', `responses.${s}`, { status: s });
  }
  for (const [k, s] of sortedEntries(hKeys)) {
    if (!bKeys.has(k)) pair.emit(isSuccess(s) ? 'response-success-status-added' : 'response-status-added', `responses.${s}`, { status: s });
  }
  for (const [k, bs] of sortedEntries(bKeys)) {
    const hs = hKeys.get(k);
    if (hs === undefined) continue;
    const br = pair.base.schemas.deref(b[bs]);
    const hr = pair.head.schemas.deref(h[hs]);
    compareHeaders(pair, hs, br.headers, hr.headers);
    compareContent(pair, 'response', isObject(br.content) ? br.content : {}, isObject(hr.content) ? hr.content : {}, hs);
  }
}
