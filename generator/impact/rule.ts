// A detector for one breaking change: the words a file must contain to be looked at (a text prefilter, so most files
// are never walked and the checker is asked about few nodes), and a visit of each node of the files that do.
import type * as TS from 'typescript';
import type { ImpactChange } from './types.js';

export interface Rule {
  change: ImpactChange;
  needles: readonly string[];
  /** The syntax kinds of the nodes it looks at: the scan gives it no other. */
  kinds: readonly TS.SyntaxKind[];
  /** The node to report when `node` is an affected place, else undefined. */
  visit(node: TS.Node): TS.Node | undefined;
}
