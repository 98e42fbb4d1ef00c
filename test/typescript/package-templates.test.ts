// The Handlebars templates a generation renders: precompiled by the build (package-templates.ts's
// precompileTemplates, rendered with Handlebars' runtime alone) they write what the compiler writes from templates/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { precompileTemplates, templatesDir } from '../../generator/typescript/package-templates.js';

const require = createRequire(import.meta.url);
type Render = (data: object) => string;

describe('precompiled Handlebars templates', () => {
  it('render as the compiled templates do', () => {
    const module = { exports: {} as Record<string, unknown> };
    runInNewContext(precompileTemplates(), { module });
    const runtime = require('handlebars/runtime') as { template(spec: unknown): Render };
    const handlebars = require('handlebars') as typeof import('handlebars');
    const data: Record<string, object> = {
      'banner.hbs': { source: 'openapi/a<b>&"c".yaml' },
      'api-readme.hbs': {
        source: 's.json', title: 'T & <U>', factory: 'createTClient', rawFactory: 'createTRaw', tagged: true,
        groups: [{ heading: 'Pets', operations: [{ name: 'listPets', method: 'GET', path: '/pets', deprecated: true, sunset: '2027-01-01', paginated: 'page', summary: 'Lists <pets> & "more"' }] }, { operations: [{ name: 'x', method: 'POST', path: '/x', summary: '' }] }],
      },
    };
    expect(Object.keys(module.exports).sort()).toEqual(Object.keys(data).sort());
    for (const [name, context] of Object.entries(data)) {
      const compiled = handlebars.compile(readFileSync(join(templatesDir, name), 'utf8'), { noEscape: true, strict: false });
      const text = runtime.template(module.exports[name])(context);
      expect(text, name).toBe(compiled(context));
      expect(text, name).toContain(name === 'banner.hbs' ? 'a<b>&"c"' : 'Lists <pets> & "more"');
    }
  });
});
