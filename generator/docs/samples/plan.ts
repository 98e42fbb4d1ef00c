// What an operation's code samples do, decided once from the model (and the example values of the document), so
// that the TypeScript and the curl sample make the same call: its arguments, body, media type, the read whose ETag
// a conditional write sends, and the error a caller most likely handles.
import type { OpenApiDocument } from '../../load/index.js';
import { unescapePointer } from '../../util/json.js';
import {
  child,
  documentContext,
  documentRoot,
  mediaExample,
  operations,
  parameterExample,
  type Ctx,
  type ExampleReading,
  type Operation,
} from '../../model/conventions/index.js';
import { errorStatuses, offered, successMedia, successSchema, type ApiModel, type MediaKind, type OperationModel, type ParamModel } from '../../model/index.js';
import { DocexError } from '../../util/errors.js';
import { oneLine } from './literal.js';

/** One sub API (or the token service) as its samples need it. */
export interface SampleApi {
  /** `document/v1`: the folder of its client under `generated/`. */
  id: string;
  /** The document's file, named in errors. */
  file: string;
  doc: OpenApiDocument;
  model: ApiModel;
  /** The `{base_url}` the first server gives with its variables at their defaults: `https://api.eu.docex.example/`. */
  baseUrl: string;
}

export interface SampleSite {
  /** The token service's `{auth_url}` with its server variables at their defaults. */
  authUrl: string;
  /** The file the samples' FileTokenStore keeps the session in. */
  store: string;
  /** Shell lines that set ACCESS_TOKEN (a token request, or a comment saying where one comes from). */
  accessToken: string[];
}

interface Arg {
  param: ParamModel;
  value: unknown;
}

/** The typed error a caller of the operation most likely handles, and what it means there. */
interface LikelyError {
  status: 404 | 409 | 412;
  className: 'NotFoundError' | 'ConflictError' | 'PreconditionFailedError';
  meaning: string;
}

export interface CallPlan {
  api: SampleApi;
  op: OperationModel;
  /** Path parameters, then query parameters: the required ones and those of the conventions the sample shows. */
  args: Arg[];
  body?: { mediaType: string; kind: MediaKind; value: unknown };
  /** The media type asked for, when the operation offers several (the first, its default). */
  accept?: string;
  /** What the success response holds: a page of a collection, a plain array, one JSON value, text, bytes, a stream of
   *  items (the model's stream reading) or nothing. */
  result: 'page' | 'array' | 'json' | 'text' | 'binary' | 'stream' | 'none';
  /** The other media types offered. */
  alsoOffered: string[];
  /** The reference property the sample expands. */
  expand?: string;
  /** The GET of the same resource, whose ETag the write sends in If-Match. */
  readFirst?: OperationModel;
  /** A GET of one JSON value that declares an ETag and takes If-None-Match: the sample asks again with the ETag. */
  revalidate: boolean;
  /** The success response declares an ETag, so the result carries it. */
  etag: boolean;
  error?: LikelyError;
  /** Name of the success body's schema (`Document`), or of a collection's items. */
  resultSchema?: string;
}

/** Everything one document's samples read from it, walked once. */
export function documentWalk(api: SampleApi): { ctx: Ctx; byKey: Map<string, Operation> } {
  const ctx = documentContext(api.doc, api.file);
  const byKey = new Map(operations(ctx, documentRoot(api.doc, api.file)).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));
  return { ctx, byKey };
}

/** The value of a required input, or the docs build fails naming the document and where a value is missing. */
export function valueOrFail(api: SampleApi, reading: ExampleReading, what: string): unknown {
  if (reading.found) return reading.value;
  throw new DocexError(`code samples: no example, default or enum value for ${what} (${reading.at.pointer}): add an example`, 2, api.file);
}

export function planCall(api: SampleApi, op: OperationModel, walk = documentWalk(api)): CallPlan {
  const raw = walk.byKey.get(`${op.method} ${op.path}`);
  if (!raw) throw new DocexError(`code samples: ${op.method} ${op.path} is not in the document`, 2, api.file);
  const { ctx } = walk;
  const c = op.conventions;
  const valueOf = (p: ParamModel): unknown => {
    const written = raw.params.find((r) => r.in === p.in && r.name === p.name);
    const where = `the ${p.in} parameter "${p.name}" of ${op.method} ${op.path}`;
    if (!written) throw new DocexError(`code samples: ${where} is not in the document`, 2, api.file);
    return valueOrFail(api, parameterExample(ctx, written), where);
  };

  const expand = op.params.find((p) => p.expand) && c.expandable[0]?.name;
  // A list that pages: the sample shows its page size, and iterates with .all().
  const paging = c.pagination;
  const pageSize = paging && (paging.style === 'offset' ? paging.limit : paging.size);
  const args: Arg[] = [];
  for (const p of [...op.params.filter((p) => p.in === 'path'), ...op.params.filter((p) => p.in === 'query')]) {
    if (p.expand) {
      if (expand) args.push({ param: p, value: [expand] });
    } else if (p.required || p.sortable || (p.in === 'query' && p.name === pageSize)) {
      args.push({ param: p, value: valueOf(p) });
    }
  }
  // Required headers besides the ETag preconditions, which the sample fills from a read.
  for (const p of op.params) if (p.in === 'header' && p.required && !/^if-(none-)?match$/i.test(p.name)) args.push({ param: p, value: valueOf(p) });

  const plan: CallPlan = {
    api,
    op,
    args,
    result: 'none',
    alsoOffered: [],
    revalidate: false,
    etag: c.etag.etag,
  };
  if (expand) plan.expand = expand;
  if (op.body) {
    const media = child(ctx, child(ctx, child(ctx, raw.op, 'requestBody'), 'content'), op.body.mediaType);
    const reading = media ? mediaExample(ctx, media) : undefined;
    const where = `the ${op.body.mediaType} request body of ${op.method} ${op.path}`;
    if (reading && (reading.found || op.body.required)) plan.body = { mediaType: op.body.mediaType, kind: op.body.kind, value: valueOrFail(api, reading, where) };
  }

  const types = offered(op);
  if (types.length > 1) plan.accept = types[0]!;
  plan.alsoOffered = types.slice(1);
  const media = successMedia(op);
  const first = media.find((r) => r.mediaType === types[0]) ?? media[0];
  if (c.stream) plan.result = 'stream';
  else if (paging) plan.result = 'page';
  else if (c.collection.kind === 'array') plan.result = 'array';
  else if (first) plan.result = first.kind === 'json' ? 'json' : first.kind === 'text' ? 'text' : 'binary';
  plan.revalidate = plan.result === 'json' && op.method === 'GET' && c.etag.etag && c.etag.ifNoneMatch;

  const itemSchema = c.collection.item?.pointer ?? successSchema(op)?.pointer;
  const named = itemSchema?.match(/^#\/components\/schemas\/([^/]+)$/)?.[1];
  if (named) plan.resultSchema = unescapePointer(decodeURIComponent(named));

  if (op.method !== 'GET' && c.etag.ifMatch) {
    const read = api.model.operations.find((o) => o.method === 'GET' && o.path === op.path && o.conventions.etag.etag && o.conventions.collection.kind === 'none');
    if (read) plan.readFirst = read;
  }
  const error = likelyError(op, !!plan.readFirst);
  if (error) plan.error = error;
  return plan;
}

/** A conditional write's 412, else a write's 409 (a duplicate, a state), else the 404 of a resource named by the path. */
function likelyError(op: OperationModel, conditional: boolean): LikelyError | undefined {
  const declares = (status: string) => errorStatuses(op).includes(status);
  if (conditional && op.conventions.etag.preconditionFailed) {
    return { status: 412, className: 'PreconditionFailedError', meaning: 'changed since it was read: read it again, make the change again and retry' };
  }
  if (op.method !== 'GET' && declares('409')) {
    return { status: 409, className: 'ConflictError', meaning: 'refused: it conflicts with what exists (a duplicate, or a state that does not allow it)' };
  }
  if (op.params.some((p) => p.in === 'path') && declares('404')) return { status: 404, className: 'NotFoundError', meaning: 'there is no such resource' };
  return undefined;
}

/** What a sample's first comment says: `Update a document: PUT /documents/{documentId}`, on one line. */
export function heading(op: OperationModel, grant?: string): string {
  return oneLine(`${op.summary ?? op.name}${grant ? `, grant_type=${grant}` : ''}: ${op.method} ${op.path}`);
}

/** The path, with each path parameter's value put in (percent-encoded). */
export function filledPath(plan: CallPlan): string {
  return plan.op.path.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const arg = plan.args.find((a) => a.param.in === 'path' && a.param.name === name);
    return arg ? encodeURIComponent(String(arg.value)) : m;
  });
}

/** The query string (`?limit=25&expand=sender`): arrays by the parameter's style (comma-separated unless exploded). */
export function queryString(plan: CallPlan): string {
  const parts: string[] = [];
  for (const { param, value } of plan.args) {
    if (param.in !== 'query') continue;
    const values = Array.isArray(value) ? value.map(String) : [typeof value === 'object' ? JSON.stringify(value) : String(value)];
    const style = param.style ?? 'form';
    const exploded = param.explode ?? style === 'form';
    const delimiter = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    if (Array.isArray(value) && !exploded) parts.push(`${encodeURIComponent(param.name)}=${values.map(encodeURIComponent).join(delimiter)}`);
    else for (const v of values) parts.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A file name for a downloaded body: the path's last fixed segment and the media type's usual extension. */
export function downloadName(plan: CallPlan): string {
  const segment = plan.op.path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'download';
  const type = (plan.accept ?? successMedia(plan.op)[0]?.mediaType ?? '').split(';')[0]!.trim().toLowerCase();
  const subtype = type.split('/')[1]?.replace(/^.*\+/, '') ?? '';
  const ext = subtype === 'octet-stream' || !/^[a-z0-9.-]{1,10}$/.test(subtype) ? 'bin' : subtype === 'plain' ? 'txt' : subtype;
  return `${segment.replace(/[^A-Za-z0-9._-]+/g, '-')}.${ext}`;
}
