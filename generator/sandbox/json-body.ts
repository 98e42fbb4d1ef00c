// A JSON request body read for the sandbox: JSON.parse for the syntax, then one pass over the text for what JSON.parse
// lets through: nesting past MAX_BODY_DEPTH, and a name given twice in one object. RFC 8259 says names SHOULD be
// unique and JSON.parse keeps the last one silently, so such a body means one thing here and may mean another to the
// server it stands in for: refused, naming the object and the name (Reliability guide).
import { MAX_BODY_DEPTH } from './body-bounds.js';
import { httpError } from './http-error.js';

/** An open object or array: where it is (its name or index in its parent) and, for an object, the names it has. One
 *  frame per level, reused by every object or array opened at that level, so a body of many small objects allocates
 *  no Set for each. */
interface Frame {
  at: string;
  isObject: boolean;
  names: Set<string>;
  /** An object: the name of the member being read; an array: the index of the element being read. */
  member: string;
  index: number;
  /** An object before a member's name (after `{` or `,`). */
  expectName: boolean;
}

/** Names and indexes as they appear in messages, a hostile long one cut short. */
const shown = (name: string): string => (name.length > 100 ? `${name.slice(0, 100)}...` : name);

/** The value of a JSON body, or a 400: not JSON (`InvalidBody`), too deep (`BodyTooDeep`), a duplicate name (`DuplicateKey`). */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw httpError(400, `the request body is not valid JSON: ${(err as Error).message}`, 'InvalidBody');
  }
  checkJsonText(text);
  return value;
}

/** One pass over JSON text that JSON.parse accepted: linear in its length (each name is hashed once). */
function checkJsonText(text: string): void {
  const frames: Frame[] = Array.from({ length: MAX_BODY_DEPTH }, () => ({ at: '', isObject: false, names: new Set<string>(), member: '', index: 0, expectName: false }));
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const top = depth > 0 ? frames[depth - 1]! : undefined;
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth >= MAX_BODY_DEPTH) throw httpError(400, `the request body is nested deeper than ${MAX_BODY_DEPTH} levels`, 'BodyTooDeep');
      const frame = frames[depth++]!;
      frame.at = top ? (top.isObject ? top.member : String(top.index)) : '';
      frame.isObject = c === 0x7b;
      frame.names.clear();
      frame.index = 0;
      frame.expectName = frame.isObject;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (c === 0x2c /* , */ && top) {
      if (top.isObject) top.expectName = true;
      else top.index++;
    } else if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) {
          escaped = true;
          i++;
        }
      }
      if (!top?.expectName) continue;
      // `"a"` and `"\u0061"` are one name.
      const name = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
      if (top.names.has(name)) {
        const where = ['body', ...frames.slice(1, depth).map((f) => shown(f.at))].join('.');
        throw httpError(400, `${where} has the property ${JSON.stringify(shown(name))} twice: send each name once`, 'DuplicateKey');
      }
      top.names.add(name);
      top.member = name;
      top.expectName = false;
    }
  }
}
