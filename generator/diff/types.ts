// Shared shapes of the breaking-change checker.
export type Level = 'breaking' | 'non-breaking' | 'info';
export type Direction = 'request' | 'response';

export type Family =
  | 'apis'
  | 'paths'
  | 'parameters'
  | 'request-body'
  | 'response-body'
  | 'schema-types'
  | 'constraints'
  | 'enums'
  | 'composition'
  | 'media-types'
  | 'status-codes'
  | 'headers'
  | 'streams'
  | 'security';

/** One classified change. A change inside a shared component lists every operation it reaches. */
export interface Change {
  id: string;
  level: Level;
  /** `document/v1`, `token`, or the file's name when two files are compared. */
  api: string;
  /** `GET /documents/{documentId}`: the first of `operations`, or '' for a whole-API change. */
  operation: string;
  /** Every operation the change reaches, sorted. */
  operations: string[];
  /** Where: `query.limit`, `responses.200[application/json].items[].name`, `components.schemas.Company.name`. */
  location: string;
  message: string;
  /** Source file (HEAD side when it exists) and line, when known; filled in by the command for annotations. */
  file?: string;
  line?: number;
}

export interface DiffOptions {
  /**
   * Today's date (YYYY-MM-DD), to tell whether a sunset date has passed. The engine never reads the
   * clock: without it, removing a deprecated operation whose sunset date is set counts as before its sunset.
   */
  today?: string;
}

export type Params = Record<string, string | number>;
