// Figure 1: generation. docex generate vs openapi-typescript (types only), hey-api and orval on three inputs:
// whole-process wall time (median of paired, interleaved runs), peak RSS, output size; then `tsc --noEmit --strict`
// over each output (docex and openapi-typescript also with a small consumer), paired the same way.
import { join } from 'node:path';
import { fmt, pairedRatio, paired } from './lib/measure.mjs';
import { pickOperations, writeDocexConsumer, writeOatConsumer } from './lib/consumers.mjs';
import { Rows } from './lib/report.mjs';
import { GENERATORS, INPUTS, bundledDocumentV1, filesUnder, fresh, outDir, outputSize, neutralCwd, root, tscBin } from './lib/setup.mjs';

const TSC_FLAGS = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom,dom.iterable'];
const OAT = 'openapi-typescript';

const shownRun = (r) => `${fmt.ms(r.wallMs)} wall, ${fmt.ms(r.cpuMs)} cpu, peak ${fmt.mib(r.maxRssKiB)}, n=${r.runs}`;

export async function run({ log, only: inputsWanted, runs: runsOverride }) {
  const rows = new Rows('1. generation');
  const results = {};
  for (const [input, conf] of Object.entries(INPUTS)) {
    if (inputsWanted && !inputsWanted.includes(input)) continue;
    const runs = runsOverride ?? conf.runs;
    const warmup = runsOverride ? 0 : conf.warmup;
    let file;
    try {
      file = input === 'document/v1' ? await bundledDocumentV1() : conf.file();
    } catch (err) {
      rows.notMeasured(`${input}: every tool`, `input not prepared: ${err.message}`);
      continue;
    }
    const slug = input.replace('/', '-');
    const outOf = (tool) => join(outDir, 'gen', slug, tool);
    log(`generation ${input}: ${Object.keys(GENERATORS).join(', ')} x ${warmup}+${runs}`);
    const variants = Object.entries(GENERATORS).map(([name, cmd]) => ({ name, cwd: neutralCwd(), timeoutMs: 240_000, ...cmd(file, outOf(name)) }));
    const gen = await paired(variants, { runs, warmup, budgetMs: conf.genBudgetMs, before: (v) => fresh(outOf(v.name)) });
    results[input] = { generation: gen, output: {}, tsc: {} };
    for (const name of Object.keys(GENERATORS)) {
      const r = gen[name];
      if (r.error || !r.runs) {
        rows.notMeasured(`${input}: ${name} generate`, r.error ?? 'no run');
        continue;
      }
      const size = outputSize(outOf(name));
      results[input].output[name] = size;
      rows.add({
        figure: `${input}: ${name} generate`,
        value: r.wallMs,
        unit: 'ms',
        shown: `${shownRun(r)}; out ${fmt.bytes(size.bytes)}, ${fmt.int(size.lines)} lines, ${size.files} files`,
        ratio: name === OAT ? 1 : pairedRatio(r, gen[OAT]),
        vs: OAT,
      });
    }
    const d = gen.docex;
    if (d?.runs) {
      const big = input !== 'document/v1';
      if (gen[OAT]?.runs && big) {
        const ratio = pairedRatio(d, gen[OAT]);
        rows.add({ figure: `${input}: docex vs ${OAT}`, value: ratio, shown: `wall, paired; cpu ${fmt.ratio(pairedRatio(d, gen[OAT], 'cpuMs'))}`, ratio, vs: OAT, target: '<= 0.75x', ok: ratio <= 0.75 });
      }
      if (gen['hey-api']?.runs) {
        const ratio = pairedRatio(d, gen['hey-api']);
        rows.add({ figure: `${input}: docex vs hey-api`, value: ratio, shown: `wall, paired; cpu ${fmt.ratio(pairedRatio(d, gen['hey-api'], 'cpuMs'))}`, ratio, vs: 'hey-api', target: '< 1.00x', ok: ratio < 1 });
      }
      if (gen.orval?.runs && input === 'github') {
        const ratio = pairedRatio(d, gen.orval);
        rows.add({ figure: `${input}: docex vs orval`, value: ratio, shown: `wall, paired; cpu ${fmt.ratio(pairedRatio(d, gen.orval, 'cpuMs'))}`, ratio, vs: 'orval', target: '< 1.00x', ok: ratio < 1 });
      }
    }

    // Type-check each output; docex and openapi-typescript also with a consumer of the same operations.
    const ops = pickOperations(file, 5);
    const tscVariants = [];
    const tsc = (name, files) => tscVariants.push({ name, args: [tscBin(), ...TSC_FLAGS, ...files], cwd: neutralCwd(), okCodes: [0, 1, 2], timeoutMs: 240_000 });
    if (gen[OAT]?.runs) {
      tsc(OAT, [join(outOf(OAT), 'schema.ts')]);
      tsc(`${OAT} + openapi-fetch consumer`, [writeOatConsumer(outOf(OAT), ops)]);
    }
    if (d?.runs) {
      try {
        tsc('docex + consumer', [await writeDocexConsumer(outOf('docex'), ops)]);
      } catch (err) {
        rows.notMeasured(`${input}: tsc docex + consumer`, err);
      }
    }
    if (gen['hey-api']?.runs) tsc('hey-api', filesUnder(outOf('hey-api'), '.ts'));
    if (gen.orval?.runs) tsc('orval', [join(outOf('orval'), 'api.ts')]);
    log(`tsc ${input}: ${tscVariants.map((v) => v.name).join(', ')} x ${runsOverride ?? conf.tscRuns} (consumers call ${ops.map((o) => o.operationId).join(', ')})`);
    const checked = await paired(tscVariants, { runs: runsOverride ?? conf.tscRuns, warmup: 0, budgetMs: conf.tscBudgetMs });
    results[input].tsc = checked;
    results[input].consumerOperations = ops.map((o) => o.operationId);
    for (const v of tscVariants) {
      const r = checked[v.name];
      if (r.error || !r.runs) {
        rows.notMeasured(`${input}: tsc ${v.name}`, r.error ?? 'no run');
        continue;
      }
      const errors = (r.samples.at(-1).stdout.match(/error TS\d+/g) ?? []).length;
      rows.add({
        figure: `${input}: tsc ${v.name}`,
        value: r.wallMs,
        unit: 'ms',
        shown: `${shownRun(r)}${errors ? `; ${errors} type error${errors === 1 ? '' : 's'}` : ''}`,
        ratio: checked[OAT]?.runs ? pairedRatio(r, checked[OAT]) : undefined,
        vs: checked[OAT]?.runs ? OAT : undefined,
        ...(errors ? { note: (r.samples.at(-1).stdout.match(/^.*error TS\d+.*$/m) ?? [''])[0].replace(root, '').slice(0, 150) } : {}),
      });
    }
    const dc = checked['docex + consumer'];
    const oc = checked[`${OAT} + openapi-fetch consumer`];
    if (dc?.runs && oc?.runs) {
      const ratio = pairedRatio(dc, oc);
      rows.add({ figure: `${input}: tsc docex+consumer vs oat+openapi-fetch consumer`, value: ratio, shown: `wall, paired; cpu ${fmt.ratio(pairedRatio(dc, oc, 'cpuMs'))}`, ratio, vs: 'oat + openapi-fetch', target: '<= 1.00x', ok: ratio <= 1 });
    }
  }
  return { rows: rows.list, results: stripSamples(results) };
}

/** results.json keeps per-run walls, not captured stdout. */
function stripSamples(results) {
  return JSON.parse(
    JSON.stringify(results, (k, v) => {
      if (k === 'stdout') return undefined;
      if (k === 'error') return String(v?.message ?? v);
      if (typeof v === 'number') return Math.round(v * 100) / 100;
      return v;
    }),
  );
}
