// Preloaded with `node --import` by test/cli/lazy-ts-morph.test.ts: records every module URL Node resolves into the
// file named by DOCEX_TEST_IMPORTS, so a test can tell whether a command loaded ts-morph.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const out = await next(specifier, context);
  if (process.env.DOCEX_TEST_IMPORTS) appendFileSync(process.env.DOCEX_TEST_IMPORTS, out.url + '\\n');
  return out;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
