// Figure 17 (`--only validation`): validation time per response, docex's validators.js (`schemas.X['~standard']
// .validate`) against Zod 4 schemas of the same document made by hey-api's zod plugin (`safeParse`), in the same run,
// on a valid body each: a DocumentPage of 25 documents (document/v1), and the GitHub response schema whose generated
// sample is largest. Bodies are made by the sandbox's data generator (seeded); each side must accept its body.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runOnce } from './lib/measure.mjs';
import { peerDir, peerPackage } from './lib/peers.mjs';
import { Rows } from './lib/report.mjs';
import { GENERATORS, INPUTS, bundle, bundledDocumentV1, docexGenerate, fresh, neutralCwd, outDir, root } from './lib/setup.mjs';

const TARGET = 1.0;
const dist = (path) => import(pathToFileURL(join(root, 'dist', 'generator', path)).href);

/** hey-api's Zod schemas of a document, bundled with the pinned zod into one module. */
async function zodSchemas(input, name) {
  const out = fresh(join(outDir, `validation-${name}-hey`));
  const { args } = GENERATORS['hey-api'](input, out);
  await runOnce({ args: [...args, '-p', '@hey-api/typescript', 'zod', '-s'], cwd: neutralCwd(), timeoutMs: 300_000 });
  const file = await bundle(join(out, 'zod.gen.ts'), join(outDir, `validation-${name}-zod.mjs`), { nodePaths: [join(peerDir('zod'), 'node_modules')] });
  return import(pathToFileURL(file).href);
}

/** A valid value of a schema, from the sandbox's (seeded) data generator. */
async function sample(doc, schema, seed, index = 0) {
  const { generateValue } = await dist('sandbox/generate-data.js');
  const { Prng } = await dist('sandbox/prng.js');
  return generateValue({ doc, prng: new Prng(seed), index, refId: () => undefined }, schema, 'x');
}

const pascal = (k) => k.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, _s, c) => c.toUpperCase());

/** Median µs per call of each side, interleaved rounds. */
function time(sides, value) {
  const per = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
  for (const f of Object.values(sides)) for (let i = 0; i < 2000; i++) f(value);
  for (let round = 0; round < 15; round++) {
    for (const [k, f] of Object.entries(sides)) {
      const n = 500;
      const t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) f(value);
      per[k].push(Number(process.hrtime.bigint() - t) / 1e3 / n);
    }
  }
  return Object.fromEntries(Object.entries(per).map(([k, l]) => [k, l.sort((a, b) => a - b)[l.length >> 1]]));
}

async function measure(rows, what, doc, input, name, pick) {
  const [docexDir, zod] = await Promise.all([docexGenerate(input, join(outDir, `validation-${name}-docex`)), zodSchemas(input, name)]);
  const { schemas } = await import(pathToFileURL(join(docexDir, 'validators.js')).href);
  const { key, value } = await pick(schemas, zod);
  const docex = schemas[key]['~standard'];
  const z = zod[`z${pascal(key)}`];
  if (!z) throw new Error(`hey-api wrote no z${pascal(key)}`);
  const ours = docex.validate(value);
  if (ours.issues) throw new Error(`docex rejects the ${key} sample: ${JSON.stringify(ours.issues.slice(0, 2))}`);
  const theirs = z.safeParse(value);
  if (!theirs.success) throw new Error(`zod rejects the ${key} sample: ${theirs.error.message.slice(0, 200)}`);
  const t = time({ docex: (v) => docex.validate(v), zod: (v) => z.safeParse(v) }, value);
  const ratio = t.docex / t.zod;
  rows.add({ figure: `${what}: ${key}, ${JSON.stringify(value).length.toLocaleString('en-US')} B of JSON`, shown: `${t.docex.toFixed(1)} µs (zod ${t.zod.toFixed(1)} µs)`, ratio, vs: 'zod safeParse', target: `<= ${TARGET}x`, ok: ratio <= TARGET });
  return { key, docexUs: t.docex, zodUs: t.zod, ratio };
}

export async function run({ log }) {
  const rows = new Rows('17. validation time per response (valid body)');
  const results = {};
  peerPackage('@hey-api/openapi-ts', { install: true, log });
  peerPackage('zod', { install: true, log });
  const inputs = [
    ['document/v1', 'document', await bundledDocumentV1(), async (_s, doc) => {
      const page = await sample(doc, doc.components.schemas.DocumentPage, 15);
      page.items = await Promise.all(Array.from({ length: 25 }, (_, i) => sample(doc, doc.components.schemas.Document, 15 + i, i)));
      return { key: 'DocumentPage', value: page };
    }],
    ['GitHub', 'github', INPUTS.github.file(), async (_s, doc) => {
      // The component a 200 response names whose sample is largest.
      let best = { key: '', value: undefined, size: 0 };
      for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) {
        const ref = op?.responses?.['200']?.content?.['application/json']?.schema?.$ref;
        const key = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
        if (!key || key === best.key) continue;
        const value = await sample(doc, doc.components.schemas[key], 15);
        const size = JSON.stringify(value).length;
        if (size > best.size) best = { key, value, size };
      }
      return best;
    }],
  ];
  for (const [what, name, input, pick] of inputs) {
    log(`validation: ${what}`);
    try {
      const doc = JSON.parse(readFileSync(input, 'utf8'));
      results[name] = await measure(rows, what, doc, input, name, (schemas) => pick(schemas, doc));
    } catch (err) {
      rows.notMeasured(`${what}: docex validators.js vs zod`, err);
    }
  }
  return { rows: rows.list, results };
}
