// Reads the traceability catalog for the docs site's traceability page (its rows, kept whole by test/trace).
import { unescapePointer } from '../util/json.js';
import { statements, type Cell, type Statement } from './statements.js';

export const COLUMNS = ['doc', 'lint', 'runtime', 'sandbox', 'test'] as const;
type Column = (typeof COLUMNS)[number];
export const COLUMN_TITLES: Record<Column, string> = {
  doc: 'document', lint: 'lint / diff', runtime: 'runtime / token client', sandbox: 'sandbox', test: 'test',
};

export function isGap(cell: Cell): cell is { readonly gap: string } {
  return 'gap' in cell;
}
export function isNa(cell: Cell): cell is { readonly na: string } {
  return 'na' in cell;
}
export function refsOf(cell: Cell): readonly string[] {
  return isGap(cell) || isNa(cell) ? [] : cell;
}

/** A statement is covered when no applicable cell is a gap. */
function isCovered(s: Statement): boolean {
  return COLUMNS.every((c) => !isGap(s[c]));
}

export function coverage(): { covered: number; total: number } {
  return { covered: statements.filter(isCovered).length, total: statements.length };
}

/** A short label for a reference: the rule id, `file#name`, `file > title` or the document pointer's end. */
export function shortRef(ref: string): string {
  const test = / > /.exec(ref);
  if (test) return ref.slice(0, test.index).replace(/^test\//, '');
  if (ref.startsWith('test/')) return ref.replace(/^test\//, '');
  if (ref.startsWith('docex/') || ref.startsWith('diff/')) return ref;
  const [file = ref, frag] = ref.split('#');
  if (file.startsWith('openapi/')) {
    const where = file.replace(/^openapi\//, '').replace(/\/openapi\.yaml$/, '').replace(/\.yaml$/, '');
    const last = (frag ?? '').split('/').filter(Boolean).map(unescapePointer);
    return `${where} ${last.slice(-2).join(' ')}`.trim();
  }
  return `${file.split('/').pop()}#${frag ?? ''}`;
}
