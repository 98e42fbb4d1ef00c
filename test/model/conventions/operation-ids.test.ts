import { describe, expect, it } from 'vitest';
import { uniqueOperationIds } from '../../../generator/model/conventions/index.js';

describe('operationId uniqueness', () => {
  it.each([
    [['a', 'b'], ['a', 'b']],
    [['a', 'a', 'b'], ['b']],
    [[undefined, 'b'], ['b']],
  ])('%j -> unique %j', (ids, want) => {
    expect([...uniqueOperationIds(ids.map((operationId) => (operationId ? { operationId } : {})))].sort()).toEqual(want);
  });
});
