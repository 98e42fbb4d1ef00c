// What operation-level rule families see: both sides of one operation and two ways to report.
import type { OperationObject, ParameterObject, PathItemObject, SecurityRequirement } from '../load/types.js';
import type { DocSchemas } from './schema/resolve.js';
import type { RuleId } from './registry.js';
import type { Direction, Params } from './types.js';

export interface OperationSide {
  schemas: DocSchemas;
  op: OperationObject;
  /** The path as written (`/documents/{documentId}`), or `webhook <name>`. */
  path: string;
  /** As sent: `GET`, `QUERY`, `LINK`. */
  method: string;
  /** Where the operation is written in its path item: `get`, `query`, `additionalOperations.LINK`. */
  at: string;
  pathItem: PathItemObject;
  /** Path-level and operation-level parameters, resolved, operation-level winning. */
  params: ParameterObject[];
  /** Effective requirements: the operation's, else the document's. */
  security: SecurityRequirement[];
}

/** Where a schema sits in an operation: the root of the location and how to name it in messages. */
export interface Site {
  location: string;
  /** Names the schema's root in messages: "query parameter `limit`", "the request body (application/json)". */
  label: string;
  /** A 3.2 `querystring` parameter's properties are named as a body's are, as query string properties. */
  kind: 'parameter' | 'body' | 'querystring' | 'header';
  /** Non-JSON bodies (XML, text) where a root type change is a change of description, not of bytes. */
  loose?: boolean;
  /** Rule ids to use instead at the site's root (a parameter's default, the collection `limit`). */
  rename?: Partial<Record<RuleId, RuleId>>;
  /** Rule ids at the site's root that a rule of the operation reports better (a stream's event types). */
  covered?: readonly RuleId[];
}

export interface OperationPair {
  /** `GET /documents/{documentId}` as in HEAD. */
  operation: string;
  base: OperationSide;
  head: OperationSide;
  emit(id: RuleId, location: string, params?: Params): void;
  schema(baseRaw: unknown, headRaw: unknown, dir: Direction, site: Site): void;
}
