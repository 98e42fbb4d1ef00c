import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpSpec } from '../analyse.js';
import { HttpError, httpError } from '../http-error.js';
import { negotiate } from '../negotiate.js';
import { offered } from '../../model/index.js';
import { bodyLimitOf, bodyTooLarge } from '../body-bounds.js';
import { checkHeaders, compileValidators, parseBody, parsePath, parseQuery, representationOf, requestMediaType, type OpValidators } from '../request.js';
import { sendError } from '../respond.js';
import { list, create } from './collection.js';
import type { SubApiContext, Call } from './context.js';
import { read, replace, remove } from './instance.js';
import { readSingle, replaceSingle, action } from './single.js';
import { serveStream } from './stream.js';

interface RouteConfig {
  spec?: OpSpec;
}

/** Registers every operation of every document at `/{subApi}/{version}{path}`, in its own encapsulated context. */
export async function registerSubApis(app: FastifyInstance, ctx: SubApiContext): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are kept as bytes; each operation parses and validates the media types its document lists.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err, req, reply) => {
      const spec = (req.routeOptions.config as RouteConfig).spec;
      if (err instanceof HttpError) return sendError(reply, ctx.strict, spec, err.status, err.messages, err.headers);
      // fastify's 413 for a body past the route's limit: the spec's 400, which every operation with a body declares.
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(reply, ctx.strict, spec, 400, bodyTooLarge(req.routeOptions.bodyLimit).messages);
      }
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return sendError(reply, ctx.strict, spec, status, [{ technicalMessage: (err as Error).message, errorCode: 'BadRequest' }]);
      }
      return sendError(reply, ctx.strict, spec, 500, [{ technicalMessage: 'internal server error', errorCode: 'InternalServerError' }]);
    });
    for (const spec of ctx.specs) {
      const v = compileValidators(spec, ctx.coercing, ctx.strict, representationOf(spec, ctx.specs));
      const names: string[] = [];
      const url = spec.api.prefix + spec.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `:p${names.push(name) - 1}`);
      scope.route({
        method: spec.op.method as 'GET',
        url,
        config: { spec } as RouteConfig,
        // Read no further than the operation takes (as its request body's description states).
        bodyLimit: bodyLimitOf(spec),
        handler: async (req, reply) => {
          const params = req.params as Record<string, string>;
          const rawPath = Object.fromEntries(names.map((n, i) => [n, params[`p${i}`] ?? '']));
          return handle(ctx, spec, v, req, reply, rawPath);
        },
      });
    }
  });
}

async function handle(ctx: SubApiContext, spec: OpSpec, v: OpValidators, req: FastifyRequest, reply: FastifyReply, rawPath: Record<string, string>): Promise<FastifyReply> {
  if (ctx.faults.count > 0) {
    ctx.faults.count--;
    if (ctx.faults.status !== 500) throw httpError(ctx.faults.status, 'injected fault (sandbox test hook)');
    throw new Error('injected fault');
  }
  let principal: Call['principal'];
  if (spec.op.conventions.secured) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    principal = m?.[1] ? ctx.authority.verifyAccessToken(m[1]) : undefined;
    if (!principal) {
      const challenge = m ? 'Bearer error="invalid_token"' : 'Bearer';
      throw new HttpError(401, { technicalMessage: m ? 'the access token is invalid or expired' : 'send Authorization: Bearer <access token>', errorCode: 'Unauthorized' }, { 'www-authenticate': challenge });
    }
  }
  const search = req.url.indexOf('?');
  const query = parseQuery(v, req.query as Record<string, string | string[]>, search < 0 ? '' : req.url.slice(search + 1));
  const path = parsePath(v, rawPath);
  checkHeaders(v, req);
  // An operation that does not refuse with 406 answers its first type whatever Accept says (RFC 9110 12.5.1 allows it).
  const produces = offered(spec.op);
  const mediaType = produces.length ? (negotiate(req.headers.accept, produces) ?? (spec.op.conventions.notAcceptable ? undefined : produces[0])) : undefined;
  if (produces.length && !mediaType) throw httpError(406, `none of "${req.headers.accept}" can be provided; available: ${produces.join(', ')}`);
  const call: Call = { spec, v, req, reply, query, path, mediaType, principal };
  const { stream } = spec.op.conventions;
  if (stream && mediaType?.split(';')[0]!.trim().toLowerCase() === stream.mediaType) {
    parseBody(spec, v, req, requestMediaType(spec, req));
    return serveStream(ctx, call, stream);
  }
  switch (spec.op.conventions.resource.kind) {
    case 'list':
      return list(ctx, call);
    case 'create':
      return create(ctx, call);
    case 'read':
      return read(ctx, call);
    case 'replace':
      return replace(ctx, call);
    case 'remove':
      return remove(ctx, call);
    case 'sub-read':
    case 'single-read':
      return readSingle(ctx, call);
    case 'sub-replace':
    case 'single-replace':
      return replaceSingle(ctx, call);
    default:
      return action(ctx, call);
  }
}
