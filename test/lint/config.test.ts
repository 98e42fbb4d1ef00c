import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintRulesPage } from '../../generator/docs/pages.js';
import { lintRules } from '../../generator/lint/catalog.js';
import docexPlugin, { rules } from '../../generator/lint/plugin.js';
import { ruleModules } from '../../generator/lint/rule-list.js';
import { lintFiles } from '../../generator/lint/run.js';
import { bundleFile, discoverApis } from '../../generator/load/index.js';
import { repoRoot } from '../helpers/run-docex.js';
import { bareSite, rowOf } from '../helpers/site-page.js';

const ids = Object.keys(rules).map((id) => `docex/${id}`);

describe('rule registry, catalog, redocly.yaml and the docs site agree', () => {
  it('the catalog lists exactly the plugin rules, in one place each', () => {
    expect(lintRules.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const r of lintRules) expect(r.summary.length * r.spec.length).toBeGreaterThan(0);
  });

  it('each rule lives in generator/lint/rules/<rule-id>.ts, listed once in rule-list.ts', () => {
    const files = readdirSync(join(repoRoot, 'generator/lint/rules')).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(Object.keys(rules).sort());
    expect(ruleModules.map((m) => m.id).sort()).toEqual(files);
  });

  it('a rule module states its id, what it reports, the spec it enforces and its check; the plugin takes the check', () => {
    for (const m of ruleModules) {
      expect(m.summary.length * m.spec.length, m.id).toBeGreaterThan(0);
      expect(rules[m.id]).toBe(m.check);
    }
  });

  it("redocly.yaml loads the compiled plugin and enables its rules through the plugin's preset, not a second list", () => {
    const config = parse(readFileSync(join(repoRoot, 'redocly.yaml'), 'utf8')) as { plugins: string[]; extends: string[]; rules: Record<string, unknown> };
    expect(config.plugins).toEqual(['./dist/generator/lint/plugin.js']);
    expect(config.extends).toEqual(['recommended', 'docex/recommended']);
    expect(Object.keys(config.rules).filter((id) => id.startsWith('docex/'))).toEqual([]);
    expect(config.rules['operation-4xx-problem-details-rfc7807']).toBe('off');
  });

  it("the plugin's recommended config enables every rule", () => {
    expect(docexPlugin().configs.recommended.rules).toEqual(Object.fromEntries(ids.map((id) => [id, 'error'])));
  });

  it("the docs site's Lint rules page shows every rule of the catalog with what it reports and the spec it enforces", () => {
    const { html } = lintRulesPage(bareSite(), lintRules);
    // As the page shows it: `code` in <code>, the rest escaped.
    const shown = (s: string) => s.replace(/<\/?code>/g, '`').replace(/&(#x27|#x60|#x3D|quot|lt|gt|amp);/g, (_, e: string) => ({ '#x27': "'", '#x60': '`', '#x3D': '=', quot: '"', lt: '<', gt: '>', amp: '&' })[e]!);
    for (const rule of lintRules) {
      const cells = [...rowOf(html, rule.id).matchAll(/<td>(.*?)<\/td>/g)].map((m) => shown(m[1]!));
      expect(cells, rule.id).toEqual([`\`${rule.id}\``, rule.summary, rule.spec]);
    }
    expect(html.match(/<tr id="docex\//g)).toHaveLength(lintRules.length);
    expect(html).toContain(`<p>${lintRules.length} rules.</p>`);
  });
});

describe('with the package redocly.yaml (compiled plugin, recommended on)', () => {
  it.each(Object.keys(rules))('docex/%s reports its bad fixture', async (id) => {
    const problems = await lintFiles([join(repoRoot, `test/lint/fixtures/${id}/bad.yaml`)]);
    expect(problems.map((p) => p.ruleId)).toContain(`docex/${id}`);
  });
});

describe('the openapi/ tree', () => {
  const apis = discoverApis(join(repoRoot, 'openapi'));

  it('lints without errors', async () => {
    const problems = await lintFiles(apis.map((a) => a.file));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  // Rules look at structure, not at our file layout: one bundled document gets the same verdict.
  it.each(apis.map((a) => a.id))('%s bundled into one document has no docex errors either', async (id) => {
    const api = apis.find((a) => a.id === id);
    if (!api) throw new Error(id);
    const { document } = await bundleFile(api.file, { mode: 'foreign' });
    const file = join(mkdtempSync(join(tmpdir(), 'docex-bundled-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const problems = await lintFiles([file]);
    expect(problems.filter((p) => p.ruleId.startsWith('docex/'))).toEqual([]);
  });

  it('a bundled document whose messages lose their required technicalMessage is reported', async () => {
    const api = apis.find((a) => a.id === 'document/v1');
    if (!api) throw new Error('openapi/document/v1 is missing');
    const { document } = await bundleFile(api.file, { mode: 'foreign' });
    let broken = 0;
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.properties && typeof o.properties === 'object' && 'technicalMessage' in o.properties) {
          delete o.required;
          broken++;
        }
        Object.values(o).forEach(walk);
      }
    };
    walk(document);
    expect(broken).toBeGreaterThan(0);
    const file = join(mkdtempSync(join(tmpdir(), 'docex-bundled-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const problems = await lintFiles([file]);
    expect(problems.map((p) => p.ruleId)).toContain('docex/error-body');
  });
});
