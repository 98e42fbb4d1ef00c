// A rule's report function says each message at each place once: a shared component reached from many operations
// is one problem, while another message at that place, or the same one at another place or file, is another.
import { describe, expect, it } from 'vitest';
import { Place } from '../../generator/model/conventions/index.js';
import { reporter, Said } from '../../generator/lint/shapes/report.js';

describe('reporter', () => {
  it('passes on each message at each place once, on the key when asked', () => {
    const reported: { message: string; location: unknown }[] = [];
    const report = reporter({ report: (p) => void reported.push({ message: p.message, location: p.location }) }, new Said());
    const a = new Place({ absoluteRef: 'a.yaml' }, '#/components/schemas/X');
    report(a, 'one');
    report(new Place({ absoluteRef: 'a.yaml' }, '#/components/schemas/X'), 'one');
    report(a, 'two', true);
    report(a, 'two');
    report(new Place({ absoluteRef: 'b.yaml' }, '#/components/schemas/X'), 'one');
    report(a.child(['properties']), 'one');
    expect(reported.map((r) => r.message)).toEqual(['one', 'two', 'one', 'one']);
    expect(reported.map((r) => (r.location as Place).source.absoluteRef)).toEqual(['a.yaml', 'a.yaml', 'b.yaml', 'a.yaml']);
  });
});
