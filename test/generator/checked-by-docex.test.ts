// client.ts, index.ts and raw.ts start with `@ts-nocheck` (CHECKED_BY_DOCEX): a client's compiler checks its own code
// against their declarations and skips their bodies. docex's own checks (scripts/tsc.mjs, which test/generator/helpers
// runs) see through that line and only that one, or the directive would hide docex's own bugs: a type error written
// into a copy of a generated client is reported there, at its own line, and not by a client's plain tsc.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { fixtures, outRoot, typecheck } from './helpers.js';

const dir = 'checked-by-docex';
const out = join(outRoot, dir);
/** An `any` where a type was meant (TS7006 under strict), the kind of generator bug the directive must not hide. */
const BUG = 'export function untyped(value) { return value; }\n';
let bugLine = 0;

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  writeTree(join(out, 'api'), (await generateTree(join(fixtures, 'basic/openapi.yaml'))).tree);
  const client = join(out, 'api/client.ts');
  bugLine = readFileSync(client, 'utf8').split('\n').length;
  appendFileSync(client, BUG);
  // The runtime's copies keep their own directive: their sources (templates/runtime) are what docex checks.
  appendFileSync(join(out, 'api/runtime/core.ts'), BUG);
  writeFileSync(join(out, 'consumer.ts'), "import { createBasicFixtureClient } from './api/index.js';\nexport const api = createBasicFixtureClient({ baseUrl: 'http://127.0.0.1:1/' });\n");
}, 60_000);

describe("the @ts-nocheck line of client.ts, index.ts and raw.ts", () => {
  it("hides nothing from docex's own type-check: a type error in client.ts is reported at its line", () => {
    const found = typecheck(dir);
    expect(found).toContain(`api/client.ts(${bugLine},25): error TS7006`);
    expect(found.match(/error TS/g)).toHaveLength(1);
  });

  it("leaves client.ts's body out of a client's plain tsc, which checks the consumer against its declarations", () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node'];
    const r = spawnSync(process.execPath, [tsc, ...flags, join(out, 'consumer.ts')], { encoding: 'utf8', timeout: 180_000 });
    expect([r.status, r.stdout]).toEqual([0, '']);
    // Outside the folder the first test checks.
    const wrong = join(outRoot, `${dir}-wrong.ts`);
    writeFileSync(wrong, `import { createBasicFixtureClient } from './${dir}/api/index.js';\ncreateBasicFixtureClient({ baseUrl: 1 });\n`);
    const r2 = spawnSync(process.execPath, [tsc, ...flags, wrong], { encoding: 'utf8', timeout: 180_000 });
    expect(r2.stdout).toMatch(/wrong\.ts\(2,28\): error TS2322/);
  });
});
