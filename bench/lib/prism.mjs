// Prism (@stoplight/prism-cli), the mock server many API users pick, serving a document with request validation on
// (its default in `mock`). Not a dependency (5.16 declares Node >= 24.18): a peer of bench/lib/peers.mjs, installed on
// first use into its cache, as .ci/run does before the tests.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { PEERS, peerBin, peerDir } from './peers.mjs';

export const PRISM_VERSION = PEERS['@stoplight/prism-cli'].version;

/** The folder Prism is installed into. */
export const prismDir = () => peerDir('@stoplight/prism-cli');

/** Prism's CLI script, or undefined when it is not installed (with `install`, npm installs it first). */
export const prismMain = ({ install = false, log = () => {} } = {}) => peerBin('@stoplight/prism-cli', { bin: 'prism', install, log });

/**
 * `prism mock <file>` on 127.0.0.1, a port of the system's choosing; resolves once it listens. `exited` settles when
 * the process ends (Prism stops on some inputs it cannot parse, e.g. a comma in an object path parameter).
 */
export function startPrism(file, { main = prismMain(), timeoutMs = 60_000 } = {}) {
  if (!main) return Promise.reject(new Error(`Prism ${PRISM_VERSION} is not installed in ${prismDir()}`));
  const child = spawn(process.execPath, [main, 'mock', file, '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Prism did not listen within ${timeoutMs / 1000} s: ${out.split('\n').slice(-3).join(' ')}`));
    }, timeoutMs);
    const onData = (d) => {
      out = (out + d).slice(-8000);
      const m = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      // Prism logs every request: keep draining, so that a full pipe never stalls it.
      resolve({ url: m[1], pid: child.pid, exited, output: () => out, kill: () => child.kill() });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited ${code}: ${out.split('\n').slice(-3).join(' ')}`));
    });
  });
}

/**
 * The request violations Prism reports for a response (its `sl-violations` header, or the body of the 422 it makes
 * up when the document declares no 400 or 422): each `location` starts with the part of the request it is about.
 */
export async function requestViolations(res) {
  const header = res.headers.get('sl-violations');
  let list = [];
  if (header) list = JSON.parse(header);
  else if (res.status === 422 && /prism\/errors#UNPROCESSABLE_ENTITY/.test(await res.clone().text())) list = (await res.clone().json()).validation ?? [];
  // The header also lists what is wrong with Prism's own (generated) response: not the request's.
  return list.filter((v) => v.severity === 'Error' && v.location[0] !== 'response').map((v) => ({ ...v, location: v.location[0] === 'request' ? v.location.slice(1) : v.location }));
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A server on 127.0.0.1 that records each request (the exact bytes) and, with `prism`, sends it on to Prism with
 * `__server=<the server the client chose>` (Prism then checks that server against the document's), answering with
 * Prism's response. A request marked `x-docex-answer: <status>` is answered with that status and no body instead (for
 * what Prism cannot read: it stops on a comma in an object path parameter).
 */
export async function startRecorder(prism) {
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const rec = { url: String(req.headers['x-docex-url']), method: req.method, headers: req.headers, body };
      requests.push(rec);
      try {
        const answer = req.headers['x-docex-answer'];
        if (answer || !prism) return res.writeHead(Number(answer ?? 501)).end();
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && !k.startsWith('x-docex-') && v !== undefined) headers.set(k, [v].flat().join(', '));
        // A server the document does not name (a reserved .invalid host, RFC 2606) is not Prism's to check.
        const server = String(req.headers['x-docex-server']);
        const target = /\.invalid(:\d+)?\/?$/.test(server) ? `${prism}${req.url}` : `${prism}${req.url}${req.url.includes('?') ? '&' : '?'}__server=${encodeURIComponent(server)}`;
        const answered = await fetch(target, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body });
        const type = answered.headers.get('content-type');
        // Prism's own refusals are problem documents whose type names the error (NO_PATH_MATCHED_ERROR, UNAUTHORIZED).
        const problem = /prism\/errors#/.test(answered.headers.get('content-type') === 'application/problem+json' ? await answered.clone().text() : '')
          ? (await answered.clone().json()).type.replace(/^.*#/, '')
          : undefined;
        rec.prism = { status: answered.status, violations: await requestViolations(answered), ...(problem ? { problem } : {}) };
        const out = Buffer.from(await answered.arrayBuffer());
        res.writeHead(answered.status, type && out.length ? { 'content-type': type } : {}).end(out);
      } catch (err) {
        res.writeHead(599).end(String(err));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The `fetch` a client under test is given: the request goes to the recorder, its path under the server it names
 * (the longest of `servers` its URL starts with) kept, the URL and that server in headers of the recorder's own.
 * `answer`: the status the recorder answers with itself, without asking Prism.
 */
export function tee(recorder, servers, answer) {
  return async (input, init) => {
    const req = new Request(input, init);
    const server = servers.filter((s) => req.url.startsWith(s)).sort((a, b) => b.length - a.length)[0];
    if (server === undefined) throw new TypeError(`no server known for ${req.url}`);
    const headers = new Headers(req.headers);
    headers.set('x-docex-url', req.url);
    headers.set('x-docex-server', server);
    if (answer) headers.set('x-docex-answer', String(answer));
    const body = req.body ? await req.arrayBuffer() : undefined;
    return fetch(`${recorder.url}${req.url.slice(server.length).replace(/^\//, '')}`, { method: req.method, headers, body, signal: req.signal });
  };
}
