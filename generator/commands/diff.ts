// `docex diff BASE HEAD` | `docex diff --base-ref GITREF [PATH]`: classify every change, exit 1 when one breaks clients.
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diffFiles, diffTreesDetailed, type TreeDiff } from '../diff/trees.js';
import { checkoutAtRef } from '../diff/git.js';
import { annotateLines } from '../diff/lines.js';
import { formatGithubActions } from '../diff/format/github-actions.js';
import { formatJson } from '../diff/format/json.js';
import { formatMarkdown } from '../diff/format/markdown.js';
import { formatText } from '../diff/format/text.js';
import type { Change, DiffOptions } from '../diff/types.js';
import { strictFailure } from '../model/unsupported-lines.js';
import { resolveConfig } from '../util/config.js';
import { DocexError } from '../util/errors.js';

const FORMATS = ['text', 'json', 'markdown', 'github-actions'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: docex diff BASE HEAD [--format text|json|markdown|github-actions] [--strict]
       docex diff --base-ref GITREF [PATH] [--format ...] [--strict]

BASE and HEAD are two OpenAPI files or two openapi/ trees. With --base-ref, PATH (default: openapi)
at GITREF is compared with the working tree. What a document holds that docex does not carry (so does
not compare) is a warning on stderr naming file and line; --strict (or "strict": true in
docex.config.json) makes it a failure.
Exit 0: nothing breaking; 1: breaking changes; 2: bad input; 3: --strict and such a warning.`;

function kind(path: string): 'file' | 'dir' {
  if (!existsSync(path)) throw new DocexError('file not found', 2, path);
  return statSync(path).isDirectory() ? 'dir' : 'file';
}

async function compare(base: string, head: string, options: DiffOptions): Promise<TreeDiff> {
  const [bk, hk] = [kind(base), kind(head)];
  if (bk !== hk) throw new DocexError(`BASE and HEAD must both be files or both be directories (${base} is a ${bk}, ${head} a ${hk})`, 2);
  if (bk === 'file') return diffFiles(base, head, options);
  return diffTreesDetailed(base, head, options);
}

function render(format: Format, changes: Change[]): string {
  switch (format) {
    case 'json':
      return formatJson(changes);
    case 'markdown':
      return formatMarkdown(changes);
    case 'github-actions':
      return formatGithubActions(changes);
    default:
      return formatText(changes);
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'text' },
      'base-ref': { type: 'string' },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new DocexError(`unknown --format "${values.format}" (one of ${FORMATS.join(', ')})`, 2);
  // The engine never reads the clock; the command decides what "today" is for sunset dates.
  const options: DiffOptions = { today: new Date().toISOString().slice(0, 10) };

  let result: TreeDiff;
  const ref = values['base-ref'];
  if (ref !== undefined) {
    if (positionals.length > 1) throw new DocexError(`--base-ref takes at most one PATH\n${USAGE}`, 2);
    const target = positionals[0] ?? 'openapi';
    const head = resolve(target);
    const headKind = kind(head);
    const checkout = checkoutAtRef(process.cwd(), ref, target);
    try {
      if (headKind === 'file' && !checkout.exists) throw new DocexError(`${target} does not exist at ${ref}`, 2);
      result = await compare(checkout.path, head, options);
      // The base's warnings name it as it is at GITREF, not the temporary checkout it was read from.
      result.warnings = result.warnings.map((w) => (w.startsWith(checkout.path) ? `${ref}:${target}${w.slice(checkout.path.length)}` : w));
    } finally {
      rmSync(checkout.tempDir, { recursive: true, force: true });
    }
  } else {
    if (positionals.length !== 2) throw new DocexError(`expected BASE and HEAD\n${USAGE}`, 2);
    result = await compare(positionals[0]!, positionals[1]!, options);
  }

  for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
  if (format === 'github-actions') annotateLines(result.changes, result.apis);
  process.stdout.write(render(format, result.changes));
  const strict = strictFailure(values.strict || resolveConfig(process.cwd(), {}).strict, result.warnings.length);
  if (strict) throw strict;
  return result.changes.some((c) => c.level === 'breaking') ? 1 : 0;
}
