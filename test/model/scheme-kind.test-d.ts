// The model's SchemeKind is what the client's scheme table holds, and the runtime reads that table as its SchemeSpec.
// The model defines its own (it imports nothing of templates/): tsc fails here when the two drift apart.
import { describe, expectTypeOf, it } from 'vitest';
import type { SchemeKind } from '../../generator/model/index.js';
import type { SchemeSpec } from '../../templates/runtime/index.js';

describe('SchemeKind', () => {
  it('is the runtime SchemeSpec: each assignable to the other, the same type', () => {
    expectTypeOf<SchemeKind>().toExtend<SchemeSpec>();
    expectTypeOf<SchemeSpec>().toExtend<SchemeKind>();
    expectTypeOf<SchemeKind>().toEqualTypeOf<SchemeSpec>();
  });
});
