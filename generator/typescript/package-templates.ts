// docex's own templates (the package's templates/), read from disk for the TypeScript thread's tasks and handed to
// emit/ as data: the Handlebars ones compiled once per session, and the runtime and token sources copied into the
// output.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { exportedNames } from '../emit/index-file.js';
import type { Templates } from '../emit/templates.js';
import { packageRoot } from '../util/package-root.js';

export const templatesDir = join(packageRoot(), 'templates');

const compile = (name: string) => Handlebars.compile(readFileSync(join(templatesDir, name), 'utf8'), { noEscape: true, strict: false });

/** banner.hbs and api-readme.hbs, compiled, the names the runtime's index exports, and validators.js's start. */
export function readTemplates(): Templates {
  const runtimeExports = [...exportedNames(readFileSync(join(templatesDir, 'runtime', 'index.ts'), 'utf8'))];
  return { banner: compile('banner.hbs'), apiReadme: compile('api-readme.hbs'), runtimeExports, validators: validatorsStart() };
}

/** templates/validators/checks.ts as the start of a validators.js. The build writes it beside this module
 *  (transpiling it here cost the first generation of a session its longest step); run from sources, it is made here. */
function validatorsStart(): string {
  try {
    return readFileSync(builtChecks, 'utf8');
  } catch {
    return checksAsJavaScript();
  }
}

const builtChecks = new URL('./validators-checks.js', import.meta.url);

/** checks.ts with its types stripped (TypeScript's transpiler) and its exports made module-local (validators.js
 *  exports only what its .d.ts declares). scripts/build.mjs writes it as `builtChecks`. */
export function checksAsJavaScript(): string {
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const source = readFileSync(join(templatesDir, 'validators', 'checks.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false } });
  return `${outputText.replace(/^export (?=(?:async )?function |const |let )/gm, '').replace(/^export \{\};\n/m, '').trimEnd()}\n\n`;
}

/** The sources of `templates/<dir>/` that a client gets (its .ts files but tests), name -> text, by name; none
 *  when the folder is missing. */
export function readTemplateSources(dir: 'runtime' | 'token'): [string, string][] {
  const from = join(templatesDir, dir);
  let names: string[];
  try {
    names = readdirSync(from).filter((n) => n.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(n)).sort();
  } catch {
    names = [];
  }
  return names.map((name) => [name, readFileSync(join(from, name), 'utf8')]);
}
