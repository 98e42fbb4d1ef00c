import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { crc32 } from 'node:zlib';
import type { MediaTypeObject, SchemaObject } from '../load/index.js';
import { responseFor } from '../model/index.js';
import { compileIn, createAjv, describeErrors } from './ajv.js';
import type { OpSpec } from './analyse.js';
import type { LoadedApi } from './load-apis.js';
import { isJsonMedia, objectAt } from './schema-tools.js';
import { streamItemCheck, streamItemsOf, type StreamItemCheck } from './stream-items.js';

interface ObservedResponse {
  method: string;
  /** The request path, `/document/v1/documents/123` (a query string is ignored). */
  path: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Checks a response against the document of the operation that answered it: the status is declared,
 * `Cache-Control` and every required header are present (with the declared `const`), `Content-Type`
 * is a declared media type, JSON bodies match the schema, each item of a stream matches its itemSchema, PDF/PNG/XML
 * bodies are well-formed.
 * Returns the problems found (empty when the response conforms). Used by every sandbox test.
 */
export function createResponseValidator(apis: readonly LoadedApi[], operations: readonly OpSpec[]): (r: ObservedResponse) => string[] {
  const ajv: Ajv2020 = createAjv(apis, false);
  const compiled = new Map<string, ValidateFunction>();
  const streamChecks = new Map<OpSpec, StreamItemCheck>();
  const routes = operations
    .map((spec) => ({ spec, re: new RegExp(`^${escape(spec.api.prefix)}${spec.op.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}/?$`), params: (spec.op.path.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);

  return (r) => {
    const problems: string[] = [];
    const path = r.path.split('?')[0]!;
    const route = routes.find((x) => x.spec.op.method === r.method.toUpperCase() && x.re.test(path));
    const cc = r.headers.get('cache-control');
    if (!cc) problems.push('no Cache-Control header');
    const ct = r.headers.get('content-type');
    const type = ct?.split(';')[0]!.trim().toLowerCase();
    if (r.body.length > 0 && !ct) problems.push('a body without Content-Type');
    if (!route) {
      // Not an operation of any document (an unknown path): only the error body shape can be checked.
      if (r.status < 400) problems.push(`${r.method} ${path} is no documented operation but answered ${r.status}`);
      else checkErrorShape(r.body, problems);
      return problems;
    }
    const spec = route.spec;
    const where = `${spec.name} ${r.status}`;
    // Declared under the status itself, its range (4XX) or `default`: the response the model gives for it.
    const res = responseFor(spec.op, r.status);
    if (!res) {
      problems.push(`${where}: status ${r.status} is not declared`);
      if (r.status >= 400) checkErrorShape(r.body, problems);
      return problems;
    }
    for (const header of res.headers) {
      const value = r.headers.get(header.name);
      if (header.required && value === null) problems.push(`${where}: required header ${header.name} is missing`);
      const s = header.schema && objectAt<SchemaObject>(spec.api.doc, header.schema);
      if (value !== null && s?.const !== undefined && value !== s.const) problems.push(`${where}: ${header.name} is "${value}", the document says "${String(s.const)}"`);
    }
    const types = res.content.map((m) => m.mediaType);
    if (r.body.length === 0) {
      if (types.length && r.status !== 304 && r.method !== 'HEAD') problems.push(`${where}: empty body, the document declares ${types.join(', ')}`);
      return problems;
    }
    const declaredType = res.content.find((m) => m.mediaType.toLowerCase() === type);
    if (!declaredType) {
      problems.push(`${where}: Content-Type ${ct} is not one of ${types.join(', ') || '(no body)'}`);
      return problems;
    }
    const { mediaType } = declaredType;
    const { stream } = spec.op.conventions;
    if (stream && mediaType.split(';')[0]!.trim().toLowerCase() === stream.mediaType) {
      const items = streamItemsOf(stream, r.body.toString('utf8'));
      if (typeof items === 'string') problems.push(`${where}: ${items}`);
      else {
        let check = streamChecks.get(spec);
        if (!check) streamChecks.set(spec, (check = streamItemCheck(ajv, spec.api, stream)));
        items.forEach((item, i) => problems.push(...check!(item, `${where}: item ${i + 1}`)));
      }
    } else if (isJsonMedia(mediaType)) {
      let value: unknown;
      try {
        value = JSON.parse(r.body.toString('utf8'));
      } catch {
        problems.push(`${where}: body is not JSON`);
        return problems;
      }
      const key = `${spec.api.entry.id} ${spec.op.method} ${spec.op.path} ${r.status} ${mediaType}`;
      let validate = compiled.get(key);
      if (!validate) compiled.set(key, (validate = compileIn(ajv, spec.api, objectAt<MediaTypeObject>(spec.api.doc, declaredType.at)?.schema)));
      if (!validate(value)) problems.push(...describeErrors(validate.errors, `${where}: body`));
    } else {
      const binaryProblem = checkBinary(mediaType, r.body);
      if (binaryProblem) problems.push(`${where}: ${binaryProblem}`);
    }
    return problems;
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function checkErrorShape(body: Buffer, problems: string[]): void {
  try {
    const v = JSON.parse(body.toString('utf8')) as unknown;
    const list = Array.isArray(v) ? v : [v];
    if (!list.length || !list.every((m) => m && typeof m === 'object' && typeof (m as { technicalMessage?: unknown }).technicalMessage === 'string')) {
      problems.push('error body is not a message object or an array of them');
    }
  } catch {
    problems.push('error body is not JSON');
  }
}

/** Structural checks of the non-JSON representations the sandbox produces. */
export function checkBinary(mediaType: string, body: Buffer): string | undefined {
  const t = mediaType.toLowerCase();
  if (t === 'application/pdf') return checkPdf(body);
  if (t === 'image/png' || t === 'application/png') return checkPng(body);
  if (t === 'application/xml' || t === 'text/xml' || t.endsWith('+xml')) {
    const text = body.toString('utf8');
    return text.trimStart().startsWith('<') && /<\/?[A-Za-z_][^>]*>\s*$/.test(text) ? undefined : 'not an XML document';
  }
  return undefined;
}

/** %PDF header, %%EOF trailer, and an xref table whose offsets point at the objects. */
export function checkPdf(body: Buffer): string | undefined {
  const text = body.toString('latin1');
  if (!text.startsWith('%PDF-')) return 'PDF does not start with %PDF-';
  if (!text.trimEnd().endsWith('%%EOF')) return 'PDF does not end with %%EOF';
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) return 'PDF has no startxref';
  const xrefAt = Number(start[1]);
  if (text.slice(xrefAt, xrefAt + 4) !== 'xref') return 'startxref does not point at the xref table';
  const rows = [...text.slice(xrefAt).matchAll(/^(\d{10}) (\d{5}) ([nf]) ?$/gm)];
  for (const [i, row] of rows.entries()) {
    if (row[3] !== 'n') continue;
    const off = Number(row[1]);
    if (!text.slice(off).startsWith(`${i} 0 obj`)) return `xref entry ${i} does not point at object ${i}`;
  }
  return rows.length > 1 ? undefined : 'PDF xref table is empty';
}

/** PNG signature, IHDR first, IEND last, every chunk's CRC right. */
export function checkPng(body: Buffer): string | undefined {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!body.subarray(0, 8).equals(sig)) return 'PNG signature missing';
  const types: string[] = [];
  for (let at = 8; at < body.length; ) {
    if (at + 12 > body.length) return 'PNG chunk truncated';
    const len = body.readUInt32BE(at);
    const type = body.toString('latin1', at + 4, at + 8);
    const end = at + 12 + len;
    if (end > body.length) return `PNG chunk ${type} truncated`;
    if ((crc32(body.subarray(at + 4, at + 8 + len)) >>> 0) !== body.readUInt32BE(at + 8 + len)) return `PNG chunk ${type} has a wrong CRC`;
    types.push(type);
    at = end;
  }
  if (types[0] !== 'IHDR' || types[types.length - 1] !== 'IEND' || !types.includes('IDAT')) return `PNG chunks out of order: ${types.join(',')}`;
  return undefined;
}
