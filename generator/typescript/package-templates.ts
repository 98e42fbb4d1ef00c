// docex's own templates (the package's templates/), read from disk for the TypeScript thread's tasks and handed to
// emit/ as data: the Handlebars ones compiled once per session, and the runtime and token sources copied into the
// output.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportedNames } from '../emit/index-file.js';
import type { Templates } from '../emit/templates.js';
import { packageRoot } from '../util/package-root.js';

export const templatesDir = join(packageRoot(), 'templates');

const require = createRequire(import.meta.url);
const OPTIONS = { noEscape: true, strict: false };
const HANDLEBARS_TEMPLATES = ['banner.hbs', 'api-readme.hbs'] as const;
type Render = (data: object) => string;

/** The templates as the build precompiled them (`builtTemplates`, beside this module): Handlebars' runtime renders
 *  them, and its compiler, most of loading Handlebars on the TypeScript thread's path, is not loaded. */
const builtTemplates = new URL('./handlebars-templates.cjs', import.meta.url);

function precompiled(): Record<string, unknown> | undefined {
  try {
    return require(fileURLToPath(builtTemplates)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A template of templates/, precompiled by the build, else (run from sources) compiled here. */
function compile(name: (typeof HANDLEBARS_TEMPLATES)[number], built: Record<string, unknown> | undefined): Render {
  const spec = built?.[name];
  if (spec !== undefined) return (require('handlebars/runtime') as { template(spec: unknown): Render }).template(spec);
  return (require('handlebars') as typeof import('handlebars')).compile(readFileSync(join(templatesDir, name), 'utf8'), OPTIONS);
}

/** What scripts/build.mjs writes as `builtTemplates`: each Handlebars template of templates/, precompiled. */
export function precompileTemplates(): string {
  const handlebars = require('handlebars') as typeof import('handlebars');
  const specs = HANDLEBARS_TEMPLATES.map((name) => `  ${JSON.stringify(name)}: ${String(handlebars.precompile(readFileSync(join(templatesDir, name), 'utf8'), OPTIONS))},`);
  return `// Written by scripts/build.mjs from templates/*.hbs (typescript/package-templates.ts).\nmodule.exports = {\n${specs.join('\n')}\n};\n`;
}

/** banner.hbs and api-readme.hbs, compiled, the names the runtime's index exports, and validators.js's start. */
export function readTemplates(): Templates {
  const runtimeExports = [...exportedNames(readFileSync(join(templatesDir, 'runtime', 'index.ts'), 'utf8'))];
  const built = precompiled();
  return { banner: compile('banner.hbs', built), apiReadme: compile('api-readme.hbs', built), runtimeExports, validators: validatorsStart() };
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
  const ts = require('typescript') as typeof import('typescript');
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
