// validators.js reads timestamps by char code (checks.ts): held here to RFC 3339's grammar as regular expressions say
// it, on near-valid strings (one to three characters changed, every zone form) and arbitrary ones (seeded).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { formats } from '../../templates/validators/checks.js';

const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const date = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && !leap ? 28 : DAYS[mo]!);
};
const time = (s: string) => {
  const m = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i.exec(s);
  if (!m) return false;
  const zone = m[5]!.length > 1 ? m[5]!.slice(1).split(':').map(Number) : [0, 0];
  return +m[1]! <= 23 && +m[2]! <= 59 && +m[3]! <= 60 && zone[0]! <= 23 && zone[1]! <= 59;
};
const reference: Record<string, (s: string) => boolean> = {
  'date-time': (s) => /^.{10}[tT ]/.test(s) && date(s.slice(0, 10)) && time(s.slice(11)),
  date,
  time,
};

const near = fc
  .tuple(
    fc.date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z') }),
    fc.array(fc.tuple(fc.nat(30), fc.constantFrom(...'0123456789-:TtZz+. x')), { maxLength: 3 }),
    fc.constantFrom('Z', 'z', '+05:30', '-23:59', '+24:00', '', '.5Z', '.Z', '.123456+01:00'),
  )
  .map(([d, edits, zone]) => edits.reduce((s, [i, c]) => s.slice(0, i) + c + s.slice(i + 1), d.toISOString().slice(0, 19) + zone));

describe('timestamp formats', () => {
  it.each(Object.keys(reference))('%s agrees with the grammar', (f) => {
    const input = fc.oneof(near, near.map((s) => s.slice(0, 10)), near.map((s) => s.slice(11)), fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(input, (s) => formats[f]!(s) === reference[f]!(s)),
      { seed: Number(process.env.DOCEX_PROPERTY_SEED ?? 48), numRuns: 5000 },
    );
  });
});
