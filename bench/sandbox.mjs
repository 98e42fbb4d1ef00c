// Figure 8: the sandbox under load, against Prism (@stoplight/prism-cli, the mock server users would otherwise pick)
// serving the same document in the same run. 16 concurrent clients alternate GET /documents?limit=10 and
// GET /documents/{id}; rounds of 4 s, interleaved sandbox / Prism. Then the same with a write mix (sandbox-writes.mjs:
// GET a page, GET a document, POST, PUT with If-Match, DELETE), with the sandbox's RSS and live heap after each of its
// rounds. Then the sandbox's RSS over 100,000 requests and after 10,000 creates. Prism is not a dependency: it is
// installed on first use into ~/.cache/docex/bench-peers/.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load, rssMiB } from './lib/http-load.mjs';
import { fmt, median } from './lib/measure.mjs';
import { PRISM_VERSION, prismMain, startPrism } from './lib/prism.mjs';
import { Rows } from './lib/report.mjs';
import { startSandboxChild } from './lib/sandbox.mjs';
import { bundle, bundledDocumentV1, outDir, root } from './lib/setup.mjs';
import { inputOf, writeMix } from './sandbox-writes.mjs';

const CONCURRENCY = 16;
const ROUNDS = 3;
const ROUND_MS = 4000;
const RSS_REQUESTS = 100_000;
const CREATES = 10_000;

export async function run({ log, runs }) {
  const rows = new Rows('8. sandbox under load');
  // A token that outlives the run (the default 5 minutes would expire during the creates).
  const sandbox = await startSandboxChild({ accessTokenTtlSeconds: 3600 });
  let prism;
  try {
    // The tests' token request (test/helpers/password-grant.ts), with the credentials the sandbox child reports.
    const grant = await bundle(join(root, 'test/helpers/password-grant.ts'), join(outDir, 'sandbox', 'password-grant.mjs'));
    const { passwordGrant } = await import(`${pathToFileURL(grant).href}?${Date.now()}`);
    const token = (await passwordGrant(sandbox.url, sandbox.credentials)).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const page = await (await fetch(`${sandbox.url}/document/v1/documents?limit=10`, { headers: auth })).json();
    const ids = page.items.map((d) => d.id);
    const paths = (prefix) => (i) => ({ url: i % 2 ? `${prefix}/documents/${ids[(i >> 1) % ids.length]}` : `${prefix}/documents?limit=10`, headers: auth });
    const sb = paths(`${sandbox.url}/document/v1`);
    let pr;
    try {
      prism = await startPrism(await bundledDocumentV1(), { main: prismMain({ install: true, log }) });
      pr = paths(prism.url);
      const probe = await load(pr, { concurrency: 1, count: 2 });
      if (!probe.statuses[200] || probe.statuses[200] < 2) throw new Error(`Prism answered ${JSON.stringify(probe.statuses)}`);
    } catch (err) {
      rows.notMeasured('Prism', err);
      prism?.kill();
      prism = undefined;
    }
    // Warm-up (JIT, sockets: a first round measured 5x below the next ones), then interleaved rounds.
    await load(sb, { concurrency: CONCURRENCY, ms: ROUND_MS });
    if (prism) await load(pr, { concurrency: CONCURRENCY, ms: ROUND_MS });
    const results = { sandbox: [], prism: [] };
    const n = runs ?? ROUNDS;
    for (let r = 0; r < n; r++) {
      const order = r % 2 ? ['prism', 'sandbox'] : ['sandbox', 'prism'];
      for (const who of order) {
        if (who === 'prism' && !prism) continue;
        const res = await load(who === 'sandbox' ? sb : pr, { concurrency: CONCURRENCY, ms: ROUND_MS });
        results[who].push(res);
        log(`sandbox bench: ${who} ${fmt.int(res.rps)} req/s, p50 ${res.p50.toFixed(1)} ms, p99 ${res.p99.toFixed(1)} ms ${JSON.stringify(res.statuses)}`);
      }
    }
    const summary = (list) => ({ rps: median(list.map((x) => x.rps)), p50: median(list.map((x) => x.p50)), p99: median(list.map((x) => x.p99)), non200: list.reduce((s, x) => s + x.requests - (x.statuses[200] ?? 0), 0) });
    const s = summary(results.sandbox);
    const p = prism ? summary(results.prism) : undefined;
    const what = `${CONCURRENCY} clients, GET /documents?limit=10 + /documents/{id}`;
    rows.add({ figure: `sandbox req/s (${what})`, value: s.rps, shown: `${fmt.int(s.rps)} req/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`, ...(p && { ratio: s.rps / p.rps, vs: 'Prism', target: '>= 3x', ok: s.rps / p.rps >= 3 }) });
    if (p) rows.add({ figure: `Prism ${PRISM_VERSION} req/s (same document, same clients)`, value: p.rps, shown: `${fmt.int(p.rps)} req/s, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms` });
    if (s.non200) rows.add({ figure: 'sandbox answers other than 200', value: s.non200, shown: String(s.non200), target: '0', ok: false });
    if (prism) rows.add({ figure: 'Prism RSS after its rounds', value: await rssMiB(prism.pid), shown: `${(await rssMiB(prism.pid)).toFixed(0)} MiB` });

    // The write mix, interleaved the same way, on 200 documents (their ETags read first), with the sandbox's memory
    // after each of its rounds.
    const mib = (b) => b / 1024 / 1024;
    const sample = async () => sandbox.memory().then((m) => ({ rss: mib(m.rss), heap: mib(m.heapUsed) }));
    const writeIds = [];
    for (let offset = 0; writeIds.length < 200; offset += 100) {
      const more = (await (await fetch(`${sandbox.url}/document/v1/documents?limit=100&offset=${offset}`, { headers: auth })).json()).items.map((d) => d.id);
      if (!more.length) break;
      writeIds.push(...more);
    }
    const template = inputOf(await (await fetch(`${sandbox.url}/document/v1/documents/${ids[0]}`, { headers: auth })).json());
    const mixes = { sandbox: writeMix(`${sandbox.url}/document/v1`, auth, writeIds, template), prism: prism && writeMix(prism.url, auth, writeIds, template) };
    for (const id of writeIds) {
      const r = await fetch(`${sandbox.url}/document/v1/documents/${id}`, { headers: auth });
      mixes.sandbox.etags.set(id, r.headers.get('etag'));
      await r.arrayBuffer();
    }
    const writeRound = (who) => load(mixes[who].round(), { concurrency: CONCURRENCY, ms: ROUND_MS });
    await writeRound('sandbox');
    if (prism) await writeRound('prism');
    const writeResults = { sandbox: [], prism: [] };
    const writeMemory = [await sample()];
    for (let r = 0; r < n; r++) {
      for (const who of r % 2 ? ['prism', 'sandbox'] : ['sandbox', 'prism']) {
        if (who === 'prism' && !prism) continue;
        const res = await writeRound(who);
        writeResults[who].push(res);
        if (who === 'sandbox') writeMemory.push(await sample());
        log(`sandbox bench: write mix ${who} ${fmt.int(res.rps)} req/s, p50 ${res.p50.toFixed(1)} ms, p99 ${res.p99.toFixed(1)} ms ${JSON.stringify(res.statuses)}`);
      }
    }
    const ws = summary(writeResults.sandbox);
    const wp = prism ? summary(writeResults.prism) : undefined;
    const writeWhat = `${CONCURRENCY} clients, GET page + GET + POST + PUT If-Match + DELETE`;
    const ok2xx = (list) => list.reduce((a, x) => a + Object.entries(x.statuses).filter(([k]) => Number(k) < 300).reduce((b, [, v]) => b + v, 0), 0);
    const writeOther = writeResults.sandbox.reduce((a, x) => a + x.requests, 0) - ok2xx(writeResults.sandbox);
    rows.add({ figure: `sandbox req/s, write mix (${writeWhat})`, value: ws.rps, shown: `${fmt.int(ws.rps)} req/s, p50 ${ws.p50.toFixed(1)} ms, p99 ${ws.p99.toFixed(1)} ms`, ...(wp && { ratio: ws.rps / wp.rps, vs: 'Prism', target: '>= 3x', ok: ws.rps / wp.rps >= 3 }) });
    if (wp) rows.add({ figure: `Prism ${PRISM_VERSION} req/s, write mix (same requests)`, value: wp.rps, shown: `${fmt.int(wp.rps)} req/s, p50 ${wp.p50.toFixed(1)} ms, p99 ${wp.p99.toFixed(1)} ms` });
    rows.add({ figure: 'sandbox write-mix answers other than 2xx', value: writeOther, shown: String(writeOther), target: '0', ok: writeOther === 0 });
    const showW = (key) => writeMemory.map((x) => x[key].toFixed(0)).join(' -> ');
    rows.add({ figure: 'sandbox RSS before and after each write-mix round', value: writeMemory.at(-1).rss, shown: `${showW('rss')} MiB` });
    rows.add({ figure: 'sandbox live heap (after GC), same points', value: writeMemory.at(-1).heap, shown: `${showW('heap')} MiB`, target: 'last <= 2nd + 5%', ok: writeMemory.length > 2 && writeMemory.at(-1).heap <= writeMemory[1].heap * 1.05 });
    prism?.kill();
    prism = undefined;

    // Memory: RSS every 30,000 requests from 10,000 to 100,000 (the first 10,000 let V8's heap reach its working size),
    // then after 10,000 creates (plus 10,000 reads).
    const sent = results.sandbox.reduce((a, x) => a + x.requests, 0);
    await load(sb, { concurrency: CONCURRENCY, count: Math.max(0, 10_000 - sent) });
    // RSS as the OS sees it, and the heap after a full GC: RSS moves with V8's heap sizing, the live heap only with
    // what the sandbox keeps.
    const series = [await sample()];
    let total = 10_000;
    while (total < RSS_REQUESTS) {
      const more = await load(sb, { concurrency: CONCURRENCY, count: 30_000, ms: 3 * 60_000 });
      total += more.requests;
      series.push(await sample());
      if (more.requests < 30_000) break;
    }
    const show = (key) => series.map((x) => x[key].toFixed(0)).join(' -> ');
    log(`sandbox bench: RSS ${show('rss')} MiB, live heap ${show('heap')} MiB over ${fmt.int(total)} requests`);
    // Flat: the live heap does not grow after the first 30,000 past warm-up (a leak grows with every request).
    const last = series.at(-1);
    rows.add({ figure: `sandbox RSS every 30,000 requests, 10,000 -> ${fmt.int(total)}`, value: last.rss, shown: `${show('rss')} MiB` });
    rows.add({ figure: 'sandbox live heap (after GC), same points', value: last.heap, shown: `${show('heap')} MiB`, target: 'last <= 2nd + 5%', ok: series.length > 2 && last.heap <= series[1].heap * 1.05 });
    const { documentType, sendMode, issueDate, dueDate, sender, receiver, amounts } = template;
    const created = await load(
      (i) => ({
        url: `${sandbox.url}/document/v1/documents`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ documentType, sendMode, issueDate, dueDate, sender, receiver, amounts, documentIdentifier: `BENCH-${i}` }),
      }),
      { concurrency: CONCURRENCY, count: CREATES, ms: 5 * 60_000 },
    );
    log(`sandbox bench: ${fmt.int(created.requests)} creates answered ${JSON.stringify(created.statuses)}`);
    await load(sb, { concurrency: CONCURRENCY, count: 10_000 });
    const created_ = await sample();
    rows.add({
      figure: `sandbox after ${fmt.int(created.statuses[201] ?? 0)} creates (+10,000 reads)`,
      value: created_.rss,
      shown: `RSS ${last.rss.toFixed(0)} -> ${created_.rss.toFixed(0)} MiB, live heap ${last.heap.toFixed(0)} -> ${created_.heap.toFixed(0)} MiB (${fmt.int(created.rps)} creates/s)`,
      note: `kept until the sandbox stops (docs site guide Reliability); answers ${JSON.stringify(created.statuses)}`,
    });
    return { rows: rows.list, results: { results, writeResults, memory: { series, writeMemory, created: created_ }, created: created.statuses } };
  } finally {
    prism?.kill();
    await sandbox.close();
  }
}
