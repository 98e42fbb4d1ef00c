// `x-sunset: <date>` on an operation: the day a deprecated operation may be removed (read by the diff).
import { EXT } from './extensions.js';

/** The sunset date written on an operation, `yyyy-mm-dd` (a YAML loader may have made it a Date). */
export function readSunset(operation: object | undefined): string | undefined {
  const v = (operation as Record<string, unknown> | undefined)?.[EXT.sunset];
  return typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : undefined;
}
