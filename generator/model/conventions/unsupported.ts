// What of a document docex does not carry, each with where it is written: operations under a key the walk of path
// items does not read, parameter locations the runtime does not serialize, media types whose semantics the runtime
// drops, and keywords of a newer OpenAPI than the document declares (or of 3.2 that docex does not carry). Every
// command reports these as warnings (`--strict` fails on them): a construct docex leaves out is never left out silently.
import { child, entries, list, str, type At, type Ctx, type Location } from './node.js';
import { isJsonMedia } from './media.js';
import { operations } from './operations.js';
import { readStream, streamNote } from './stream.js';
import { HTTP_METHODS, openapiVersion, type OpenApiVersion } from '../../load/operations.js';

interface Unsupported {
  at: Location;
  message: string;
}

const PATH_ITEM_FIELDS = new Set<string>(['$ref', 'summary', 'description', 'servers', 'parameters', ...HTTP_METHODS]);
/** Parameter locations the runtime serializes (3.2's `querystring` is read as one schema by the operation walk). */
const PARAM_LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
/** Media types of a sequence of items that the runtime reads (or sends) whole, not item by item. */
const STREAMING = /^(text\/event-stream|application\/(jsonl|x-ndjson|x-jsonlines|json-seq|stream\+json)|application\/[\w.+-]*\+jsonl)$/;
// (an XML body typed as one string, or offered beside JSON, loses nothing)
const XML = /^(application|text)\/([\w.-]+\+)?xml$/;

/** Keywords a version adds, by where they are written, with the version that has them. */
const NEWER: { version: OpenApiVersion; where: string; keys: string[] }[] = [
  { version: '3.1', where: 'the document', keys: ['webhooks', 'jsonSchemaDialect'] },
  { version: '3.2', where: 'the document', keys: ['$self'] },
  { version: '3.1', where: 'components', keys: ['pathItems'] },
  { version: '3.2', where: 'components', keys: ['mediaTypes'] },
  { version: '3.2', where: 'a tag', keys: ['parent', 'kind', 'summary'] },
  { version: '3.2', where: 'a security scheme', keys: ['deprecated', 'oauth2MetadataUrl'] },
  { version: '3.2', where: 'OAuth flows', keys: ['deviceAuthorization'] },
  { version: '3.2', where: 'a response', keys: ['summary'] },
  { version: '3.2', where: 'an example', keys: ['dataValue', 'serializedValue'] },
  { version: '3.2', where: 'a media type', keys: ['itemSchema', 'itemEncoding', 'prefixEncoding'] },
  { version: '3.2', where: 'a server', keys: ['name'] },
];

/** 3.2 keywords docex reads but no generated client or token source uses, and 3.2 keywords it does not read. */
const NOT_CARRIED_32: Record<string, Record<string, string>> = {
  'a security scheme': { oauth2MetadataUrl: 'the client does not discover its OAuth 2.0 server from this metadata URL' },
  'OAuth flows': { deviceAuthorization: 'the token source does not run the device authorization flow' },
  components: { mediaTypes: 'media types declared in components are not read' },
  'a server': { name: 'server names are not read' },
};

export function unsupportedConstructs(ctx: Ctx, root: At): Unsupported[] {
  const version = openapiVersion(root.node);
  const out: Unsupported[] = [];
  const seen = new Set<string>();
  const add = (at: Location, message: string) => {
    const key = `${at.absolutePointer} ${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ at, message });
  };
  const declared = `this document declares OpenAPI ${str(root.node.openapi) ?? version}`;
  /** Keywords of `where` written in `node`: newer than the document's version, or of 3.2 and not carried. */
  const keywords = (where: string, node: At | undefined) => {
    if (!node) return;
    for (const { version: v, where: w, keys } of NEWER) {
      if (w !== where) continue;
      for (const key of keys) {
        if (!Object.hasOwn(node.node, key)) continue;
        const at = node.location.child([key]);
        if (v > version) add(at, `\`${key}\` of ${where} is an OpenAPI ${v} keyword, and ${declared}`);
        else if (v === '3.2' && NOT_CARRIED_32[where]?.[key]) add(at, `\`${key}\` of ${where} is not carried: ${NOT_CARRIED_32[where][key]}`);
      }
    }
  };
  keywords('the document', root);
  const components = child(ctx, root, 'components');
  keywords('components', components);
  for (const tag of list(ctx, root, 'tags')) keywords('a tag', tag);
  for (const [, scheme] of entries(ctx, components, 'securitySchemes')) {
    keywords('a security scheme', scheme);
    keywords('OAuth flows', child(ctx, scheme, 'flows'));
  }
  const servers = (holder: At | undefined) => {
    for (const server of list(ctx, holder, 'servers')) keywords('a server', server);
  };
  servers(root);
  for (const [, example] of entries(ctx, components, 'examples')) keywords('an example', example);

  const walked = new Set(operations(ctx, root).map((op) => op.op.location.absolutePointer));
  const paths = child(ctx, root, 'paths');
  for (const path of Object.keys(paths?.node ?? {})) {
    const item = child(ctx, paths, path);
    if (!item) continue;
    servers(item);
    for (const key of Object.keys(item.node)) {
      if (key.startsWith('x-')) continue;
      if (PATH_ITEM_FIELDS.has(key) && !isOperationKey(key)) continue;
      // 3.2's `query` and `additionalOperations`: carried where the operation walk reads them.
      const newer = key === 'query' || key === 'additionalOperations' ? `\`${key}\` is an OpenAPI 3.2 field, and ${declared}` : undefined;
      const ops = key === 'additionalOperations' ? entries(ctx, item, key).map(([m, op]) => [m, op, item.location.child([key, m])] as const) : [[key, child(ctx, item, key), item.location.child([key])] as const];
      for (const [method, op, at] of ops) {
        const what = isOperationKey(key) || newer ? `${method.toUpperCase()} ${path}` : `\`${key}\` of ${path}`;
        if (op && walked.has(op.location.absolutePointer)) {
          if (newer && version !== '3.2') add(at, `${what}: ${newer}`);
          continue;
        }
        const why = newer ? (version === '3.2' ? `docex does not handle \`${key}\`` : newer) : `\`${key}\` is not a field of a path item in OpenAPI ${version}`;
        add(at, `${what} is not generated: ${why}`);
      }
    }
  }

  for (const op of operations(ctx, root)) {
    const what = `${op.method.toUpperCase()} ${op.path}`;
    for (const p of op.declared) {
      mediaOf(child(ctx, p.node, 'content'), what, 'parameter');
      const where = str(p.node.node.in);
      if (where === undefined || PARAM_LOCATIONS.has(where)) continue;
      if (where === 'querystring' && version === '3.2') continue;
      const why = where === 'querystring' ? `\`in: querystring\` is an OpenAPI 3.2 location, and ${declared}` : 'docex does not serialize this location';
      add(p.node.location.child(['in']), `${what}: parameter \`${str(p.node.node.name) ?? ''}\` in \`${where}\` is not sent: ${why}`);
    }
    mediaOf(child(ctx, child(ctx, op.op, 'requestBody'), 'content'), what, 'request');
    const streamed = readStream(ctx, op)?.at.pointer;
    for (const [status, response] of op.responses) {
      keywords('a response', response);
      mediaOf(child(ctx, response, 'content'), `${what} ${status}`, 'response', streamed);
    }
  }
  return out;

  /** `streamed`: where the media type the client reads item by item is written (conventions/stream.ts). */
  function mediaOf(content: At | undefined, what: string, side: 'request' | 'response' | 'parameter', streamed?: string): void {
    // Beside a JSON alternative, XML is never what the client sends or asks for.
    const json = Object.keys(content?.node ?? {}).some(isJsonMedia);
    for (const mediaType of Object.keys(content?.node ?? {})) {
      const media = child(ctx, content, mediaType);
      if (!media) continue;
      keywords('a media type', media);
      for (const [, example] of entries(ctx, media, 'examples')) keywords('an example', example);
      const m = mediaType.split(';')[0]!.trim().toLowerCase();
      const at = media.location;
      if (at.pointer === streamed) {
        const note = streamNote(media, mediaType);
        if (note) add(at, `${what}: ${note}`);
      } else if (STREAMING.test(m) || media.node.itemSchema !== undefined) {
        add(at, `${what}: \`${mediaType}\` is a stream of items, and docex ${side === 'request' ? 'sends it' : 'reads it'} whole${media.node.itemSchema !== undefined ? ', without its `itemSchema`' : ''}`);
      } else if (m.startsWith('multipart/') && m !== 'multipart/form-data') {
        add(at, `${what}: \`${mediaType}\` parts are not ${side === 'request' ? 'built: a plain object is sent as JSON' : 'parsed: the body is read whole'}`);
      } else if (XML.test(m) && !json && structured(child(ctx, media, 'schema'))) {
        add(at, `${what}: \`${mediaType}\` is ${side === 'request' ? 'sent' : 'read'} as text: its schema's XML structure is not carried`);
      }
    }
  }
}

function isOperationKey(key: string): boolean {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

/** An XML body's schema describes its structure (not the document as one string). */
function structured(schema: At | undefined): boolean {
  return schema !== undefined && ![schema.node.type].flat().includes('string');
}
