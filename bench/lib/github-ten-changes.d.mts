export interface ExpectedChange {
  id: string;
  operation: string;
}
export function applyTenChanges(doc: object): ExpectedChange[];
export function countFound(expected: readonly ExpectedChange[], changes: readonly { id: string; operations: readonly string[] }[]): number;
