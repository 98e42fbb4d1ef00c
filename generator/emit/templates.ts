// docex's own templates as emit/ uses them: handed in as data (typescript/package-templates.ts reads and compiles
// them), so that emit/ reads no files.
import type { ApiReadme } from './readme-file.js';

/** The compiled templates: banner.hbs, the one-line header of every generated file; api-readme.hbs; and what the
 *  runtime exports. */
export interface Templates {
  banner(data: { source: string }): string;
  apiReadme(data: ApiReadme): string;
  /** The names templates/runtime/index.ts exports, which every API's index.ts re-exports. */
  runtimeExports: readonly string[];
  /** templates/validators/checks.ts as JavaScript, nothing exported: the start of every validators.js. */
  validators: string;
}

/** The header of a generated file; the source path cannot break out of the comment. */
export function banner(templates: Templates, source: string): string {
  return templates.banner({ source: source.replace(/[\r\n\u2028\u2029]/g, ' ') });
}
