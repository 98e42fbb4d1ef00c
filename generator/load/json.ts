// JSON text read by JSON.parse where that gives what the YAML parser (yaml.ts) would: Redocly reads JSON with its
// YAML parser, several times slower on a large description. They differ only on a duplicate key, which the YAML
// parser refuses and JSON.parse lets the last one win: a text whose parsed objects hold fewer keys than it writes
// members is left to the YAML parser, so its error stays the one Redocly reports.
import { checkJsonDepth } from './bounds.js';

/** The value of JSON `text` with no duplicate key, bounded as yaml.ts bounds it; undefined for anything else. */
export function parseJsonExactly(text: string, file: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const written = { members: 0 };
  checkJsonDepth(text, file, written);
  return keyCount(parsed) === written.members ? parsed : undefined;
}

/** Own keys of every object in `value` (JSON.parse makes `__proto__` an own key too); depth is bounded by then. */
function keyCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const item of value) n += keyCount(item);
    return n;
  }
  for (const key of Object.keys(value)) n += 1 + keyCount((value as Record<string, unknown>)[key]);
  return n;
}
