import type { Prng } from './prng.js';

/**
 * A string matching a regular expression `pattern`, for the simple patterns documents use
 * (`^[A-Z]{3}-[0-9]{4}$`, `^-?[0-9]+(\.[0-9]+)?$`): literals, classes, `\d \w \s .`, groups with
 * alternatives (the first is taken), and the quantifiers `? * + {n} {n,} {n,m}`. Returns undefined
 * for what it does not understand; the caller checks the result against the pattern anyway.
 */
export function fromPattern(pattern: string, prng: Prng): string | undefined {
  try {
    return generate(firstAlternative(pattern.replace(/^\^/, '').replace(/\$$/, '')), prng, 0);
  } catch {
    return undefined;
  }
}

function firstAlternative(p: string): string {
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '[') i = closing(p, i, '[', ']');
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return p.slice(0, i);
  }
  return p;
}

function closing(p: string, at: number, open: string, close: string): number {
  let depth = 0;
  for (let i = at; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === open && (open !== '[' || i === at)) depth++;
    else if (p[i] === close && --depth === 0) return i;
  }
  throw new Error('unbalanced');
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

function generate(p: string, prng: Prng, depth: number): string {
  if (depth > 8) throw new Error('too deep');
  let out = '';
  for (let i = 0; i < p.length; ) {
    let atom: () => string;
    const c = p[i]!;
    if (c === '[') {
      const end = closing(p, i, '[', ']');
      const chars = classChars(p.slice(i + 1, end));
      atom = () => prng.pick(chars);
      i = end + 1;
    } else if (c === '(') {
      const end = closing(p, i, '(', ')');
      const inner = firstAlternative(p.slice(i + 1, end).replace(/^\?:/, ''));
      atom = () => generate(inner, prng, depth + 1);
      i = end + 1;
    } else if (c === '\\') {
      const e = p[i + 1] ?? '';
      const set = e === 'd' ? DIGITS : e === 'w' ? UPPER + LOWER + DIGITS : e === 's' ? ' ' : undefined;
      atom = set ? () => prng.pick([...set]) : () => e;
      i += 2;
    } else if (c === '.') {
      atom = () => prng.pick([...LOWER]);
      i++;
    } else if ('^$|)*+?{'.includes(c)) {
      throw new Error(`unsupported ${c}`);
    } else {
      atom = () => c;
      i++;
    }
    let min = 1;
    let max = 1;
    const q = p[i];
    if (q === '?') [min, max, i] = [0, 1, i + 1];
    else if (q === '*') [min, max, i] = [0, 3, i + 1];
    else if (q === '+') [min, max, i] = [1, 4, i + 1];
    else if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
      if (!m) throw new Error('bad quantifier');
      min = Number(m[1]);
      max = m[2] ? (m[3] ? Number(m[3]) : min + 3) : min;
      i += m[0].length;
    }
    const n = prng.int(min, Math.min(max, min + 3));
    for (let k = 0; k < n; k++) out += atom();
  }
  return out;
}

function classChars(body: string): string[] {
  if (body.startsWith('^')) return ['x'];
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    let c = body[i]!;
    if (c === '\\') {
      const e = body[++i] ?? '';
      if (e === 'd') chars.push(...DIGITS);
      else if (e === 'w') chars.push(...UPPER, ...LOWER, ...DIGITS);
      else chars.push(e);
      continue;
    }
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const to = body[i + 2]!;
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0) && chars.length < 200; code++) chars.push(String.fromCharCode(code));
      i += 2;
      continue;
    }
    chars.push(c);
  }
  if (!chars.length) throw new Error('empty class');
  return chars;
}
