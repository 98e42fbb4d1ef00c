import { describe, expect, it } from 'vitest';
import { describesValues, extensibleValues, readExtensibleEnum, Place } from '../../../generator/model/conventions/index.js';

describe('x-extensible-enum reader', () => {
  it.each([
    [{ type: 'string', 'x-extensible-enum': ['Processing', 'Done'] }, ['Processing', 'Done']],
    [{ type: 'string', 'x-extensible-enum': ['Done', 3] }, ['Done']],
    [{ type: 'string', enum: ['Done'] }, undefined],
    [{ type: 'string', 'x-extensible-enum': 'Done' }, undefined],
  ])('%j -> %j', (schema, want) => {
    expect(extensibleValues(schema)).toEqual(want);
  });

  it('is read at the extension', () => {
    const at = { node: { 'x-extensible-enum': ['A'] }, location: new Place({ absoluteRef: 'a.yaml' }, '#/components/schemas/S') };
    expect(readExtensibleEnum(at)?.at.location.pointer).toBe('#/components/schemas/S/x-extensible-enum');
  });

  it.each([
    ['Processing or Done; more values may be added.', ['Processing', 'Done'], [], true],
    ['Processing or Done.', ['Processing', 'Done'], [], false],
    ['Processing; the values may change.', ['Processing', 'Done'], ['Done'], true],
  ])('description %j', (description, values, missing, says) => {
    expect(describesValues(description, values)).toEqual({ missing, saysMayChange: says });
  });
});
