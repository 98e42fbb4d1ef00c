// The schema reader's properties: read once per schema and place (a lint walk asks once per rule), and read again
// when the same schema object is met at another place, whose properties are written there.
import { describe, expect, it } from 'vitest';
import { Place, props } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('props', () => {
  it('gives each place its own property locations, and the same reading again at the same place', () => {
    const { ctx, doc } = given(`components: { schemas: { A: { allOf: [{ properties: { id: { type: string } } }], properties: { name: { type: string } } } } }`);
    const node = (doc as unknown as { components: { schemas: { A: Record<string, unknown> } } }).components.schemas.A;
    const here = { node, location: new Place({ absoluteRef: 'given.yaml' }, '#/components/schemas/A') };
    const there = { node, location: new Place({ absoluteRef: 'other.yaml' }, '#/components/schemas/A') };
    const first = props(ctx, here);
    expect([...first.values()].map((p) => [p.name, p.location.source.absoluteRef, p.location.pointer])).toEqual([
      ['name', 'given.yaml', '#/components/schemas/A/properties/name'],
      ['id', 'given.yaml', '#/components/schemas/A/allOf/0/properties/id'],
    ]);
    expect(props(ctx, { node, location: new Place({ absoluteRef: 'given.yaml' }, '#/components/schemas/A') })).toBe(first);
    expect([...props(ctx, there).values()].map((p) => p.location.source.absoluteRef)).toEqual(['other.yaml', 'other.yaml']);
    expect(props(ctx, { ...here, location: here.location.child(['x']) }).get('name')?.location.pointer).toBe('#/components/schemas/A/x/properties/name');
    expect(props(ctx, undefined).size).toBe(0);
  });
});
