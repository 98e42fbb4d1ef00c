// Issue 41 (N): an object parameter whose schema nests an object (cloudmersive's `formTemplateDefinition` header) has
// no serialisation in its style: the generated method's type refuses the nested object, and so does the runtime,
// before anything is sent. It went out as `[object Object]`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { echo, startServer, type TestServer } from '../runtime/server.js';
import { outRoot, typecheck } from './helpers.js';

const out = join(outRoot, 'nested-param');
const document = `openapi: 3.0.3
info: { title: Forms, version: '1' }
servers: [{ url: 'https://forms.example.com' }]
paths:
  /recognize:
    post:
      operationId: recognize
      parameters:
        - name: formTemplateDefinition
          in: header
          required: true
          schema:
            type: object
            properties:
              name: { type: string }
              tags: { type: array, items: { type: string } }
              fields: { type: object, properties: { total: { type: number } } }
      responses: { '204': { description: ok } }
`;
let server: TestServer;
beforeAll(async () => {
  server = await startServer(echo);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'forms.yaml'), document);
  writeTree(join(out, 'forms'), (await generateTree(join(out, 'forms.yaml'))).tree);
}, 60_000);
afterAll(() => server.close());

describe('a nested object in an object parameter', () => {
  it('does not compile, and is refused at run time before sending', async () => {
    writeFileSync(
      join(out, 'use.ts'),
      `import { createFormsClient } from './forms/index.js';
const c = createFormsClient();
void c.recognize({ formTemplateDefinition: { name: 'invoice', tags: ['a'] } });
// @ts-expect-error: a nested object has no serialisation in a header
void c.recognize({ formTemplateDefinition: { name: 'invoice', fields: { total: 1 } } });
`,
    );
    expect(typecheck('nested-param')).toBe('');
    const { createFormsClient } = (await import(join(out, 'forms', 'index.ts'))) as { createFormsClient: (o: object) => { recognize: (p: object) => Promise<unknown> } };
    const c = createFormsClient({ baseUrl: server.url, retry: false });
    await expect(c.recognize({ formTemplateDefinition: { name: 'invoice', fields: { total: 1 } } })).rejects.toThrow(
      new TypeError('parameter formTemplateDefinition: a nested object cannot be sent in style simple; OpenAPI defines no serialisation for it (send it as a JSON content parameter)'),
    );
    expect(server.requests).toEqual([]);
    await c.recognize({ formTemplateDefinition: { name: 'invoice', tags: ['a', 'b'] } });
    expect(server.requests.map((r) => r.headers['formtemplatedefinition'])).toEqual(['name,invoice,tags,a,b']);
  });
});
