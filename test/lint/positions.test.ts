// Problem positions (generator/lint/positions.ts) are Redocly's getLineColLocation's, found with each mapping's keys
// indexed: the same line and column for every problem of every rule fixture, YAML and JSON, on keys and on values.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createConfig, getLineColLocation, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import docexPlugin from '../../generator/lint/plugin.js';
import { positionOf } from '../../generator/lint/positions.js';
import { parseYaml } from '../../generator/load/yaml.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('shared'));

async function compareAll(dir: string, names: string[]): Promise<{ compared: number; onKey: number }> {
  const config = await createConfig({ extends: ['recommended'], plugins: [docexPlugin()], rules: Object.fromEntries(Object.keys(docexPlugin().rules.oas3).map((id) => [`docex/${id}`, 'error'])) });
  let compared = 0;
  let onKey = 0;
  for (const file of names) {
    const problems = await lint({ ref: join(dir, file), config });
    for (const p of problems) {
      const loc = p.location[0];
      if (!loc) continue;
      // positionOf first: in a YAML file its first lookup is the one that asks Redocly, so later ones use the index.
      const mine = positionOf(loc);
      const theirs = getLineColLocation(loc);
      expect([mine.source.absoluteRef, mine.line, mine.col], `${file} ${loc.pointer}`).toEqual([theirs.source.absoluteRef, theirs.start.line, theirs.start.col]);
      compared++;
      if (loc.reportOnKey) onKey++;
    }
  }
  return { compared, onKey };
}

describe('lint problem positions', () => {
  it("are Redocly's own, for every problem of every fixture", async () => {
    const { compared, onKey } = await compareAll(fixtures, files);
    expect(compared).toBeGreaterThan(100);
    expect(onKey).toBeGreaterThan(0);
  });

  it("are Redocly's own for every fixture written as JSON, indented, on one line and with CRLF line ends", async () => {
    const out = mkdtempSync(join(tmpdir(), 'docex-positions-'));
    try {
      const names: string[] = [];
      for (const file of files) {
        const doc = parseYaml(readFileSync(join(fixtures, file), 'utf8'), file);
        const texts = { indented: JSON.stringify(doc, null, 2), line: JSON.stringify(doc), crlf: JSON.stringify(doc, null, '\t').replace(/\n/g, '\r\n') };
        for (const [layout, text] of Object.entries(texts)) {
          const name = join(layout, file.replace(/\.ya?ml$/, '.json'));
          mkdirSync(dirname(join(out, name)), { recursive: true });
          writeFileSync(join(out, name), `${text}\n`);
          names.push(name);
        }
      }
      const { compared, onKey } = await compareAll(out, names);
      expect(compared).toBeGreaterThan(300);
      expect(onKey).toBeGreaterThan(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
