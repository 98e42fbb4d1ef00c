/**
 * Request bodies of form media types built from a plain object: application/x-www-form-urlencoded (URLSearchParams)
 * and multipart/form-data (FormData: Blobs as files, objects as JSON text). Arrays repeat their field. A generated
 * client imports this only when its document has such a body, so other programs do not ship it.
 */
import { scalar } from './request.js';

/** The encoded body, or undefined when `body` is to be sent as it is (a FormData, a string, a Blob...). */
export function formBody(type: string, body: unknown): FormData | URLSearchParams | undefined {
  const multipart = type === 'multipart/form-data';
  if (multipart ? body instanceof FormData : type !== 'application/x-www-form-urlencoded' || (body as object | null)?.constructor !== Object) return;
  const form = multipart ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(body as object)) {
    if (v != null) {
      for (const x of [v].flat()) {
        (form as FormData).append(k, multipart && x instanceof Blob ? x : multipart && typeof x === 'object' ? JSON.stringify(x) : scalar(x));
      }
    }
  }
  return form;
}
