// One document of the calls benchmark, in a process of its own (a crash or a hang costs one document): Prism serves
// the document with request validation on; each generator (this checkout's docex, and with DOCEX_CALLS_BEFORE another
// checkout's, built) generates its client, bundled with esbuild and imported; every GET (at most MAX_GETS) and the
// first write with a JSON body are called with values made from their schemas (the sandbox's data generator), through
// a recorder that passes each request on to Prism. Prints one JSON line.
// argv: a JSON object { id, file, out, roots: { after, before? } }.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import addFormatsModule from 'ajv-formats';
import AjvModule from 'ajv';
import { build } from 'esbuild';
import { startPrism, startRecorder, tee } from './prism.mjs';

const MAX_GETS = 40;
const CALL_MS = 10_000;
const { id, file, out, roots } = JSON.parse(process.argv[2]);
const after = roots.after;
const imp = (root, path) => import(pathToFileURL(join(root, 'dist/generator', path)).href);
// generateTree moved from emit/ to generate/ (issue 35); a checkout from before has it in emit/.
const pipeline = (root) => imp(root, 'generate/pipeline.js').catch(() => imp(root, 'emit/pipeline.js'));

// No document may reach the network (loopback only): the clients' fetch is the recorder's anyway.
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const u = new URL(String(url instanceof Request ? url.url : url));
  if (u.hostname !== '127.0.0.1') throw new TypeError(`network disabled in the calls bench: ${u.href}`);
  return realFetch(url, init);
};

const { bundleFile, repairedForTypes } = await imp(after, 'load/index.js');
const { buildApiModel } = await imp(after, 'model/index.js');
const { generateValue } = await imp(after, 'sandbox/generate-data.js');
const { Prng } = await imp(after, 'sandbox/prng.js');
const { resolveSchema } = await imp(after, 'sandbox/schema-tools.js');
const { document: doc } = await bundleFile(file, { mode: 'foreign' });
mkdirSync(out, { recursive: true });
const served = join(out, 'document.json');
writeFileSync(served, JSON.stringify(doc));

// A SourceRef's pointer: `#/paths/...`.
const pointerAt = (pointer) =>
  pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((n, k) => (n && typeof n === 'object' ? n[k] : undefined), doc);

// Values are judged against their schemas (OpenAPI 3.0's keywords draft-07 does not know are ignored): a rejection of
// a value that is not valid is the sample's, not docex's.
const Ajv = AjvModule.default ?? AjvModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const ajv = addFormats(new Ajv({ strict: false, validateSchema: false, allErrors: false, logger: false }));
for (const f of ['float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(f, true);
ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) });
ajv.addSchema(doc, 'doc');
/** true / false, or undefined when the schema cannot be compiled. */
function valid(schemaRef, value) {
  if (!schemaRef) return true;
  try {
    return ajv.validate({ $ref: `doc#${schemaRef.pointer.replace(/^#/, '').split('/').map(encodeURIComponent).join('/')}` }, value);
  } catch {
    return undefined;
  }
}

/** A request body without the readOnly properties the data generator makes (a request must not send them). */
function withoutReadOnly(value, schema, depth = 0) {
  const s = resolveSchema(doc, schema);
  if (depth > 8 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutReadOnly(v, s.items, depth + 1));
  for (const [k, ps] of Object.entries(s.properties ?? {})) {
    if (!Object.hasOwn(value, k)) continue;
    if (resolveSchema(doc, ps).readOnly === true) delete value[k];
    else value[k] = withoutReadOnly(value[k], ps, depth + 1);
  }
  return value;
}

/**
 * What Prism misreads, as checked by hand on the corpus (not docex's request): a oneOf whose alternatives the text of
 * a parameter matches more than once (`123` is an integer and a string); a parameter name with characters a URL
 * percent-encodes (`location[]`: Prism looks it up encoded); a path parameter next to another in one segment or not
 * in the path template; a path without parameters that Prism does not route although the document declares it.
 */
function prismMisreads(op, violations, problem) {
  if (problem) return problem === 'NO_PATH_MATCHED_ERROR' && !op.path.includes('{');
  return violations.every((v) => {
    const [where, what] = v.location;
    if (/exactly one schema in oneOf/.test(v.message) && where !== 'body') return true;
    if (/required property '[^']*[^\w.~'-][^']*'/.test(v.message)) return true;
    if (where !== 'path') return false;
    const segment = op.path.split('/').find((x) => x.includes(`{${what}}`) || x.toLowerCase().includes(`{${String(what).toLowerCase()}}`));
    return !segment || (segment.match(/\{/g) ?? []).length > 1;
  });
}

const line = { id, operations: 0, results: {} };
let prism;
let recorder;
try {
  prism = await startPrism(served, { timeoutMs: 90_000 });
  recorder = await startRecorder(prism.url);
  const { generateTree } = await pipeline(after);
  // What to call, and with what, from this checkout's model of the document (as the generator builds it).
  const repaired = repairedForTypes(await bundleFile(file, { mode: 'foreign' })).document;
  const api = buildApiModel(repaired, { id: '', name: repaired.info?.title ?? '', apiPath: '', source: file });
  // A path key holding `#` or `?` (AWS's documents tell operations of one path apart so) is no path Prism can route
  // to: those operations are left out, and counted.
  const routable = api.operations.filter((op) => !/[#?]/.test(op.path));
  line.unroutable = api.operations.length - routable.length;
  const gets = routable.filter((op) => op.method === 'GET').slice(0, MAX_GETS);
  const write = routable.find((op) => ['POST', 'PUT', 'PATCH'].includes(op.method) && op.body?.kind === 'json');
  const calls = [...gets, ...(write ? [write] : [])];
  line.operations = calls.length;
  const prng = new Prng(37);
  const ctx = { doc, prng, index: 0, refId: () => undefined };
  const inputs = calls.map((op) => {
    const params = {};
    for (const p of op.params) params[p.key] = generateValue(ctx, p.schema ? pointerAt(p.schema.pointer) : { type: 'string' }, p.name);
    const media = op.body?.content.find((m) => m.mediaType === op.body.mediaType);
    if (op.method !== 'GET' && op.body) params.body = withoutReadOnly(generateValue(ctx, media?.schema ? pointerAt(media.schema.pointer) : {}, 'body'), media?.schema && pointerAt(media.schema.pointer));
    return { op, params, media };
  });
  const base = api.server ?? 'https://api.example.invalid/';
  const servers = [base, ...api.operations.flatMap((op) => (op.server ? [new URL(op.server, new URL(base).href.replace(/\/*$/, '/')).href.replace(/\/$/, '')] : []))];
  // Credentials for every scheme a client can be given one for; a token source for oauth2 and openIdConnect.
  const auth = Object.fromEntries(api.schemes.flatMap((s) => (s.kind.type === 'apiKey' || s.kind.type === 'bearer' ? [[s.name, 'key-1']] : s.kind.type === 'basic' ? [[s.name, { username: 'user', password: 'pw' }]] : [])));
  const kinds = new Set(api.schemes.map((s) => s.kind.type));
  const tokens = { getAccessToken: async () => 'token-1', refreshAfterUnauthorized: async () => 'token-1' };

  for (const [name, root] of Object.entries(roots)) {
    const result = (line.results[name] = { calls: 0, ok: 0, docex: 0, sample: 0, unjudged: 0, ignored: 0, prism: 0, route: 0, security: 0, other: 0, notSent: 0, refused: 0, faults: [] });
    const dir = join(out, name);
    try {
      const { generateTree: generate } = name === 'after' ? { generateTree } : await pipeline(root);
      const { writeTree } = await imp(root, 'write/tree.js');
      writeTree(dir, (await generate(file)).tree);
      const bundled = join(dir, 'bundle.mjs');
      await build({ entryPoints: [join(dir, 'index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: bundled, logLevel: 'silent' });
      const mod = await import(pathToFileURL(bundled).href);
      const factory = Object.entries(mod).find(([k]) => /^create.*Client$/.test(k) && !k.endsWith('RawClient'))[1];
      let client;
      try {
        // This checkout's client: its default baseUrl where the document names one, `auth` and `tokens` for the schemes
        // it declares. The other's: the same server as baseUrl (it has no default), and a token source, its only way.
        const given = name === 'after' ? { ...(api.server ? {} : { baseUrl: base }), ...(Object.keys(auth).length ? { auth } : {}), ...(kinds.has('tokens') ? { tokens } : {}) } : { baseUrl: base, ...(kinds.has('tokens') || kinds.has('bearer') ? { tokens } : {}) };
        client = factory({ ...given, fetch: tee(recorder, servers), retry: false });
      } catch (err) {
        result.refused = calls.length;
        result.faults.push({ op: '(client)', what: String(err.message).slice(0, 200) });
        continue;
      }
      for (const { op, params, media } of inputs) {
        const before = recorder.requests.length;
        await client[op.name](params, { timeoutMs: CALL_MS }).catch(() => undefined);
        const rec = recorder.requests.length > before ? recorder.requests.at(-1) : undefined;
        if (!rec?.prism) {
          result.notSent++;
          continue;
        }
        result.calls++;
        const { status, violations, problem } = rec.prism;
        if (violations.length) {
          // Each violation's location: the part of the request, then the parameter's name or the body's property path.
          const verdicts = violations.map((v) => {
            const [where, what] = v.location;
            if (where === 'body') return valid(media?.schema, params.body);
            const p = op.params.find((x) => x.in === where && x.name.toLowerCase() === String(what).toLowerCase());
            return p ? valid(p.schema, params[p.key]) : true;
          });
          // Prism reports unmet security as a violation of no location when the document declares a 401.
          const security = violations.some((v) => v.location.length === 0 && /security/i.test(v.message));
          // OpenAPI: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored" (docex sets those
          // headers itself); Prism requires it all the same.
          const ignored = violations.every((v) => v.location[0] === 'header' && /property '(authorization|accept|content-type)'/i.test(v.message));
          const kind = security ? 'security' : ignored ? 'ignored' : verdicts.every((v) => v === false) ? 'sample' : prismMisreads(op, violations) ? 'prism' : verdicts.some((v) => v === true) ? 'docex' : 'unjudged';
          result[kind]++;
          if (kind !== 'sample' && kind !== 'ignored') result.faults.push({ op: `${op.method} ${op.path}`, kind, violations: violations.map((v) => `${v.location.join('.')}: ${v.message}`.slice(0, 200)) });
        } else if (status < 300) result.ok++;
        else if (problem === 'NO_PATH_MATCHED_ERROR' || problem === 'NO_SERVER_MATCHED_ERROR' || problem === 'NO_METHOD_MATCHED_ERROR') {
          const kind = prismMisreads(op, [], problem) ? 'prism' : 'route';
          result[kind]++;
          result.faults.push({ op: `${op.method} ${op.path}`, kind, url: rec.url, problem });
        } else if (problem === 'UNAUTHORIZED') {
          result.security++;
          result.faults.push({ op: `${op.method} ${op.path}`, kind: 'security', url: rec.url });
        } else {
          result.other++;
          result.faults.push({ op: `${op.method} ${op.path}`, kind: 'other', status, ...(problem ? { problem } : {}) });
        }
      }
    } catch (err) {
      result.faults.push({ op: '(generate)', what: String(err?.message ?? err).split('\n')[0].slice(0, 200) });
    }
  }
} catch (err) {
  line.error = String(err?.message ?? err).split('\n')[0].slice(0, 300);
} finally {
  prism?.kill();
  await recorder?.close();
}
process.stdout.write(JSON.stringify(line) + '\n');
process.exit(0);
