import { formatInstant, parseDate, parseInstant } from './iso8601.js';

/** ajv format checks for requests: any ISO 8601 timestamp or date (spec 2.1), not only RFC 3339's profile. */
export const INPUT_FORMATS = {
  'date-time': (s: string): boolean => parseInstant(s) !== undefined,
  date: (s: string): boolean => parseDate(s) !== undefined,
};

/** An input timestamp or date in the output form; as it is when it does not parse (ajv names it then). */
export function normaliseOne(format: string | undefined, value: string): string {
  if (format === 'date-time') {
    const ms = parseInstant(value);
    return ms === undefined ? value : formatInstant(ms);
  }
  if (format === 'date') return parseDate(value) ?? value;
  return value;
}
