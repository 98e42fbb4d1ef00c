// The consumer-impact report's records: a breaking change of the client-surface report, and a place in the client
// developer's own code it affects. The JSON of `docex generate --json` (its `impact` key) is these, documented in
// templates/docs/guides/regeneration.md: keep them stable.
import type * as TS from 'typescript';

export type Ts = typeof TS;

/** One breaking change, as the surface report gives it (its `kind` values). */
export interface ImpactChange {
  /** `document/v1`, or `` for a single document. */
  api: string;
  operation?: string;
  kind: string;
  target?: string;
  /** The enum values added, removed or allowed, where the change names some. */
  values?: string[];
  message: string;
}

/** A place in the consumer's code: 1-based line and column, the file relative to where docex runs. */
export interface Place {
  file: string;
  line: number;
  column: number;
  change: ImpactChange;
}

export interface ImpactReport {
  /** Breaking changes of the surface report. */
  breaking: number;
  /** Distinct places (file, line, column) affected. */
  affected: number;
  places: Place[];
  /** Breaking changes that affect no place in the consumer's code. */
  unaffected: ImpactChange[];
  /** The tsconfig read, relative to where docex runs; absent when none was. */
  project?: string;
  /** The version of TypeScript it was read with: docex's own, not the client's compiler. */
  typescript?: string;
  /** Why no consumer project was read, when there were breaking changes but none could be. */
  notLoaded?: string;
}

/** What a detector gets: the consumer program and the old generated files (absolute paths) of one API. */
export interface Scope {
  ts: Ts;
  checker: TS.TypeChecker;
  /** The consumer's own files: not generated, not from node_modules. */
  files: readonly TS.SourceFile[];
  isGenerated(file: TS.SourceFile): boolean;
}
