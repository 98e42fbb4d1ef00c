import type { MediaKind } from './types.js';

/** Classifies a media type the way the runtime parses it: JSON, text (incl. XML), forms, or binary. */
export function mediaKind(mediaType: string): MediaKind {
  const m = mediaType.split(';')[0]!.trim().toLowerCase();
  if (m === 'application/json' || m.endsWith('+json')) return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (m.startsWith('multipart/')) return 'multipart';
  if (m.startsWith('text/') || m === 'application/xml' || m.endsWith('+xml')) return 'text';
  return 'binary';
}
