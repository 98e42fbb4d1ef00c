// Small consumer programs for the type-check figure: the same few GET operations called through docex's client and
// through openapi-fetch over openapi-typescript's types, so tsc sees real use of each output, not just its declarations.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { root, write } from './setup.mjs';

function pointer(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let node = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

function deref(doc, node) {
  for (let i = 0; i < 10 && node && node.$ref; i++) node = pointer(doc, node.$ref);
  return node;
}

/** A literal of the parameter's type, or undefined when the schema is not a plain scalar. */
function sampleValue(doc, schema) {
  const s = deref(doc, schema);
  if (!s) return undefined;
  if (Array.isArray(s.enum) && s.enum.length) return JSON.stringify(s.enum[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'string') return JSON.stringify('x');
  if (type === 'boolean') return 'true';
  return undefined;
}

/** Up to `count` GET operations whose required parameters are path/query scalars, in document order. */
export function pickOperations(file, count = 5) {
  const text = readFileSync(file, 'utf8');
  const doc = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  const picked = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    const op = item?.get;
    if (!op?.operationId || op.requestBody) continue;
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p)).filter(Boolean);
    const required = params.filter((p) => p.in === 'path' || p.required === true);
    if (required.some((p) => p.in !== 'path' && p.in !== 'query')) continue;
    const values = required.map((p) => ({ name: p.name, in: p.in, value: sampleValue(doc, p.schema) }));
    if (values.some((v) => v.value === undefined)) continue;
    picked.push({ path, operationId: op.operationId, params: values });
    if (picked.length === count) break;
  }
  return picked;
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** consumer.ts next to openapi-typescript's schema.ts, calling the operations with openapi-fetch. */
export function writeOatConsumer(dir, ops) {
  const calls = ops.map((op, i) => {
    const groups = ['path', 'query']
      .map((where) => {
        const ps = op.params.filter((p) => p.in === where);
        return ps.length ? `${where}: { ${ps.map((p) => `${key(p.name)}: ${p.value}`).join(', ')} }` : '';
      })
      .filter(Boolean);
    const init = groups.length ? `, { params: { ${groups.join(', ')} } }` : '';
    return `  const r${i} = await client.GET(${JSON.stringify(op.path)}${init});\n`;
  });
  return write(
    join(dir, 'consumer.ts'),
    `import createClient from 'openapi-fetch';\nimport type { paths } from './schema.js';\n\n` +
      `const client = createClient<paths>({ baseUrl: 'http://127.0.0.1/' });\n\nexport async function main() {\n${calls.join('')}` +
      `  return [${ops.map((_, i) => `r${i}.data`).join(', ')}] as const;\n}\n`,
  );
}

/** consumer.ts next to docex's index.ts, calling the same operations as generated methods. */
export async function writeDocexConsumer(dir, ops) {
  const { safeName } = await import(join(root, 'dist/generator/model/names.js'));
  // The method's path on the client: in resources for a namespaced operationId (`repos/get`: `repos.get`).
  const { clientPaths } = await import(join(root, 'dist/generator/model/client-paths.js'));
  const client = readFileSync(join(dir, 'client.ts'), 'utf8');
  const factory = /export function (create\w*Client)\(/.exec(client)?.[1];
  if (!factory) throw new Error(`no create...Client factory in ${join(dir, 'client.ts')}`);
  const calls = [];
  for (const op of ops) {
    const path = clientPaths([{ operationId: op.operationId, base: op.operationId }], {}, () => {})[0];
    const name = path.at(-1);
    // The member appears in the client's type or object literal (`  name: ...`, `  name(...`, `  name<E>...`).
    if (!new RegExp(`^\\s+${name}\\??\\s*[:(<]`, 'm').test(client)) throw new Error(`docex client has no method ${name} for operationId ${op.operationId}`);
    const args = op.params.map((p) => `${key(safeName(p.name, new Set(['body'])))}: ${p.value}`);
    calls.push(`  const r${calls.length} = await api.${path.join('.')}(${args.length ? `{ ${args.join(', ')} }` : ''});\n`);
  }
  return write(
    join(dir, 'consumer.ts'),
    `import { ${factory} } from './index.js';\n\nconst api = ${factory}({ baseUrl: 'http://127.0.0.1/' });\n\nexport async function main() {\n${calls.join('')}` +
      `  return [${calls.map((_, i) => `r${i}`).join(', ')}] as const;\n}\n`,
  );
}
