// Property test: documents whose summaries, paths, server URLs, example values and grant names are hostile strings
// (quotes, `$(...)`, backquotes, line breaks, U+2028, `*/`, here-document ends). A sample is code a reader pastes, so
// no such string may leave the string literal, comment or shell word it belongs in: every TypeScript sample parses
// and has no identifier made of the document's text; every curl sample, run by bash with stub curl and jq, runs no
// command of the document's and passes the URL through intact. Seeded; DOCEX_PROPERTY_SEED=<seed> replays a case.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeSample } from '../../generator/docs/samples/index.js';
import type { OpenApiDocument } from '../../generator/load/index.js';
import { runProcess, samplesOf } from './samples-kit.js';

const CASES = 40;
const SEED = process.env.DOCEX_PROPERTY_SEED ? Number(process.env.DOCEX_PROPERTY_SEED) : 20261127;
/** What an escaped string would run or declare: a file of this name, an identifier the generator never writes. */
const MARK = 'x_PWNED_x';
const attacks = [`$(touch ${MARK})`, `\`touch ${MARK}\``, `"; touch ${MARK}; "`, `'; touch ${MARK}; '`, `\ntouch ${MARK}\n`, `'); ${MARK}(); ('`, `\u2028${MARK}();`, `*/ ${MARK}(); /*`, `\nBODY\ntouch ${MARK}\n`, `}\${${MARK}}`, `\\`];
const hostile = fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...attacks), fc.string({ maxLength: 6 })).map((p) => p.join(''));
/** A path segment: what a path template may hold besides `{`, `}`, `/`, `?` and `#`. */
const segment = hostile.map((s) => s.replace(/[{}/?#\s]/g, '-'));

const caseArb = fc.record({ summary: hostile, segment, server: segment, pathValue: hostile, queryValue: hostile, header: hostile, body: fc.dictionary(hostile, hostile, { minKeys: 1, maxKeys: 3 }), text: hostile, grant: hostile, redirect: hostile });
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function documents(c: Case): { sub: OpenApiDocument; token: OpenApiDocument } {
  const etag = { ETag: { schema: { type: 'string' } } };
  const json = (example: unknown) => ({ 'application/json': { schema: { type: 'object' }, example } });
  const path = `/things${c.segment}/{thingId}`;
  const sub = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    servers: [{ url: `https://api.example.com/${c.server}/thing/v1` }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      [path]: {
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' }, example: c.pathValue }],
        get: {
          operationId: 'getThing',
          summary: c.summary,
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: c.queryValue },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, example: c.header },
            { name: 'If-None-Match', in: 'header', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok', headers: etag, content: json({}) }, '304': { description: 'same' }, '404': { description: 'none' } },
        },
        put: {
          operationId: 'putThing',
          summary: c.summary,
          parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
          requestBody: { required: true, content: json(c.body) },
          responses: { '200': { description: 'ok', headers: etag, content: json({}) }, '412': { description: 'stale' } },
        },
        post: {
          operationId: 'postText',
          summary: c.summary,
          requestBody: { required: true, content: { 'application/xml': { schema: { type: 'string' }, example: c.text } } },
          responses: { '201': { description: 'made', content: json({}) } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const form = (props: object, required: string[]) => ({ type: 'object', required, properties: props });
  const token = {
    openapi: '3.1.0',
    info: { title: 'Token service', version: '1' },
    servers: [{ url: `https://auth.example.com/${c.server}` }],
    paths: {
      '/oauth2/token': {
        post: {
          operationId: 'requestToken',
          summary: c.summary,
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { oneOf: [form({ grant_type: { const: 'password' }, username: { type: 'string' }, password: { type: 'string' } }, ['grant_type']), form({ grant_type: { const: c.grant }, code: { type: 'string' }, redirect_uri: { type: 'string' } }, ['grant_type'])] },
                examples: { odd: { value: { grant_type: c.grant, code: c.text, redirect_uri: c.redirect } } },
              },
            },
          },
          responses: { '200': { description: 'tokens', content: json({}) } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  return { sub, token };
}

function samplesOfCase(c: Case): CodeSample[] {
  const { sub, token } = documents(c);
  return samplesOf([
    { entry: { id: 'thing/v1', subApi: 'thing', version: 'v1', file: 'thing/v1/openapi.yaml', relPath: 'thing/v1/openapi.yaml' }, document: sub },
    { entry: { id: 'token', subApi: 'token', version: undefined, file: 'token/openapi.yaml', relPath: 'token/openapi.yaml' }, document: token },
  ]);
}

/** Parse errors of a TypeScript sample, and the identifiers it declares or uses that hold the marker. */
function escapedTokens(source: string): string[] {
  const parsed = ts.createSourceFile('sample.ts', source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const errors = (parsed as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const escaped: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text.includes(MARK)) escaped.push(`identifier ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return [...errors, ...escaped];
}

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'docex-samples-hostile-'));
  mkdirSync(join(work, 'bin'));
  // Stubs that only record: each curl's arguments (NUL-separated) and what it reads from stdin.
  writeFileSync(join(work, 'bin', 'curl'), `#!/bin/bash\nprintf '%s\\0' "$@" >> "$LOG"\nprintf 'END\\0' >> "$LOG"\n[[ " $* " == *" @- "* ]] && cat >> "$LOG.stdin"\nexit 0\n`);
  writeFileSync(join(work, 'bin', 'jq'), `#!/bin/bash\ncat > /dev/null\necho stub-token\n`);
  for (const tool of ['curl', 'jq']) chmodSync(join(work, 'bin', tool), 0o755);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('code samples of hostile documents', () => {
  it('keep every string of the document inside its literal, comment or shell word', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const samples = samplesOfCase(c);
        expect(samples.length).toBe(2 * 3 + 2 * 2);
        for (const s of samples.filter((x) => x.lang === 'TypeScript')) expect(escapedTokens(s.source), s.source).toEqual([]);
        for (const s of samples.filter((x) => x.lang === 'curl')) {
          const dir = join(work, `case-${n++}`);
          mkdirSync(dir);
          const log = join(dir, 'curl.log');
          const r = await runProcess('bash', ['-c', s.source], dir, { PATH: `${join(work, 'bin')}:${process.env.PATH ?? ''}`, LOG: log });
          expect(existsSync(join(dir, MARK)), `${s.source}\n${r.stderr}`).toBe(false);
          const calls = readFileSync(log, 'utf8').split('END\0').map((call) => call.split('\0').filter(Boolean));
          if (s.api === 'thing/v1' && s.op.name === 'getThing') {
            const url = `https://api.example.com/${c.server}/thing/v1/things${c.segment}/${encodeURIComponent(c.pathValue)}?q=${encodeURIComponent(c.queryValue)}`;
            expect(calls.some((args) => args.includes(url)), `${url}\n${s.source}`).toBe(true);
            expect(calls.some((args) => args.includes(`X-Trace: ${c.header}`))).toBe(true);
          }
          if (s.op.name === 'putThing') expect(readFileSync(`${log}.stdin`, 'utf8')).toBe(`${JSON.stringify(c.body, null, 2)}\n`);
          if (s.op.name === 'postText') expect(readFileSync(`${log}.stdin`, 'utf8')).toBe(`${c.text}\n`);
          if (s.grant === c.grant && c.grant !== 'password') expect(calls.some((args) => args.includes(`redirect_uri=${c.redirect}`))).toBe(true);
        }
      }),
      { numRuns: CASES, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
